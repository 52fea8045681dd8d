package import JSONTree
package import TUI
package import Workspace

/// How the response pane shows the selected request's last result: the tab, the JSON tree's
/// folds, selection and scroll, search and JSONPath filter, and the Raw view's options.
package struct ResponseViewState: Sendable, Equatable {
    package var tab: ResponseTab = .tree
    /// The tree over the shown document (the filtered one while a JSONPath filter is on).
    package var tree: JSONTreeView?
    /// The generation of the result `tree` was built for.
    package var treeGeneration: Int?
    /// `tree` is of a body still arriving (a partial result): the next partial one, and the whole
    /// one, keep its folds and selection.
    package var treePartial = false
    package var selectedRow = 0
    package var offset = 0
    /// Raw / Headers / Timings / Checks / History scroll (rows).
    package var scroll = 0
    /// Raw wraps long lines; kept from one response to the next, like the pretty/exact choice.
    package var rawWrap = false
    /// With wrap off, how many bytes of each line the Raw tab's text starts after (←/→): the rest
    /// of a long line was out of reach.
    package var rawColumn = 0
    /// Raw shows a hex dump; kept for the next response too (comparing the bytes of two answers
    /// is what it is for), like wrap and the pretty/exact choice.
    package var rawHex = false
    /// Pretty-printed Raw for JSON bodies (false: the exact bytes).
    package var rawPretty = true
    /// The error card's technical detail is unfolded (`t`).
    package var detailsOpen = false
    package var search = TreeSearchState()
    package var filter = JSONPathFilterState()
    /// The history list of the selected request, newest first.
    package var history: [HistoryEntry] = []
    package var historySelected = 0
    /// A history entry opened in the response views instead of the live result (Esc leaves it).
    package var openedHistory: HistoryEntry?
    /// The opened entry as a result the views show like a live one.
    package var openedHistoryResult: ExchangeResult?
    /// The last tree height drawn, for paging and keeping the selection visible.
    package var pageSize = 10
    /// The contract findings on the tree's document, in document order: the rows they mark and
    /// what `f`/`F` step through.
    package var findings: [TreeFinding] = []
    /// The finding `f`/`F` last moved to.
    package var currentFinding: Int?

    /// The GraphQL reading of the tree's document (issue 28): its `errors`, shown on a line above
    /// the tree and as findings `f`/`F` step through.
    package var graphql: GraphQLResponse?
    /// The error picked in the GraphQL errors list above the tree (an index into its `errors`).
    package var graphqlErrorSelected = 0
    /// The errors list has the keyboard (`e` in the tree; Esc gives it back to the tree).
    package var graphqlErrorsFocused = false

    /// The stream event selected (its stream index); nil follows the newest.
    package var streamSelected: Int?
    /// How many events held the stream search's pattern when it last ran or stepped (in memory, and
    /// older ones once the spill file answered).
    package var streamMatchCount: Int?
    /// The search of the same pattern over the events older than those in memory (a spilled stream).
    package var streamOlderSearch: StreamOlderSearch?
    /// The `|` filter over the stream shown (a JSONPath): only the events it selects something in.
    package var streamFilter: String?
    /// The stream event opened as a JSON tree (Enter on it; Esc returns to the stream).
    package var openedStreamEvent: Int?
    /// The events of the opened history entry, when its answer was a stream.
    package var openedHistoryStream: StreamLog?

    package init() {}

    /// `keepingPattern`: the last `/` pattern stays (a stream that ended shows the same events).
    package mutating func resetForNewResult(keepingPattern: Bool = false) {
        let pattern = search.lastPattern
        openedStreamEvent = nil
        tree = nil
        treeGeneration = nil
        treePartial = false
        findings = []
        currentFinding = nil
        graphql = nil
        graphqlErrorSelected = 0
        graphqlErrorsFocused = false
        selectedRow = 0
        offset = 0
        rawColumn = 0
        scroll = 0
        // A search or filter being typed stays open with its text: the keys that follow are still
        // its text, not commands (a `q` would quit).
        var search = TreeSearchState()
        if self.search.isEditing {
            search.isEditing = true
            search.query = self.search.query
        }
        var filter = JSONPathFilterState()
        if self.filter.isEditing {
            filter.isEditing = true
            filter.query = self.filter.query
        }
        if keepingPattern, !search.isEditing {
            search.lastPattern = pattern
            search.query.insert(pattern)
        }
        self.search = search
        self.filter = filter
        detailsOpen = false
    }

    /// Keeps the selected row on screen.
    package mutating func scrollToSelection() {
        let height = max(1, pageSize)
        if selectedRow < offset { offset = selectedRow }
        if selectedRow >= offset + height { offset = selectedRow - height + 1 }
        offset = max(0, offset)
    }
}

/// `/` in the tree: the query being typed, the matches found so far and which one is shown.
package struct TreeSearchState: Sendable, Equatable {
    package var query = TextEditorState(singleLine: true)
    package var isEditing = false
    package var matches: [JSONNode] = []
    package var current: Int?
    package var lastPattern = ""

    package init() {}

    /// The match `n`/`N` last moved to.
    package var currentMatch: JSONNode? {
        current.flatMap { matches.indices.contains($0) ? matches[$0] : nil }
    }
}

/// `|` in the tree: a JSONPath that narrows the tree to the values it selects.
package struct JSONPathFilterState: Sendable, Equatable {
    package var query = TextEditorState(singleLine: true)
    package var isEditing = false
    /// The query applied to the tree now (nil: no filter).
    package var applied: String?
    /// The document of the selected values (an array of them), shown instead of the body.
    package var document: JSONDocument?
    /// The query's error, shown in place.
    package var error: String?
    /// Each selected value's JSONPath in the response, in the filtered array's order.
    package var paths: [String] = []
    /// The query asked for and not answered yet: a body that grows meanwhile asks it again over
    /// the larger document, so the answer to the smaller one is not the last shown.
    package var asked: String?

    package init() {}

    /// The JSONPath in the response of `filteredPath`, a path in the filtered array (`$[2].name`
    /// → `$.users[2].name` when the third value selected was `$.users[2]`); the query for the
    /// array itself.
    package func responsePath(of filteredPath: String) -> String {
        guard filteredPath.hasPrefix("$["), let close = filteredPath.firstIndex(of: "]"),
            let index = Int(filteredPath[filteredPath.index(filteredPath.startIndex, offsetBy: 2)..<close]),
            paths.indices.contains(index)
        else { return filteredPath == "$" ? applied ?? filteredPath : filteredPath }
        return paths[index] + filteredPath[filteredPath.index(after: close)...]
    }
}

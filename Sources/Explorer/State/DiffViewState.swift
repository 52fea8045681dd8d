package import JSONDiff
package import JSONTree
package import Replay
package import Workspace

/// The Diff view's slice state: the history entry marked for comparison, the comparison being
/// computed (its generation), and the view of the last one.
package struct DiffState: Equatable, Sendable {
    /// The entry `m` marked in the History tab; the next `m` on another entry compares the two.
    package var marked: HistoryEntry?
    /// The generation of the comparison being computed; a result of another is dropped.
    package var pending: Int?
    package var generation = 0
    package var view: DiffViewState?

    package init(marked: HistoryEntry? = nil, pending: Int? = nil, generation: Int = 0, view: DiffViewState? = nil) {
        self.marked = marked
        self.pending = pending
        self.generation = generation
        self.view = view
    }
}

/// Two JSON bodies side by side (`JSONDiffRows`): the changes marked, unchanged subtrees folded
/// (the user may unfold them: the documents are kept for that), the cursor and the scroll.
package struct DiffViewState: Equatable, Sendable {
    package var leftTitle: String
    package var rightTitle: String
    package var rows: [JSONDiffRow]
    /// `3 changes: 1 added, 1 removed, 1 changed`.
    package var summary: String
    /// The cursor's row: the first change when the view opens, then where the keys move it.
    package var current: Int?
    package var scroll = 0
    package var isShown = true
    /// The two bodies the rows show, to unfold an unchanged subtree from (nil: rows only).
    package var documents: DiffDocuments?
    /// The folded row each unfolded subtree replaced, by its left value's tape index.
    package var unfolded: [Int: JSONDiffRow] = [:]

    package init(
        leftTitle: String, rightTitle: String, rows: [JSONDiffRow], summary: String, documents: DiffDocuments? = nil
    ) {
        self.leftTitle = leftTitle
        self.rightTitle = rightTitle
        self.rows = rows
        self.summary = summary
        self.documents = documents
        self.current = rows.firstIndex(where: \.isChange) ?? (rows.isEmpty ? nil : 0)
    }

    /// The rows that are changes, in order.
    package var changeRows: [Int] { rows.indices.filter { rows[$0].isChange } }
}

/// A request to send in another environment, and the body shown to compare its answer with.
package struct DiffEnvironmentJob: Equatable, Sendable {
    package var generation = 0
    package var item: RunPlan.Item
    package var environment: String
    package var captures: [String: [String: VariableScope.Value]]
    package var answers: [String: String]
    package var leftTitle: String
    package var left: [UInt8]

    package init(
        item: RunPlan.Item, environment: String, captures: [String: [String: VariableScope.Value]],
        answers: [String: String], leftTitle: String, left: [UInt8]
    ) {
        self.item = item
        self.environment = environment
        self.captures = captures
        self.answers = answers
        self.leftTitle = leftTitle
        self.left = left
    }
}

/// A comparison to compute off the main queue: two bodies and what to call them.
package struct DiffJob: Equatable, Sendable {
    package var generation: Int
    package var leftTitle: String
    package var rightTitle: String
    package var left: [UInt8]
    package var right: [UInt8]

    package init(generation: Int, leftTitle: String, rightTitle: String, left: [UInt8], right: [UInt8]) {
        self.generation = generation
        self.leftTitle = leftTitle
        self.rightTitle = rightTitle
        self.left = left
        self.right = right
    }
}

/// The two parsed bodies of a comparison (equal when parsed from the same bytes).
package struct DiffDocuments: Equatable, Sendable {
    package var left: JSONDocument
    package var right: JSONDocument

    package init(left: JSONDocument, right: JSONDocument) {
        self.left = left
        self.right = right
    }
}

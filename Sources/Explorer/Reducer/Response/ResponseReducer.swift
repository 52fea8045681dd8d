package import JSONTree
package import TUI
package import Workspace

/// The response pane's slice: reduces only `ResponseViewState` (the tab, the JSON tree's folds,
/// selection and scroll, search and JSONPath filter, Raw's options, history). What it needs of
/// the rest comes in a `Context` (the selected request's live result and name); what it asks of
/// the rest goes back in an `Outcome`: effects (copy, search, filter), a notice, and requests the
/// root carries out (send again, open a dialog, focus the pane).
package enum ResponseReducer: SliceReducer {
    package enum Action: Equatable, Sendable {
        case navigate(NavigationAction)
        case command(ResponseCommand)
        /// A key typed into the tree's search or filter field.
        case type(KeyEvent)
        /// Text pasted into the tree's search or filter field.
        case paste(String)
        /// Esc in the search or filter field: it closes, its text stays.
        case endTyping
        /// Esc in the GraphQL errors list: the tree takes the keyboard back.
        case leaveGraphQLErrors
        /// Esc over a stream event opened as a tree: the stream comes back.
        case closeStreamEvent
        /// The request's `stream.join` changed while a history entry's stream is shown.
        case historyStreamJoin(String?)
        case searchFinished(
            generation: Int, pattern: String, matches: [JSONNode], error: String?, refresh: Bool = false)
        /// The stream's spill file answered a `/` search over the events older than those in memory.
        case olderStreamMatches(generation: Int, pattern: String, Range<Int>, [Int])
        case filterFinished(
            generation: Int, query: String, Result<JSONFilterResult, FilterFailure>, refresh: Bool = false)
        /// The selected request's history, oldest first (as stored).
        case historyLoaded([HistoryEntry])
        /// The pane shows the live result afresh: a send of the selected request ended, or Esc
        /// left the history entry opened.
        case showLatest
        /// The send in flight was cancelled: what the pane showed of the last result is reset.
        case resultCancelled
        /// Another request was selected: nothing of the last one's response stays.
        case selectionChanged
        /// The selected request's send answers with a stream: its events are shown, following the newest.
        case streamStarted
        /// The selected request's body, still arriving, has a new partial tree (the live result).
        case previewUpdated
        /// A click on a tab title.
        case selectTab(ResponseTab)
        /// A click on a tree row: selects it; a click on the selected row folds or unfolds it.
        case click(treeRow: Int)
        /// A click on an error of the GraphQL errors list: the tree goes to its node.
        case clickGraphQLError(Int)
        /// The Runner opened a run's exchange (the newest history entry), with the checks the run
        /// evaluated (history does not keep them).
        case openNewestHistory(checks: [CheckResult])
        /// The history browser showed an entry (of the selected request, or of one deleted since).
        case openEntry(HistoryEntry)
        /// The request's checks ran again against the opened entry `entryID`: shown in the Checks tab.
        case rechecked(entryID: String, checks: [CheckResult], snapshot: SnapshotProposal?)
        /// The opened entry's response was written as the snapshot: its check passes.
        case snapshotAccepted
    }

    package struct Context: Equatable, Sendable {
        /// The selected request's last live result (shown unless a history entry is opened).
        package var liveResult: ExchangeResult?
        /// The selected request's name: a saved body's file is named after it.
        package var requestName: String?
        /// The oauth2 authorization address of the send in flight, while it waits for the browser.
        package var authorizationURL: String?
        /// The shown stream's events, when the response is a stream (its moves, search and filter).
        package var streamLog: StreamLog?
        /// The selected request and its `stream.join` path (`J` edits it).
        package var requestKey: RequestKey?
        package var streamJoin: String?

        package init(liveResult: ExchangeResult? = nil, requestName: String? = nil, authorizationURL: String? = nil) {
            self.liveResult = liveResult
            self.requestName = requestName
            self.authorizationURL = authorizationURL
        }
    }

    /// What the slice asks the root to do.
    package enum Request: Equatable, Sendable {
        /// Send the selected request again (`r` on an error card).
        case send
        /// Ask where to save the shown response as a mock route.
        case saveMockRoute
        /// Open the Cookies dialog of the current collection's environment.
        case openCookies
        case openOverlay(Overlay)
        /// Give the response pane the focus (a Raw switch chosen from the palette).
        case focusResponse
        /// Ask to write the shown response as the request's snapshot.
        case acceptSnapshot
        /// Run the request's checks against a history entry.
        case recheckHistory
        /// Put the GraphQL query's cursor at this place (1-based; a GraphQL error's location).
        case goToQuery(line: Int, column: Int)
    }

    package typealias Outcome = SliceRequests<Request>

    package static func reduce(_ state: inout ResponseViewState, _ action: Action, _ context: Context) -> Outcome {
        let shown = state.openedHistoryResult ?? context.liveResult
        switch action {
        case .navigate(let navigation):
            if let log = context.streamLog, state.tab == .tree, state.openedStreamEvent == nil {
                navigateStream(navigation, StreamRows(log), &state)
                return Outcome()
            }
            if state.graphqlErrorsFocused, state.tab == .tree {
                navigateGraphQLErrors(navigation, &state)
                return Outcome()
            }
            navigate(navigation, shown, &state)
            return Outcome()
        case .streamStarted:
            // The new send's events replace a history entry shown before (its own stream).
            if state.openedHistory != nil { closeHistory(context, &state) }
            state.tab = .tree
            state.streamSelected = nil
            state.streamOlderSearch = nil
            if state.openedStreamEvent != nil {
                state.openedStreamEvent = nil
                state.tree = nil
            }
            state.scroll = 0
            return Outcome()
        case .command(let command):
            return perform(command, context, &state)
        case .type(let key):
            if let log = context.streamLog, state.openedStreamEvent == nil, state.search.isEditing,
                key == KeyEvent(.enter)
            {
                state.search.isEditing = false
                return searchStream(state.search.query.text, log, key: context.requestKey, &state)
            }
            if context.streamLog != nil, state.openedStreamEvent == nil, state.filter.isEditing,
                key == KeyEvent(.enter)
            {
                return filterStream(&state)
            }
            return type(key, shown, &state)
        case .paste(let text):
            if state.search.isEditing {
                state.search.query.insert(text)
            } else if state.filter.isEditing {
                state.filter.query.insert(text)
            }
            return Outcome()
        case .endTyping:
            state.search.isEditing = false
            state.filter.isEditing = false
            return Outcome()
        case .leaveGraphQLErrors:
            state.graphqlErrorsFocused = false
            return Outcome()
        case .closeStreamEvent:
            closeStreamEvent(context, &state)
            return Outcome()
        case .historyStreamJoin(let path):
            state.openedHistoryStream?.join(path)
            return Outcome()
        case .olderStreamMatches(let generation, let pattern, let range, let indexes):
            return olderStreamMatches(generation: generation, pattern: pattern, range: range, indexes, &state)
        case .searchFinished(let generation, let pattern, let matches, let error, let refresh):
            // (0: no result yet, as for a stream event opened while the stream arrives.)
            guard (shown?.generation ?? 0) == generation, state.search.lastPattern == pattern else {
                return Outcome()
            }
            if refresh { return searchRefreshed(matches, error, shown, &state) }
            return searchFinished(pattern, matches, error, &state)
        case .filterFinished(let generation, let query, let result, let refresh):
            guard shown?.generation == generation else { return Outcome() }
            if refresh { return filterRefreshed(query, result, shown, &state) }
            return filterFinished(query, result, shown, &state)
        case .historyLoaded(let entries):
            state.history = entries.reversed()
            state.historySelected = min(state.historySelected, max(0, entries.count - 1))
            // Nothing sent in this session (a restart): the newest entry is shown, marked as from
            // history, instead of "Not sent yet" over a request that has answers on record.
            if context.liveResult == nil, state.openedHistory == nil, let newest = state.history.first {
                state.resetForNewResult()
                state.openedHistory = newest
                state.openedHistoryStream = HistoryStream.log(newest, join: context.streamJoin)
                state.openedHistoryResult = HistoryResult.make(newest, index: 0)
                buildTree(context.liveResult, &state)
            }
            return Outcome()
        case .showLatest:
            // A stream's own end: the Stream view goes on showing the same events, and its `/`
            // pattern stays with them (`n`/`N` go on working).
            let streamEnded =
                state.openedHistory == nil && context.streamLog != nil
                && context.streamLog?.generation == context.liveResult?.generation
            // The whole body of a tree that showed it arriving: the same tree, grown.
            if let result = context.liveResult, let partial = partialTree(of: result, state) {
                let outcome = grow(partial, to: result, &state)
                state.treePartial = false
                return outcome
            }
            closeHistory(context, keepingPattern: streamEnded, &state)
            return Outcome()
        case .previewUpdated:
            guard state.openedHistory == nil, let result = context.liveResult else { return Outcome() }
            guard let partial = partialTree(of: result, state) else {
                state.resetForNewResult()
                buildTree(result, &state)
                state.treePartial = true
                return Outcome()
            }
            let outcome = grow(partial, to: result, &state)
            state.treePartial = true
            return outcome
        case .resultCancelled:
            state.resetForNewResult()
            return Outcome()
        case .selectionChanged:
            state.history = []
            state.streamSelected = nil
            state.streamOlderSearch = nil
            state.streamFilter = nil
            state.openedStreamEvent = nil
            closeHistory(context, &state)
            return Outcome()
        case .selectTab(let tab):
            state.tab = tab
            state.scroll = 0
            return Outcome()
        case .click(let row):
            guard state.tab == .tree, let tree = state.tree, row < tree.rowCount else { return Outcome() }
            let wasSelected = state.selectedRow == row
            state.selectedRow = row
            return wasSelected ? treeToggle(&state) : Outcome()
        case .clickGraphQLError(let graphqlError):
            guard let errors = shownGraphQLErrors(state), errors.indices.contains(graphqlError) else {
                return Outcome()
            }
            state.graphqlErrorSelected = graphqlError
            return goToGraphQLErrorNode(&state)
        case .openEntry(let entry):
            state.resetForNewResult()
            state.openedHistory = entry
            state.openedHistoryStream = HistoryStream.log(entry, join: context.streamJoin)
            let index = state.history.firstIndex { $0.id == entry.id } ?? 0
            state.openedHistoryResult = HistoryResult.make(entry, index: index)
            state.historySelected = index
            state.tab = .tree
            buildTree(context.liveResult, &state)
            return Outcome()
        case .rechecked(let entryID, let checks, let snapshot):
            guard state.openedHistory?.id == entryID, case .response(var response)? = state.openedHistoryResult?.outcome
            else { return Outcome() }
            response.checks = checks
            response.snapshot = snapshot
            state.openedHistoryResult?.outcome = .response(response)
            state.tab = .checks
            state.scroll = 0
            return Outcome()
        case .snapshotAccepted:
            if case .response(var response)? = state.openedHistoryResult?.outcome {
                response.snapshotAccepted()
                state.openedHistoryResult?.outcome = .response(response)
            }
            return Outcome()
        case .openNewestHistory(let checks):
            guard !state.history.isEmpty else { return Outcome() }
            state.tab = .history
            state.historySelected = 0
            let outcome = perform(.open, context, &state)
            if !checks.isEmpty, case .response(var response)? = state.openedHistoryResult?.outcome {
                response.checks = checks
                state.openedHistoryResult?.outcome = .response(response)
            }
            return outcome
        }
    }

    /// Back to the live result: an opened history entry closes, the tree is built anew.
    private static func closeHistory(_ context: Context, keepingPattern: Bool = false, _ state: inout ResponseViewState)
    {
        state.openedStreamEvent = nil
        state.resetForNewResult(keepingPattern: keepingPattern)
        state.openedHistory = nil
        state.openedHistoryStream = nil
        state.openedHistoryResult = nil
        buildTree(context.liveResult, &state)
    }

    /// The tree of a body still arriving that `result` (the same send, further on) takes over,
    /// with its selection and scroll.
    private static func partialTree(of result: ExchangeResult?, _ state: ResponseViewState)
        -> (tree: JSONTreeView, selectedRow: Int, offset: Int)?
    {
        guard state.treePartial, state.openedHistory == nil, let tree = state.tree,
            state.treeGeneration == result?.generation
        else { return nil }
        return (tree, state.selectedRow, state.offset)
    }

    /// The tree just built keeps the folds, selection and scroll of the partial one before it:
    /// its document starts as the partial one's did (`JSONPrefix`), so they mean the same rows. A
    /// selection on the partial tree's last row (`G`) follows the end as the tree grows, as a
    /// followed log does.
    static func carry(
        _ partial: (tree: JSONTreeView, selectedRow: Int, offset: Int), _ state: inout ResponseViewState
    ) {
        guard var tree = state.tree else { return }
        // Folded as a new tree is (only the root open), the tree just built is it already: a
        // second layout of a large body's root would cost what the first did.
        if partial.tree.expandedByDefault || partial.tree.exceptions != [0] {
            tree = JSONTreeView(document: tree.document, carrying: partial.tree)
            state.tree = tree
        }
        let last = max(0, tree.rowCount - 1)
        if partial.selectedRow > 0, partial.selectedRow == partial.tree.rowCount - 1 {
            state.selectedRow = last
            state.offset = partial.offset
            state.scrollToSelection()
        } else {
            state.selectedRow = min(partial.selectedRow, last)
            state.offset = min(partial.offset, state.selectedRow)
        }
    }

    /// Builds the tree of the shown result (when its body is JSON).
    static func buildTree(_ live: ExchangeResult?, _ state: inout ResponseViewState) {
        guard let result = state.openedHistoryResult ?? live, case .json(let document)? = result.response?.content
        else {
            state.tree = nil
            state.treeGeneration = nil
            state.graphql = nil
            state.graphqlErrorsFocused = false
            return
        }
        guard state.treeGeneration != result.generation else { return }
        state.tree = JSONTreeView(document: document)
        state.treeGeneration = result.generation
        state.selectedRow = 0
        state.offset = 0
        state.graphql = GraphQLResponse(document)
        state.graphqlErrorSelected = 0
        state.graphqlErrorsFocused = false
        state.findings = TreeFinding.make(result.response?.checks ?? [], in: document)
        if let graphql = state.graphql, !graphql.errors.isEmpty {
            state.findings = (state.findings + TreeFinding.graphqlErrors(graphql, in: document)).sorted {
                $0.node.index < $1.node.index
            }
        }
        state.currentFinding = nil
    }
}

import Explorer
import ExplorerTesting
import Foundation
import JSONTree
import TUI
import Testing
import Workspace

/// The response slice on its own, step by step and exhaustively: the tree's moves and folds, the
/// search and the JSONPath filter (their results dropped when they belong to another result),
/// copying, the requests it makes of the root (a dialog, a send, the focus), history.
struct ResponseSliceTests {
    private let live: ExchangeResult
    private let document: JSONDocument

    init() throws {
        live = try Results.json(Results.users, generation: 3)
        document = try JSONDocument(text: Results.users)
    }

    /// The slice showing the users answer, its tree built (the root open: 4 rows).
    private func answered() -> SliceStepDriver<ResponseReducer> {
        var steps = SliceStepDriver<ResponseReducer>(
            state: ResponseViewState(), context: ResponseReducer.Context(liveResult: live, requestName: "List users"))
        steps.step(.showLatest) {
            $0.tree = JSONTreeView(document: document)
            $0.treeGeneration = 3
        }
        return steps
    }

    /// The `index`th user, or its address's city.
    private func user(_ index: Int, city: Bool = false) throws -> JSONNode {
        let user = try #require(document.child(document.root, at: index))
        guard city else { return user }
        let address = try #require(document.child(user, key: "address"))
        return try #require(document.child(address, key: "city"))
    }

    @Test func theTreeMovesFoldsAndKeepsTheCursorOnTheSameValue() throws {
        var steps = answered()
        let first = try user(0)
        steps.step(.navigate(.down)) { $0.selectedRow = 1 }
        steps.step(.navigate(.right)) { $0.tree?.expand(first) }
        steps.step(.navigate(.down)) { $0.selectedRow = 2 }
        steps.step(.navigate(.down)) { $0.selectedRow = 3 }
        // h on a leaf goes to its parent; h again folds it.
        steps.step(.navigate(.left)) { $0.selectedRow = 1 }
        steps.step(.navigate(.left)) { $0.tree?.collapse(first) }
        steps.step(.navigate(.bottom)) { $0.selectedRow = 3 }
        steps.step(.navigate(.down))
        steps.step(.navigate(.top)) { $0.selectedRow = 0 }
        steps.step(.navigate(.up))
        // Unfolding everything keeps the cursor on the value it was on.
        steps.step(.navigate(.down)) { $0.selectedRow = 1 }
        steps.step(.command(.expandAll)) { $0.tree?.expandAll() }
        steps.step(.command(.depth1)) {
            $0.tree?.collapseAll()
            $0.tree?.expand(self.document.root)
        }
        #expect(steps.state.tree?.rowCount == 4)
        steps.step(.command(.depth2)) {
            for node in [self.document.root] + self.document.children(self.document.root) { $0.tree?.expand(node) }
        }
        #expect(steps.state.tree?.rowCount == 14)
        steps.step(.command(.collapseAll)) {
            $0.tree?.collapseAll()
            $0.selectedRow = 0
        }
        #expect(steps.state.tree?.rowCount == 4)
    }

    @Test func aSearchAsksTheWorkQueueAndItsMatchesMoveTheCursor() throws {
        var steps = answered()
        steps.step(.command(.search)) {
            $0.search.isEditing = true
            $0.search.query.selectAll()
        }
        for key in "city" {
            steps.step(.type(.char(key))) { _ = $0.search.query.handle(.char(key)) }
        }
        #expect(steps.state.search.query.text == "city")
        steps.step(
            .type(KeyEvent(.enter)),
            outcome: ResponseReducer.Outcome(effects: [.search(generation: 3, pattern: "city", document: document)])
        ) {
            $0.search.isEditing = false
            $0.search.lastPattern = "city"
        }
        let matches = [try user(0, city: true), try user(1, city: true)]
        // Another pattern's or another result's matches are dropped.
        steps.step(.searchFinished(generation: 3, pattern: "zip", matches: matches, error: nil))
        steps.step(.searchFinished(generation: 4, pattern: "city", matches: matches, error: nil))
        steps.step(
            .searchFinished(generation: 3, pattern: "city", matches: matches, error: nil),
            outcome: ResponseReducer.Outcome(notice: Notice("2 matches (n/N)", kind: .info))
        ) {
            $0.search.matches = matches
            $0.search.current = 0
            $0.tree?.reveal(matches[0])
            $0.selectedRow = $0.tree?.row(of: matches[0]) ?? -1
            $0.scrollToSelection()
        }
        steps.step(.command(.nextMatch)) {
            $0.search.current = 1
            $0.tree?.reveal(matches[1])
            $0.selectedRow = $0.tree?.row(of: matches[1]) ?? -1
            $0.scrollToSelection()
        }
        steps.step(.command(.nextMatch)) {
            $0.search.current = 0
            $0.selectedRow = $0.tree?.row(of: matches[0]) ?? -1
            $0.scrollToSelection()
        }
        // No match: said, then said again by n.
        steps.step(.command(.search)) {
            $0.search.isEditing = true
            $0.search.query.selectAll()
        }
        steps.step(.paste("zzz")) { $0.search.query.insert("zzz") }
        steps.step(
            .type(KeyEvent(.enter)),
            outcome: ResponseReducer.Outcome(effects: [.search(generation: 3, pattern: "zzz", document: document)])
        ) {
            $0.search.isEditing = false
            $0.search.lastPattern = "zzz"
            $0.search.matches = []
            $0.search.current = nil
        }
        let none = ResponseReducer.Outcome(notice: Notice("No match for \"zzz\"", kind: .warning))
        steps.step(.searchFinished(generation: 3, pattern: "zzz", matches: [], error: nil), outcome: none)
        steps.step(.command(.nextMatch), outcome: none)
    }

    @Test func aJSONPathFilterNarrowsTheTreeAndAnEmptyOneGivesTheBodyBack() throws {
        var steps = answered()
        steps.step(.command(.filter)) {
            $0.filter.isEditing = true
            $0.filter.query.selectAll()
        }
        steps.step(.paste("$[*].name")) { $0.filter.query.insert("$[*].name") }
        steps.step(
            .type(KeyEvent(.enter)),
            outcome: ResponseReducer.Outcome(effects: [.filter(generation: 3, query: "$[*].name", document: document)])
        ) {
            $0.filter.isEditing = false
            $0.filter.asked = "$[*].name"
        }
        let selected = try JSONDocument(text: #"["Ada","Grace"]"#)
        let result = JSONFilterResult(document: selected, count: 2, paths: ["$[0]['name']", "$[1]['name']"])
        steps.step(.filterFinished(generation: 2, query: "$[*].name", .success(result)))
        steps.step(
            .filterFinished(generation: 3, query: "$[*].name", .success(result)),
            outcome: ResponseReducer.Outcome(notice: Notice("2 values selected by $[*].name", kind: .info))
        ) {
            $0.filter.asked = nil
            $0.filter.applied = "$[*].name"
            $0.filter.document = selected
            $0.filter.paths = result.paths
            $0.tree = JSONTreeView(document: selected)
            $0.tree?.expandAll()
        }
        // Y copies the path in the response, not in the filtered array.
        steps.step(.navigate(.down)) { $0.selectedRow = 1 }
        steps.step(
            .command(.copyPath),
            outcome: ResponseReducer.Outcome(
                effects: [.copy("$[0]['name']")], notice: Notice("Copied path: $[0]['name']", kind: .info)))
        steps.step(.filterFinished(generation: 3, query: "$[", .failure(FilterFailure(message: "bad")))) {
            $0.filter.error = "bad"
        }
        steps.step(.command(.filter)) {
            $0.filter.isEditing = true
            $0.filter.query.selectAll()
        }
        steps.step(.type(KeyEvent(.backspace))) { _ = $0.filter.query.handle(KeyEvent(.backspace)) }
        #expect(steps.state.filter.query.text.isEmpty)
        steps.step(.type(KeyEvent(.enter))) {
            $0.filter.isEditing = false
            $0.filter.applied = nil
            $0.filter.document = nil
            $0.filter.error = nil
            $0.tree = JSONTreeView(document: self.document)
            $0.selectedRow = 0
        }
    }

    @Test func aLongStringAsksForTheViewerAndCopyingSaysWhatItCopied() throws {
        let long = String(repeating: "lorem ipsum ", count: 12)
        let text = #"{"text":"\#(long)","short":"hi"}"#
        var steps = SliceStepDriver<ResponseReducer>(
            state: ResponseViewState(),
            context: ResponseReducer.Context(liveResult: try Results.json(text, generation: 1)))
        let document = try JSONDocument(text: text)
        steps.step(.showLatest) {
            $0.tree = JSONTreeView(document: document)
            $0.treeGeneration = 1
        }
        steps.step(.navigate(.down)) { $0.selectedRow = 1 }
        steps.step(
            .command(.open),
            outcome: ResponseReducer.Outcome(
                requests: [.openOverlay(.viewer(title: "$['text']", text: long, scroll: 0))]))
        steps.step(.navigate(.down)) { $0.selectedRow = 2 }
        steps.step(.command(.treeToggle))
        steps.step(
            .command(.copyValue),
            outcome: ResponseReducer.Outcome(effects: [.copy("hi")], notice: Notice("Copied value: hi", kind: .info)))
    }

    @Test func commandsTheRootCarriesOutComeBackAsRequests() throws {
        var steps = answered()
        steps.step(.command(.retry), outcome: ResponseReducer.Outcome(requests: [.send]))
        steps.step(.command(.saveMock), outcome: ResponseReducer.Outcome(requests: [.saveMockRoute]))
        steps.step(
            .command(.save),
            outcome: ResponseReducer.Outcome(
                requests: [
                    .openOverlay(
                        .prompt(
                            PromptState(
                                purpose: .saveBody,
                                title: "Save the body (\(ByteCount.format(Int64(Results.users.utf8.count)))) to",
                                text: "list-users.json")))
                ]))
        // A Raw switch from the palette shows the Raw tab in the focused pane.
        steps.step(.command(.rawHex), outcome: ResponseReducer.Outcome(requests: [.focusResponse])) {
            $0.tab = .raw
            $0.rawHex = true
        }
        steps.step(.command(.nextTab)) { $0.tab = .headers }
        steps.step(.navigate(.pageDown)) { $0.scroll = 10 }
        steps.step(.selectTab(.tree)) {
            $0.tab = .tree
            $0.scroll = 0
        }
        // A click selects a row; a second click on it unfolds it.
        steps.step(.click(treeRow: 1)) { $0.selectedRow = 1 }
        let first = try user(0)
        steps.step(.click(treeRow: 1)) { $0.tree?.expand(first) }
        steps.step(.click(treeRow: 40))
        // Cancelled: what the pane showed starts afresh; a send's end rebuilds the tree.
        steps.step(.resultCancelled) { $0.resetForNewResult() }
        steps.step(.showLatest) {
            $0.tree = JSONTreeView(document: self.document)
            $0.treeGeneration = 3
        }
        steps.context.liveResult = nil
        steps.step(.command(.save), outcome: ResponseReducer.Outcome(notice: Notice("No body to save", kind: .info)))
    }

    @Test func historyOpensAnEntryInTheSameViewsAndShowLatestGoesBack() throws {
        var steps = answered()
        let entries = [
            HistoryEntry(
                date: Date(timeIntervalSince1970: 1_700_000_000), requestID: "a-users", environment: "dev",
                method: "GET", url: "http://dev.mock/users", status: 200,
                responseBody: HistoryBody(text: "[1,2,3]", encoding: .utf8, size: 7, truncated: false),
                durationMilliseconds: 3),
            HistoryEntry(
                date: Date(timeIntervalSince1970: 1_700_000_100), requestID: "a-users", environment: "dev",
                method: "GET", url: "http://dev.mock/users", error: "Could not connect"),
        ]
        // Loaded oldest first, listed newest first.
        steps.step(.historyLoaded(entries)) { $0.history = entries.reversed() }
        steps.step(.selectTab(.history)) { $0.tab = .history }
        steps.step(.navigate(.down)) { $0.historySelected = 1 }
        steps.step(.navigate(.down))
        let past = try JSONDocument(text: "[1,2,3]")
        let notice = Notice(
            "A past exchange (\(ISOTimeText.short(entries[0].date))) — Esc returns to the latest", kind: .info)
        steps.step(.command(.open), outcome: ResponseReducer.Outcome(notice: notice)) {
            $0.openedHistory = entries[0]
            $0.openedHistoryResult = HistoryResult.make(entries[0], index: 1)
            $0.tab = .tree
            $0.tree = JSONTreeView(document: past)
            $0.treeGeneration = $0.openedHistoryResult?.generation
        }
        #expect(steps.state.openedHistoryResult?.response?.status == 200)
        steps.step(.showLatest) {
            $0.openedHistory = nil
            $0.openedHistoryResult = nil
            $0.tree = JSONTreeView(document: self.document)
            $0.treeGeneration = 3
        }
        // Another request: its history is not this one's.
        steps.context.liveResult = nil
        steps.step(.selectionChanged) {
            $0.history = []
            $0.tree = nil
            $0.treeGeneration = nil
        }
    }

    @Test func theRunnersExchangeOpensTheNewestEntryWithTheRunsChecks() throws {
        var steps = answered()
        let entry = HistoryEntry(
            date: Date(timeIntervalSince1970: 1_700_000_000), requestID: "a-users", environment: "dev", method: "GET",
            url: "http://dev.mock/users", status: 500, durationMilliseconds: 3)
        let checks = [CheckResult(label: "status equals", passed: false, expected: "200", actual: "500")]
        steps.step(.openNewestHistory(checks: checks))
        steps.step(.historyLoaded([entry])) { $0.history = [entry] }
        let notice = Notice(
            "A past exchange (\(ISOTimeText.short(entry.date))) — Esc returns to the latest", kind: .info)
        steps.step(.openNewestHistory(checks: checks), outcome: ResponseReducer.Outcome(notice: notice)) {
            $0.openedHistory = entry
            var result = HistoryResult.make(entry, index: 0)
            if case .response(var response) = result.outcome {
                response.checks = checks
                result.outcome = .response(response)
            }
            $0.openedHistoryResult = result
            $0.tree = nil
            $0.treeGeneration = nil
        }
        #expect(steps.state.openedHistoryResult?.response?.checks == checks)
    }
}

import Explorer
import ExplorerTesting
import Foundation
import JSONDiff
import TUI
import Testing
import Workspace

/// The Diff view's slice on its own, stepped exhaustively: marking a History entry, a second
/// mark asking for the comparison (the older entry on the left), a stale comparison dropped, the
/// view opened on its first change, moving between changes, scrolling, hiding and showing.
struct DiffSliceTests {
    static func entry(_ id: String, seconds: Double, status: Int = 200, body: String?) -> HistoryEntry {
        HistoryEntry(
            id: id, date: Date(timeIntervalSince1970: 1_700_049_600 + seconds), requestID: "a-users",
            environment: "dev", method: "GET", url: "http://dev.mock/users", status: status,
            responseBody: body.map { HistoryBody(text: $0, encoding: .utf8, size: $0.utf8.count, truncated: false) })
    }

    static let older = entry("e1", seconds: 0, body: #"{"id": 1, "name": "Ada", "tags": ["a"], "gone": true}"#)
    static let newer = entry("e2", seconds: 60, body: #"{"id": 1, "name": "Ada L.", "tags": ["a", "b"]}"#)

    @Test func aSecondMarkComparesTheTwoEntriesOlderOnTheLeft() throws {
        var steps = SliceStepDriver<DiffReducer>(state: DiffState(), context: DiffReducer.Context(pageRows: 10))
        steps.step(.mark(nil), outcome: .init(notice: Notice("No history entry here to mark", kind: .info)))
        let marked = "Marked \(DiffReducer.title(Self.newer)): m on another entry compares them"
        steps.step(.mark(Self.newer), outcome: .init(notice: Notice(marked, kind: .info))) { $0.marked = Self.newer }
        // The same entry again stays marked.
        steps.step(.mark(Self.newer), outcome: .init(notice: Notice(marked, kind: .info)))
        let job = DiffJob(
            generation: 1, leftTitle: DiffReducer.title(Self.older), rightTitle: DiffReducer.title(Self.newer),
            left: Array(Self.older.responseBody!.text.utf8), right: Array(Self.newer.responseBody!.text.utf8))
        steps.step(.mark(Self.older), outcome: .init(effects: [.diff(job)])) {
            $0.marked = nil
            $0.generation = 1
            $0.pending = 1
        }
        let view = try DiffComputation.compute(job).get()
        // Another comparison's result is dropped.
        steps.step(.finished(generation: 7, .success(view)))
        // The notice says what is compared: "Marked …" does not stay in the status line.
        let comparing = Notice(
            "Compared \(DiffReducer.title(Self.older)) with \(DiffReducer.title(Self.newer))", kind: .info)
        steps.step(.finished(generation: 1, .success(view)), outcome: .init(notice: comparing)) {
            $0.pending = nil
            $0.view = view
        }
        #expect(view.summary == "3 changes: 1 added, 1 removed, 1 changed")
        #expect(view.current == view.changeRows.first)
    }

    @Test func nextAndPreviousChangeMoveAndStopAtTheEnds() throws {
        let job = DiffJob(
            generation: 1, leftTitle: "left", rightTitle: "right",
            left: Array(Self.older.responseBody!.text.utf8), right: Array(Self.newer.responseBody!.text.utf8))
        let view = try DiffComputation.compute(job).get()
        // { · id · name ~ · tags: [ · 0 · 1 + · ] · gone - · }
        try #require(view.changeRows == [2, 5, 7])
        try #require(view.rows.count == 9)
        var steps = SliceStepDriver<DiffReducer>(
            state: DiffState(view: view), context: DiffReducer.Context(pageRows: 3))
        steps.step(.nextChange) {
            $0.view?.current = 5
            $0.view?.scroll = 4
        }
        steps.step(.nextChange) {
            $0.view?.current = 7
            $0.view?.scroll = 6
        }
        steps.step(.nextChange, outcome: .init(notice: Notice("That was the last change (3 in all)", kind: .info)))
        steps.step(.previousChange) {
            $0.view?.current = 5
            $0.view?.scroll = 4
        }
        steps.step(.top) {
            $0.view?.current = 0
            $0.view?.scroll = 0
        }
        steps.step(
            .previousChange, outcome: .init(notice: Notice("That was the first change (3 in all)", kind: .info)))
        steps.step(.nextChange) { $0.view?.current = 2 }
        steps.step(.move(rows: -1)) { $0.view?.current = 1 }
        steps.step(.scroll(rows: -5))
        steps.step(.bottom) {
            $0.view?.current = 8
            $0.view?.scroll = 6
        }
        steps.step(.move(rows: 3))
        steps.step(.hide) { $0.view?.isShown = false }
        steps.step(.show) { $0.view?.isShown = true }
    }

    @Test func entriesWithoutAWholeJSONBodyAreRefusedInWords() throws {
        var steps = SliceStepDriver<DiffReducer>(state: DiffState(), context: DiffReducer.Context(pageRows: 10))
        let failed = Self.entry("e3", seconds: 5, status: 500, body: nil)
        steps.step(
            .mark(failed), outcome: .init(notice: Notice("That entry has no response to compare", kind: .warning)))
        steps.step(
            .show,
            outcome: .init(
                notice: Notice(
                    "Nothing compared yet: m on two entries of the History tab compares them", kind: .info)))
        let text = Self.entry("e4", seconds: 9, body: "plain text")
        let marked = "Marked \(DiffReducer.title(text)): m on another entry compares them"
        steps.step(.mark(text), outcome: .init(notice: Notice(marked, kind: .info))) { $0.marked = text }
        let job = DiffJob(
            generation: 1, leftTitle: DiffReducer.title(Self.older), rightTitle: DiffReducer.title(text),
            left: Array(Self.older.responseBody!.text.utf8), right: Array("plain text".utf8))
        steps.step(.mark(Self.older), outcome: .init(effects: [.diff(job)])) {
            $0.marked = nil
            $0.generation = 1
            $0.pending = 1
        }
        guard case .failure(let problem) = DiffComputation.compute(job) else {
            Issue.record("a body that is not JSON cannot be compared")
            return
        }
        #expect(problem.message.hasPrefix("Cannot compare: \(DiffReducer.title(text)) is not JSON (line 1, column 1"))
    }
}

import Explorer
import ExplorerTesting
import JSONDiff
import TUI
import Testing

/// Unfolding the Diff view's unchanged subtrees: the cursor's keys open a folded container into
/// its members (each partnered with the right side's by name, so a reordered object still lines
/// up), fold it again, go to the container's row, and fold everything back; a container with
/// changes inside stays open.
struct DiffFoldingTests {
    static let left = #"{"user": {"id": 1, "address": {"city": "London", "zip": "N1"}}, "list": [1, 2], "v": 1}"#
    static let right = #"{"user": {"address": {"zip": "N1", "city": "London"}, "id": 1}, "list": [1, 2], "v": 2}"#

    static func opened() throws -> DiffState {
        let job = DiffJob(
            generation: 1, leftTitle: "left", rightTitle: "right", left: Array(left.utf8), right: Array(right.utf8))
        return DiffState(view: try DiffComputation.compute(job).get())
    }

    /// Each row as `mark depth left | right`.
    static func lines(_ state: DiffState) -> [String] {
        (state.view?.rows ?? []).map { "\($0.mark) \($0.depth) \($0.left ?? "") | \($0.right ?? "")" }
    }

    static let context = DiffReducer.Context(pageRows: 20)

    @discardableResult
    static func reduce(_ state: inout DiffState, _ action: DiffReducer.Action) -> DiffReducer.Outcome {
        DiffReducer.reduce(&state, action, context)
    }

    @Test func enterUnfoldsAnUnchangedSubtreeAndFoldsItAgain() throws {
        var state = try Self.opened()
        let folded = Self.lines(state)
        #expect(
            folded == [
                "same 0 { | {", "folded 1 user: {…} 2 keys | user: {…} 2 keys",
                "folded 1 list: […] 2 items | list: […] 2 items",
                "changed 1 v: 1 | v: 2", "same 0 } | }",
            ])
        #expect(state.view?.current == 3)
        #expect(state.view?.canUnfold(1) == true)
        Self.reduce(&state, .move(rows: -2))
        Self.reduce(&state, .toggle)
        #expect(
            Self.lines(state) == [
                "same 0 { | {", "same 1 user: { | user: {", "folded 2 id: 1 | id: 1",
                "folded 2 address: {…} 2 keys | address: {…} 2 keys", "same 1 } | }",
                "folded 1 list: […] 2 items | list: […] 2 items", "changed 1 v: 1 | v: 2", "same 0 } | }",
            ])
        #expect(state.view?.isUnfolded(1) == true)
        // The change keeps its place under the cursor's keys.
        #expect(state.view?.changeRows == [6])
        // → opens the nested object; its right side is the right document's own (reordered) members.
        Self.reduce(&state, .move(rows: 2))
        Self.reduce(&state, .unfold)
        #expect(
            Array(Self.lines(state)[3...6]) == [
                "same 2 address: { | address: {", "folded 3 city: \"London\" | city: \"London\"",
                "folded 3 zip: \"N1\" | zip: \"N1\"", "same 2 } | }",
            ])
        // ← on a member goes to its container's row, ← there folds it.
        Self.reduce(&state, .move(rows: 1))
        Self.reduce(&state, .fold)
        #expect(state.view?.current == 3)
        Self.reduce(&state, .fold)
        #expect(Self.lines(state)[3] == "folded 2 address: {…} 2 keys | address: {…} 2 keys")
        // Enter on the outer one folds it with whatever is open inside.
        Self.reduce(&state, .unfold)
        Self.reduce(&state, .move(rows: -2))
        Self.reduce(&state, .toggle)
        #expect(Self.lines(state) == folded)
        #expect(state.view?.unfolded.isEmpty == true)
        #expect(state.view?.current == 1)
    }

    @Test func arraysUnfoldByPositionAndFoldAllClosesEverything() throws {
        var state = try Self.opened()
        Self.reduce(&state, .move(rows: -1))
        Self.reduce(&state, .unfold)
        #expect(
            Array(Self.lines(state)[2...5]) == [
                "same 1 list: [ | list: [", "folded 2 0: 1 | 0: 1", "folded 2 1: 2 | 1: 2", "same 1 ] | ]",
            ])
        // A scalar has nothing to unfold.
        Self.reduce(&state, .move(rows: 1))
        let before = state
        Self.reduce(&state, .unfold)
        #expect(state == before)
        Self.reduce(&state, .top)
        Self.reduce(&state, .move(rows: 1))
        Self.reduce(&state, .toggle)
        #expect(state.view?.unfolded.count == 2)
        #expect(Self.reduce(&state, .foldAll).notice == nil)
        #expect(Self.lines(state) == Self.lines(try Self.opened()))
        #expect(Self.reduce(&state, .foldAll).notice == Notice("Nothing unfolded to fold", kind: .info))
    }

    @Test func unfoldingNearTheBottomScrollsToShowWhatOpened() throws {
        var state = try Self.opened()
        let context = DiffReducer.Context(pageRows: 3)
        // { · user · list · v ~ · }: the cursor on list, the page showing rows 1–3.
        _ = DiffReducer.reduce(&state, .move(rows: -1), context)
        state.view?.scroll = 1
        _ = DiffReducer.reduce(&state, .unfold, context)
        // list: [ · 0: 1 · 1: 2 · ] opened at row 2: the page starts at the cursor's row.
        #expect(state.view?.current == 2)
        #expect(state.view?.scroll == 2)
    }

    @Test func aContainerWithChangesInsideStaysOpen() throws {
        var state = try Self.opened()
        Self.reduce(&state, .top)
        let before = Self.lines(state)
        #expect(Self.reduce(&state, .toggle).notice == Notice("It holds changes: it stays open", kind: .info))
        #expect(Self.lines(state) == before)
    }
}

import Explorer
import ExplorerTesting
import HTTPCore
import TUI
import Testing
import Workspace

/// Undo, redo and revert within a request (issue 33: `u` undid only deletions; a deleted header
/// row could not be brought back, and there was no way back to the saved request but quitting
/// without saving). `z` undoes the request's last edit, `Z` redoes it, `X` reverts to the saved
/// request (one more step: `z` brings the edits back).
struct RequestUndoTests {
    private let key = TestCollections.key("a-users")

    private func fixture() throws -> ReducerFixture {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        fixture.driver.press("g", "2")
        return fixture
    }

    @Test func aDeletedHeaderRowComesBackAndRedoDeletesItAgain() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+2", "d")
        #expect(fixture.driver.state.drafts[key]?.headers.isEmpty == true)
        fixture.driver.press("z")
        // Back as saved: the draft is dropped, the row is on screen again.
        #expect(fixture.driver.state.drafts[key] == nil)
        #expect(fixture.driver.state.editor.headers.rows.map(\.key) == ["Accept"])
        #expect(fixture.driver.state.toast?.message == "Undone: Headers")
        fixture.driver.press("Z")
        #expect(fixture.driver.state.drafts[key]?.headers.isEmpty == true)
        #expect(fixture.driver.state.editor.headers.rows.isEmpty)
        #expect(fixture.driver.state.toast?.message == "Redone: Headers")
        fixture.driver.press("Z")
        #expect(fixture.driver.state.toast?.message == "Nothing to redo in this request")
    }

    @Test func typingIntoTheURLIsOneStepAndEditsAreUndoneLastFirst() throws {
        var fixture = try fixture()
        fixture.driver.typeAtEndOfURLPath("/all")
        fixture.driver.press("esc")
        fixture.driver.press("alt+m")
        fixture.driver.press("alt+1", "down", "space")
        let edited = try #require(fixture.driver.state.drafts[key])
        #expect(edited.url == "/users/all")
        #expect(edited.method == .post)
        #expect(edited.query.map(\.enabled) == [false])
        fixture.driver.press("z")
        #expect(fixture.driver.state.drafts[key]?.query.map(\.enabled) == [true])
        #expect(fixture.driver.state.drafts[key]?.method == .post)
        fixture.driver.press("z")
        #expect(fixture.driver.state.drafts[key]?.method == .get)
        #expect(fixture.driver.state.drafts[key]?.url == "/users/all")
        // The four characters typed are one step.
        fixture.driver.press("z")
        #expect(fixture.driver.state.drafts[key] == nil)
        #expect(fixture.driver.state.editor.url.text == "/users?limit={{limit}}")
        fixture.driver.press("z")
        #expect(fixture.driver.state.toast?.message == "Nothing to undo in this request")
        // Redo walks forward again, and a new edit forgets what was undone.
        fixture.driver.press("Z", "Z")
        #expect(fixture.driver.state.drafts[key]?.method == .post)
        fixture.driver.press("alt+m")
        fixture.driver.press("Z")
        #expect(fixture.driver.state.toast?.message == "Nothing to redo in this request")
    }

    @Test func aCellTypedAndCommittedIsOneStep() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+2", "enter")
        fixture.driver.press("ctrl+a")
        fixture.driver.type("text/plain")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.drafts[key]?.headers.map(\.value) == ["text/plain"])
        fixture.driver.press("z")
        #expect(fixture.driver.state.drafts[key] == nil)
        #expect(fixture.driver.state.editor.headers.rows.map(\.value) == ["application/json"])
    }

    @Test func revertDropsTheDraftAndUndoBringsItBack() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+m")
        fixture.driver.press("alt+2", "d")
        let edited = try #require(fixture.driver.state.drafts[key])
        fixture.driver.press("X")
        #expect(fixture.driver.state.drafts[key] == nil)
        #expect(fixture.driver.state.editor.headers.rows.map(\.key) == ["Accept"])
        #expect(fixture.driver.state.toast?.message == "Reverted to the saved request (undo brings the edits back)")
        fixture.driver.press("X")
        #expect(fixture.driver.state.toast?.message == "Nothing to revert: the request has no unsaved edits")
        fixture.driver.press("z")
        #expect(fixture.driver.state.drafts[key] == edited)
        #expect(fixture.driver.state.editor.headers.rows.isEmpty)
    }

    @Test func revertIsInThePaletteAndUndoFollowsTheRequestAcrossSelections() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+4", "right")
        let edited = try #require(fixture.driver.state.drafts[key])
        // Another request and back: its edits can still be undone.
        fixture.driver.press("g", "1", "j", "enter", "g", "1", "k", "enter", "g", "2")
        #expect(fixture.driver.state.selection == key)
        fixture.driver.press("ctrl+p")
        fixture.driver.type("revert the request")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.drafts[key] == nil)
        fixture.driver.press("z")
        #expect(fixture.driver.state.drafts[key] == edited)
    }
}

import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// Up (or `k`) from the top of a tab chooses the URL line without typing in it (issue 33: it
/// started editing the URL, and the next `g 3` or `[` went into it as text).
struct URLLineTests {
    @Test func upFromTheTopOfATabChoosesTheURLLineAndKeysStayCommands() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let users = TestCollections.key("a-users")
        #expect(fixture.driver.state.focus == .request)
        fixture.driver.press("k")
        #expect(fixture.driver.state.editor.focus == .urlLine)
        #expect(!fixture.driver.state.isTyping)
        // Commands, not text: ] moves to the next tab, and the URL is unchanged.
        fixture.driver.press("]")
        #expect(fixture.driver.state.editor.tab == .headers)
        #expect(fixture.driver.state.editor.focus == .content)
        #expect(fixture.driver.state.drafts[users] == nil)
        // From the Auth tab's top too; j goes back down.
        fixture.driver.press("alt+4", "up")
        #expect(fixture.driver.state.editor.focus == .urlLine)
        fixture.driver.press("j")
        #expect(fixture.driver.state.editor.focus == .content)
        // Enter on the chosen line edits it.
        fixture.driver.press("k", "enter")
        #expect(fixture.driver.state.editor.focus == .url)
        #expect(fixture.driver.state.isTyping)
        fixture.driver.type("9")
        #expect(fixture.driver.state.editor.url.text.hasSuffix("9"))
        #expect(fixture.driver.state.drafts[users] != nil)
    }
}

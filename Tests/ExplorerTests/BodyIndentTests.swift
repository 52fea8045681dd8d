import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// The body editor is a code editor (issue 33, friction): Tab indents instead of moving to the
/// next pane, Enter keeps the indentation, Shift+Tab (or Esc) leaves the text area.
struct BodyIndentTests {
    @Test func tabIndentsEnterKeepsIndentationAndShiftTabLeaves() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-create"))
        let create = TestCollections.key("a-create")
        fixture.driver.press("alt+3", "enter", "ctrl+a")
        fixture.driver.type("{")
        fixture.driver.press("enter")
        fixture.driver.type("\"tags\": [")
        fixture.driver.press("enter")
        fixture.driver.type("1")
        fixture.driver.press("tab")
        fixture.driver.type("2")
        #expect(fixture.driver.state.editor.body.text == "{\n  \"tags\": [\n    1 2")
        #expect(fixture.driver.state.focus == .request)
        #expect(fixture.driver.state.isTyping)
        fixture.driver.press("shift+tab")
        #expect(!fixture.driver.state.isTyping)
        #expect(fixture.driver.state.focus == .request)
        #expect(fixture.driver.state.editor.tab == .body)
        guard case .jsonText(let text)? = fixture.driver.state.drafts[create]?.body.content else {
            Issue.record("the typed body is a draft")
            return
        }
        #expect(text == "{\n  \"tags\": [\n    1 2")
        // Out of the text area, Tab moves between panes again.
        fixture.driver.press("tab")
        #expect(fixture.driver.state.focus == .response)
    }
}

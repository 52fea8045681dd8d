import Explorer
import ExplorerTesting
import Testing
import Workspace

/// Text fields let go of the keyboard once their job is done (issue 33, friction).
struct SendEndsEditTests {
    @Test func sendingFromTheURLOrTheBodyEndsTheEdit() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-create"))
        fixture.driver.typeAtEndOfURLPath("/9")
        #expect(fixture.driver.state.isTyping)
        #expect(!fixture.driver.press("enter").sendJobs.isEmpty)
        #expect(!fixture.driver.state.isTyping)
        // The next keys are commands again, not text in the URL.
        fixture.driver.press("]")
        #expect(fixture.driver.state.editor.tab == .headers)
        #expect(fixture.driver.state.drafts[TestCollections.key("a-create")]?.url == "/users/9")
        // F5 from the body editor too.
        fixture.driver.press("alt+3", "enter")
        #expect(fixture.driver.state.isTyping)
        fixture.driver.press("F5")
        #expect(!fixture.driver.state.isTyping)
    }
}

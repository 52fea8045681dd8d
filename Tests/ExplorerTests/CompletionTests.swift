import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// Completion (issue 33: nothing completed `{{` variables or header names): `{{` in the URL, the
/// body or a cell lists the variables in scope with where they come from; the Headers table's
/// name column lists header names, its value column common values; Tab or Enter takes the item,
/// Esc closes the list and the field keeps the keyboard.
struct CompletionTests {
    private let key = TestCollections.key("a-users")

    private func fixture() throws -> ReducerFixture {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        fixture.driver.press("g", "2")
        return fixture
    }

    @Test func doubleBracesInTheURLListTheVariablesInScopeAndTabTakesOne() throws {
        var fixture = try fixture()
        fixture.driver.typeAtEndOfURLPath("/{{li")
        let completion = try #require(fixture.driver.state.editor.completion)
        #expect(completion.items.first == CompletionItem("limit", insert: "limit}}", detail: "collection"))
        let screen = fixture.driver.render()
        #expect(screen.contains("limit  collection"))
        #expect(screen.contains("tab take it  down next  esc close the list"))
        fixture.driver.press("tab")
        #expect(fixture.driver.state.editor.completion == nil)
        #expect(fixture.driver.state.editor.focus == .url)
        #expect(fixture.driver.state.drafts[key]?.url == "/users/{{limit}}")
    }

    @Test func enterTakesTheItemInsteadOfSendingAndEscClosesTheListOnly() throws {
        var fixture = try fixture()
        fixture.driver.typeAtEndOfURLPath("/{{$u")
        #expect(fixture.driver.state.editor.completion?.items.map(\.label) == ["$uuid"])
        let effects = fixture.driver.press("enter")
        #expect(!effects.contains { if case .send = $0 { true } else { false } })
        #expect(fixture.driver.state.drafts[key]?.url == "/users/{{$uuid}}")
        fixture.driver.type("/{{")
        #expect((fixture.driver.state.editor.completion?.items.count ?? 0) > 1)
        fixture.driver.press("esc")
        #expect(fixture.driver.state.editor.completion == nil)
        #expect(fixture.driver.state.editor.focus == .url)
        // Typing on opens it again; a character that cannot be in a name closes it.
        fixture.driver.type("t")
        // (A dynamic value's `$` need not be typed.)
        #expect(fixture.driver.state.editor.completion?.items.map(\.label) == ["token", "$timestamp"])
        fixture.driver.type(" ")
        #expect(fixture.driver.state.editor.completion == nil)
    }

    @Test func headerNamesAndTheirCommonValuesComplete() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+2", "a")
        fixture.driver.type("cont")
        #expect(
            fixture.driver.state.editor.completion?.items.map(\.label) == [
                "Content-Encoding", "Content-Length", "Content-Type", "Cache-Control",
            ])
        fixture.driver.press("down", "down", "tab")
        #expect(fixture.driver.state.editor.headers.editor?.text == "Content-Type")
        // Tab again (the list closed) moves to the value; common media types complete there.
        fixture.driver.press("tab")
        fixture.driver.type("app")
        #expect(fixture.driver.state.editor.completion?.items.first?.label == "application/json")
        fixture.driver.press("enter", "enter")
        let headers = try #require(fixture.driver.state.drafts[key]).headers
        #expect(headers.map(\.name) == ["Accept", "Content-Type"])
        #expect(headers.map(\.value) == ["application/json", "application/json"])
    }

    @Test func doubleBracesInTheBodyComplete() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-create"))
        fixture.driver.press("g", "2", "alt+3", "enter", "ctrl+a")
        fixture.driver.type(#"{"n": {{lim"#)
        #expect(fixture.driver.state.editor.completion?.items.map(\.label) == ["limit"])
        fixture.driver.press("tab")
        fixture.driver.type("}")
        #expect(fixture.driver.state.editor.body.text == #"{"n": {{limit}}}"#)
        #expect(fixture.driver.state.editor.completion == nil)
    }

    @Test func doubleBracesInAFormLineComplete() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-admin"))
        // Admin panel's auth is bearer {{token}}: its token line, typed again.
        fixture.driver.press("g", "2", "alt+4", "down", "enter", "ctrl+a")
        fixture.driver.type("{{to")
        #expect(fixture.driver.state.editor.completion?.items.map(\.label) == ["token"])
        fixture.driver.press("tab")
        #expect(fixture.driver.state.editor.formEditor?.text == "{{token}}")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.editor.formEditor == nil)
    }

    /// Variables captured by requests of the collection are offered too, with the request that
    /// captures each (read on every key typed, from the requests in place).
    @MainActor @Test func capturedVariablesAreOfferedWithTheirRequest() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.showcase(), startup: StartupRequest(request: "Chaining/1. Log in"))
        harness.press("ctrl+l")
        harness.type("/{{tok")
        let completion = try #require(harness.state.editor.completion)
        #expect(completion.items.contains { $0.insert == "token}}" && $0.detail == "captured by 1. Log in" })
    }
}

import Explorer
import ExplorerTesting
import TUI
import Testing

/// Scripts run in `lazer run` only so far (issue 32): a send from the explorer of a request with
/// scripts says, on the status line, that they did not run, rather than passing in silence.
@MainActor
struct ScriptsNoticeTests {
    static let collection = """
        {
          "formatVersion": 1, "id": "scripted", "name": "Scripted", "defaultEnvironment": "mock",
          "scripts": {"test": "pm.test('ok', () => pm.response.to.have.status(200));"},
          "requests": [
            {"id": "who", "name": "Who", "method": "GET", "url": "/who",
             "scripts": {"preRequest": "pm.variables.set('a', 1);"}}
          ],
          "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://who.mock", "routes": [
            {"method": "GET", "path": "/who", "response": {"json": {"name": "ada"}}}
          ]}]
        }
        """

    @Test func aSendOfARequestWithScriptsSaysTheyDidNotRun() throws {
        let harness = try ExplorerHarness(
            collections: [.text("scripted.json", Self.collection)], size: Size(width: 120, height: 30),
            startup: StartupRequest(request: "who"))
        harness.press("F5")
        #expect(harness.shows(" 200 OK "))
        #expect(harness.shows("Sent without its 2 scripts: the explorer does not run scripts yet"))
    }
}

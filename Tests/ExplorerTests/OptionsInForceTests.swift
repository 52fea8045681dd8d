import Explorer
import ExplorerTesting
import Testing
import Workspace

/// An Options line left at its default says what is in force: the collection's option, else
/// Lazer's default (issue 33: it showed `(default)` and nothing else).
struct OptionsInForceTests {
    static let file = FixtureFile.text(
        "opts.json",
        """
        {
          "formatVersion": 1, "id": "opts", "name": "Opts", "defaultEnvironment": "dev",
          "options": {"timeoutSeconds": 5, "verifyTLS": false},
          "requests": [{"id": "r", "name": "R", "method": "GET", "url": "/r", "options": {"maxRedirects": 3}}],
          "environments": [{"name": "dev", "kind": "mock", "baseURL": "https://dev.test"}]
        }
        """)

    @Test func defaultLinesSayTheValueInForce() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "r"))
        fixture.driver.press("alt+5")
        let screen = fixture.driver.render()
        #expect(screen.contains("(default) → 5 s (collection)"))
        #expect(screen.contains("‹ default › → yes"))
        #expect(screen.contains("‹ default › → no (collection)"))
        // Set on the request itself: no note.
        #expect(screen.contains("max redirects       3 "))
        #expect(!screen.contains("3 →"))
    }
}

import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// The Auth tab of a request that inherits says what it is sent with and where that comes from,
/// and its tab title shows the scheme in force (issue 33: a request added to a bearer-protected
/// folder showed `Auth none` and went out without auth).
struct AuthInheritanceScreenTests {
    static let file = FixtureFile.text(
        "inherit.json",
        """
        {
          "formatVersion": 1, "id": "inh", "name": "Inherit", "defaultEnvironment": "dev",
          "auth": {"type": "bearer", "token": "{{token}}"},
          "folders": [{"name": "Admin", "auth": {"type": "basic", "username": "admin", "password": "{{pw}}"},
                       "requests": [{"id": "in-folder", "name": "In folder", "method": "GET", "url": "/a"}]}],
          "requests": [{"id": "top", "name": "Top", "method": "GET", "url": "/t"},
                       {"id": "own", "name": "Own", "method": "GET", "url": "/o", "auth": {"type": "none"}}],
          "environments": [{"name": "dev", "kind": "mock", "baseURL": "https://dev.test"}]
        }
        """)

    @Test func theAuthTabSaysWhereInheritedAuthComesFrom() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "in-folder"))
        fixture.driver.press("alt+4")
        var screen = fixture.driver.render()
        #expect(screen.contains("Auth ↑basic"))
        #expect(screen.contains("‹ inherit ›"))
        #expect(screen.contains("inherited from folder Admin: basic admin / {{pw}}"))

        fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "top"))
        fixture.driver.press("alt+4")
        screen = fixture.driver.render()
        #expect(screen.contains("Auth ↑bearer"))
        #expect(screen.contains("inherited from the collection: bearer {{token}}"))

        // Choosing none stops the inheritance; the draft says so.
        fixture.driver.press("right")
        #expect(
            fixture.driver.state.drafts[RequestKey(collectionID: "inh", requestID: "top")]?.auth == SavedAuth(.none))
        screen = fixture.driver.render()
        #expect(screen.contains("Auth none"))
        #expect(!screen.contains("inherited from"))
    }
}

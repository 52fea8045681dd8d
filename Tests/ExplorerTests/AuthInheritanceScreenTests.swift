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

/// Auth is set on a folder or the collection from the explorer by giving it a request's auth
/// (palette): the requests under it with that auth inherit it, the file is saved at once.
struct GiveAuthTests {
    static let file = FixtureFile.text(
        "give.json",
        """
        {
          "formatVersion": 1, "id": "give", "name": "Give", "defaultEnvironment": "dev",
          "folders": [{"name": "Users", "requests": [
            {"id": "list", "name": "List", "method": "GET", "url": "/u",
             "auth": {"type": "bearer", "token": "{{token}}"}},
            {"id": "create", "name": "Create", "method": "POST", "url": "/u",
             "auth": {"type": "bearer", "token": "{{token}}"}},
            {"id": "admin", "name": "Admin", "method": "GET", "url": "/a",
             "auth": {"type": "basic", "username": "root", "password": "{{pw}}"}},
            {"id": "new", "name": "New", "method": "GET", "url": "/n"}]}],
          "requests": [{"id": "top", "name": "Top", "method": "GET", "url": "/t"}],
          "environments": [{"name": "dev", "kind": "mock", "baseURL": "https://dev.test"}]
        }
        """)

    @Test func givingARequestsAuthToItsFolderMakesItsRequestsInheritIt() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "list"))
        let effects = fixture.driver.reduce(.command(.request(.authToFolder)))
        let save = try #require(effects.saves.first)
        let collection = save.document.collection
        let bearer = SavedAuth(.bearer(token: "{{token}}"))
        #expect(collection.folders[0].auth == bearer)
        #expect(collection.request(id: "list")?.auth == SavedAuth(.inherit))
        #expect(collection.request(id: "create")?.auth == SavedAuth(.inherit))
        #expect(collection.request(id: "admin")?.auth.scheme == .basic(username: "root", password: "{{pw}}"))
        // The request that had none inherits it too (the user's complaint: it went out without).
        #expect(collection.authInForce(for: try #require(collection.request(id: "new"))).auth == bearer)
        #expect(
            fixture.driver.state.toast?.message == "Bearer {{token}} is now set on folder Users: 3 requests inherit it")
        #expect(fixture.driver.render().contains("Auth ↑bearer"))
    }

    @Test func aRequestWithoutAuthOrOutsideAFolderSaysWhy() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "new"))
        #expect(fixture.driver.reduce(.command(.request(.authToFolder))).saves.isEmpty)
        #expect(fixture.driver.state.toast?.message.contains("has no auth of its own to give") == true)
        fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "top"))
        fixture.driver.press("alt+4", "right", "right", "right")
        #expect(fixture.driver.reduce(.command(.request(.authToFolder))).saves.isEmpty)
        #expect(fixture.driver.state.toast?.message == "Top is not in a folder: give its auth to the collection")
        let save = try #require(fixture.driver.reduce(.command(.request(.authToCollection))).saves.first)
        #expect(save.document.collection.auth?.scheme == .bearer(token: ""))
        #expect(save.document.collection.request(id: "top")?.auth == SavedAuth(.inherit))
        // The draft's only change was its auth: given away, nothing is left unsaved.
        #expect(fixture.driver.state.drafts.isEmpty)
    }
}

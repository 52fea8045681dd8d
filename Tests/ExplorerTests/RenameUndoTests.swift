import Explorer
import ExplorerTesting
import Testing
import Workspace

/// `u` after a rename in the collections pane (issue 33: it said "Nothing to undo"): the old name
/// comes back, as a deletion does, for ten seconds, with a renamed request's draft as it was.
struct RenameUndoTests {
    private let users = TestCollections.key("a-users")

    @Test func uGivesARenamedRequestItsNameBackWithItsDraft() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        fixture.driver.press("g", "2")
        fixture.driver.typeAtEndOfURLPath("/all")
        fixture.driver.press("esc", "g", "1", "r")
        fixture.driver.type("All users")
        let renamed = fixture.driver.press("enter")
        fixture.driver.landSaves(renamed)
        #expect(fixture.driver.state.savedRequest(users)?.name == "All users")
        #expect(fixture.driver.state.toast?.message == "Renamed \"List users\" (u: undo)")
        let undone = fixture.driver.press("u")
        let save = try #require(undone.saves.first)
        #expect(save.document.collection.request(id: "a-users")?.name == "List users")
        fixture.driver.landSaves(undone)
        #expect(fixture.driver.state.savedRequest(users)?.name == "List users")
        // The draft is back as it was before the rename: the old name, the URL edit kept.
        #expect(fixture.driver.state.drafts[users]?.name == "List users")
        #expect(fixture.driver.state.drafts[users]?.url == "/users/all")
        #expect(fixture.driver.state.toast?.message.hasPrefix("Restored: name \"List users\"") == true)
    }

    @Test func aFolderRenameIsUndoneAndTheOfferExpires() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        fixture.driver.press("g", "1", "k", "k", "r")
        fixture.driver.type("People")
        fixture.driver.landSaves(fixture.driver.press("enter"))
        fixture.driver.landSaves(fixture.driver.press("u"))
        let names = fixture.driver.state.document(collectionID: TestCollections.alphaID)?.collection.folders.map(\.name)
        #expect(names == ["Users", "Empty"])
        // Once the ten seconds are over, `u` has nothing to undo.
        fixture.driver.press("k", "r")
        fixture.driver.type("Alpha API")
        fixture.driver.landSaves(fixture.driver.press("enter"))
        fixture.driver.advance(by: .seconds(11))
        fixture.driver.press("u")
        #expect(fixture.driver.state.document(collectionID: TestCollections.alphaID)?.collection.name == "Alpha API")
        #expect(fixture.driver.state.toast?.message.hasPrefix("Nothing to undo here") == true)
    }
}

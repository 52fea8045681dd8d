import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// Creating, renaming, duplicating, deleting (and undoing) and moving requests and folders.
struct StructureReducerTests {
    private let users = TestCollections.key("a-users")

    private func fixture() throws -> ReducerFixture {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        fixture.driver.press("g", "1")
        return fixture
    }

    private func requestNames(in folder: [String], _ collection: RequestCollection) -> [String] {
        collection.allRequests.filter { $0.folderPath == folder }.map(\.request.name)
    }

    @Test func aNewRequestGoesIntoTheSelectedRequestsFolderAndOpensItsURL() throws {
        var fixture = try fixture()
        fixture.driver.press("a")
        guard case .prompt(let prompt)? = fixture.driver.state.overlay else {
            Issue.record("a asks for the name")
            return
        }
        #expect(prompt.title == "New request")
        #expect(fixture.driver.render().contains("New request"))
        // No name: the prompt stays with an error.
        #expect(fixture.driver.press("enter").isEmpty)
        guard case .prompt(let failed)? = fixture.driver.state.overlay else {
            Issue.record("an empty name keeps the prompt")
            return
        }
        #expect(failed.error == "A name is needed")
        #expect(fixture.driver.render().contains("✖ A name is needed"))
        fixture.driver.type("Search users")
        let effects = fixture.driver.press("enter")
        let save = try #require(effects.saves.first)
        #expect(requestNames(in: ["Users"], save.document.collection).last == "Search users")
        let created = try #require(save.document.collection.allRequests.first { $0.request.name == "Search users" })
        #expect(fixture.driver.state.selection?.requestID == created.request.id)
        #expect(fixture.driver.state.focus == .request)
        #expect(fixture.driver.state.editor.focus == .url)
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Search users")
    }

    @Test func aNewFolderGoesIntoTheSelectedFolder() throws {
        var fixture = try fixture()
        fixture.driver.press("k", "k")
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Users")
        fixture.driver.press("A")
        fixture.driver.type("Reports")
        let save = try #require(fixture.driver.press("enter").saves.first)
        #expect(save.document.collection.folder(at: ["Users", "Reports"]) != nil)
        #expect(
            fixture.driver.state.navigator.selectedRow?.kind
                == .folder(collectionID: TestCollections.alphaID, path: ["Users", "Reports"]))
        // The same name again is refused in place.
        fixture.driver.press("k", "k")
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Users")
        fixture.driver.press("A")
        fixture.driver.type("Reports")
        fixture.driver.press("enter")
        guard case .prompt(let prompt)? = fixture.driver.state.overlay else {
            Issue.record("a duplicate folder name keeps the prompt")
            return
        }
        #expect(prompt.error == "A folder called Reports is already there")
        fixture.driver.press("esc")
        #expect(fixture.driver.state.overlay == nil)
    }

    @Test func aNewCollectionIsCreatedNextToTheOthersAndShowsWhenSaved() throws {
        var fixture = try fixture()
        fixture.driver.press("C")
        fixture.driver.type("My API")
        let effects = fixture.driver.press("enter")
        let creation = try #require(effects.creations.first)
        #expect(creation.path == fixture.folder.path("my-api.json"))
        #expect(creation.collection.name == "My API")
        let document = try CollectionStore.create(creation.collection, at: creation.path)
        fixture.driver.reduce(.saved(collectionID: creation.collection.id, .success(document)))
        #expect(fixture.driver.state.navigator.rows.contains { $0.title == "My API" })
        #expect(fixture.driver.state.toast?.message == "Saved my-api.json")
        // Its row is selected, so `a` makes its first request, whose "/" the typing replaces.
        #expect(fixture.driver.state.navigator.selectedRow?.title == "My API")
        fixture.driver.press("a")
        fixture.driver.type("Ping")
        let added = try #require(fixture.driver.press("enter").saves.first)
        #expect(added.document.collection.id == creation.collection.id)
        fixture.driver.reduce(.saved(collectionID: creation.collection.id, .success(added.document)))
        fixture.driver.type("https://api.example/ping")
        #expect(fixture.driver.state.selectedRequest?.url == "https://api.example/ping")
        fixture.driver.press("esc", "g", "1")
        // A second one with the same file name is refused.
        fixture.driver.press("C")
        fixture.driver.type("my api")
        #expect(fixture.driver.press("enter").creations.isEmpty)
        guard case .prompt(let prompt)? = fixture.driver.state.overlay else {
            Issue.record("an existing file keeps the prompt")
            return
        }
        #expect(prompt.error == "my-api.json already exists")
    }

    @Test func renamingARequestKeepsItsDraft() throws {
        var fixture = try fixture()
        fixture.driver.press("g", "2")
        fixture.driver.typeAtEndOfURLPath("/all")
        fixture.driver.press("esc", "g", "1", "r")
        guard case .prompt(let prompt)? = fixture.driver.state.overlay else {
            Issue.record("r asks for the new name")
            return
        }
        #expect(prompt.field.text == "List users")
        // The old name is selected: typing replaces it.
        fixture.driver.type("All users")
        let effects = fixture.driver.press("enter")
        let save = try #require(effects.saves.first)
        #expect(save.document.collection.request(id: "a-users")?.name == "All users")
        #expect(save.document.collection.request(id: "a-users")?.url == "/users")
        #expect(fixture.driver.state.drafts[users]?.name == "All users")
        #expect(fixture.driver.state.drafts[users]?.url == "/users/all")
        #expect(fixture.driver.state.navigator.selectedRow?.title == "All users")
    }

    @Test func renamingAFolderKeepsItOpen() throws {
        var fixture = try fixture()
        fixture.driver.press("k", "k", "r")
        fixture.driver.type("People")
        let renamed = fixture.driver.press("enter")
        fixture.driver.landSaves(renamed)
        let save = try #require(renamed.saves.first)
        #expect(save.document.collection.folder(at: ["People"]) != nil)
        #expect(save.document.collection.folder(at: ["Users"]) == nil)
        let titles = fixture.driver.state.navigator.rows.map(\.title)
        #expect(titles.contains("People") && titles.contains("List users"))
        #expect(fixture.driver.state.navigator.selectedRow?.title == "People")
        // Renaming the collection.
        fixture.driver.press("k", "r")
        fixture.driver.type("Alpha API")
        #expect(fixture.driver.press("enter").saves.first?.document.collection.name == "Alpha API")
    }

    @Test func duplicatingARequestSelectsTheCopy() throws {
        var fixture = try fixture()
        let effects = fixture.driver.press("D")
        let save = try #require(effects.saves.first)
        #expect(
            requestNames(in: ["Users"], save.document.collection) == [
                "List users", "List users copy", "Get user", "Create user", "Slow",
            ])
        let copy = try #require(save.document.collection.allRequests.first { $0.request.name == "List users copy" })
        #expect(copy.request.id != "a-users")
        #expect(copy.request.url == "/users")
        #expect(fixture.driver.state.selection?.requestID == copy.request.id)
    }

    @Test func duplicatingAFolderCopiesItsRequestsWithNewIDsAndTheirUnsavedEdits() throws {
        var fixture = try fixture()
        fixture.driver.press("g", "2")
        fixture.driver.typeAtEndOfURLPath("/all")
        fixture.driver.press("esc", "g", "1")
        _ = fixture.driver.state.navigator.select(.folder(collectionID: TestCollections.alphaID, path: ["Users"]))
        let effects = fixture.driver.press("D")
        fixture.driver.landSaves(effects)
        let collection = try #require(effects.saves.first).document.collection
        #expect(collection.folders.map(\.name).prefix(2) == ["Users", "Users copy"])
        let copies = try #require(collection.folder(at: ["Users copy"])).requests
        let originals = try #require(collection.folder(at: ["Users"])).requests
        #expect(copies.map(\.name) == originals.map(\.name))
        let allIDs = collection.allRequests.map(\.request.id)
        #expect(Set(allIDs).count == allIDs.count)
        // The copy is the request as on screen; the original keeps its saved URL and its draft.
        #expect(copies.first?.url == "/users/all")
        #expect(originals.first?.url == "/users")
        #expect(fixture.driver.state.drafts[users]?.url == "/users/all")
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Users copy")
        // Again: "Users copy 2".
        _ = fixture.driver.state.navigator.select(.folder(collectionID: TestCollections.alphaID, path: ["Users"]))
        let again = try #require(fixture.driver.press("D").saves.first).document.collection
        #expect(again.folders.map(\.name).prefix(3) == ["Users", "Users copy 2", "Users copy"])
    }

    @Test func deletingCanBeUndoneForTenSeconds() throws {
        var fixture = try fixture()
        let before = try #require(fixture.driver.state.document(collectionID: TestCollections.alphaID)).collection
        let effects = fixture.driver.press("d", "d")
        fixture.driver.landSaves(effects)
        let save = try #require(effects.saves.first)
        #expect(save.document.collection.request(id: "a-users") == nil)
        #expect(fixture.driver.state.selection == nil)
        #expect(!fixture.driver.state.navigator.rows.contains { $0.title == "List users" })
        #expect(fixture.driver.state.toast?.message == "Deleted request List users (u: undo)")
        #expect(fixture.driver.state.isAnimating)
        fixture.driver.advance(by: .seconds(9))
        let undone = fixture.driver.press("u")
        #expect(undone.saves.first?.document.collection == before)
        #expect(fixture.driver.state.navigator.rows.contains { $0.title == "List users" })
        #expect(fixture.driver.state.toast?.message == "Restored: request List users")
        // Written: the notice stays, and says so.
        fixture.driver.landSaves(undone)
        #expect(fixture.driver.state.toast?.message == "Restored: request List users · saved alpha.json")
        // After ten seconds the deletion stays.
        while fixture.driver.state.navigator.selectedRow?.title != "Get user" { fixture.driver.press("j") }
        fixture.driver.press("delete")
        #expect(fixture.driver.state.undo != nil)
        fixture.driver.advance(by: .seconds(11))
        #expect(fixture.driver.state.undo == nil)
        #expect(fixture.driver.state.isAnimating == false)
        #expect(fixture.driver.press("u").isEmpty)
        #expect(
            fixture.driver.state.toast?.message
                == "Nothing to undo here (u brings back a deletion or a rename); z in the request pane undoes a request's edits"
        )
    }

    @Test func undoingADeletionGivesBackTheUnsavedEdits() throws {
        var fixture = try fixture()
        fixture.driver.press("g", "2")
        fixture.driver.typeAtEndOfURLPath("/all")
        fixture.driver.press("esc", "g", "1")
        #expect(fixture.driver.state.dirtyCount == 1)
        fixture.driver.press("d", "d")
        #expect(fixture.driver.state.dirtyCount == 0)
        let undone = fixture.driver.press("u")
        #expect(undone.contains { if case .storeDrafts = $0 { true } else { false } })
        #expect(fixture.driver.state.drafts[users]?.url == "/users/all")
        // The cursor is back on it, open with its edits (it stayed on the row below, the
        // request pane empty).
        #expect(fixture.driver.state.navigator.selectedRow?.title == "List users")
        #expect(fixture.driver.state.selection == users)
        #expect(fixture.driver.state.editor.url.text.hasPrefix("/users/all"))
        // A folder's deletion takes its requests' drafts too (no unsaved count for a request that
        // is gone), and its undo gives them back.
        _ = fixture.driver.state.navigator.select(.folder(collectionID: TestCollections.alphaID, path: ["Users"]))
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Users")
        fixture.driver.press("d", "d")
        #expect(fixture.driver.state.dirtyCount == 0)
        fixture.driver.press("u")
        #expect(fixture.driver.state.drafts[users]?.url == "/users/all")
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Users")
    }

    @Test func anUndoNeverTakesAwayWhatWasSavedSinceTheDeletion() throws {
        var fixture = try fixture()
        fixture.driver.landSaves(fixture.driver.press("d", "d"))
        // Within the ten seconds another request is edited and saved.
        fixture.driver.press("j")
        let edited = try #require(fixture.driver.state.selection)
        fixture.driver.typeAtEndOfURLPath("/v2")
        fixture.driver.press("esc")
        let saved = try #require(fixture.driver.press("ctrl+s").saves.first)
        fixture.driver.reduce(.saved(collectionID: TestCollections.alphaID, .success(saved.document)))
        #expect(fixture.driver.state.drafts[edited] == nil)
        fixture.driver.press("g", "1")
        #expect(fixture.driver.press("u").saves.isEmpty)
        #expect(
            fixture.driver.state.toast?.message == "Not undone: Alpha changed since the request List users was deleted")
        let collection = try #require(fixture.driver.state.document(collectionID: TestCollections.alphaID)).collection
        #expect(collection.request(id: edited.requestID)?.url.hasSuffix("/v2") == true)
        #expect(fixture.driver.state.undo?.description == nil)
    }

    @Test func deletingAFolderDeletesItsRequestsAndCollectionsAreNotDeletedHere() throws {
        var fixture = try fixture()
        fixture.driver.press("k", "k")
        let save = try #require(fixture.driver.press("d", "d").saves.first)
        #expect(save.document.collection.folder(at: ["Users"]) == nil)
        #expect(save.document.collection.request(id: "a-users") == nil)
        #expect(fixture.driver.state.toast?.message == "Deleted folder Users (u: undo)")
        fixture.driver.press("g", "g")
        #expect(fixture.driver.press("d", "d").saves.isEmpty)
        #expect(fixture.driver.state.toast?.message == "Collection files are deleted outside Lazer")
    }

    @Test func requestsAndFoldersMoveAmongTheirSiblings() throws {
        var fixture = try fixture()
        let downEffects = fixture.driver.press("J")
        fixture.driver.landSaves(downEffects)
        let down = try #require(downEffects.saves.first)
        #expect(
            requestNames(in: ["Users"], down.document.collection) == ["Get user", "List users", "Create user", "Slow"])
        #expect(fixture.driver.state.navigator.selectedRow?.title == "List users")
        let upEffects = fixture.driver.press("K")
        fixture.driver.landSaves(upEffects)
        let up = try #require(upEffects.saves.first)
        #expect(
            requestNames(in: ["Users"], up.document.collection) == ["List users", "Get user", "Create user", "Slow"])
        // The first one cannot move up.
        #expect(fixture.driver.press("K").saves.isEmpty)
        fixture.driver.press("k", "k")
        let folder = try #require(fixture.driver.press("J").saves.first)
        #expect(folder.document.collection.folders.map(\.name) == ["Empty", "Users"])
    }

    @Test func mMovesARequestOrAFolderIntoAnotherFolder() throws {
        var fixture = try fixture()
        // "List users" (in Users) to the top level.
        fixture.driver.press("m")
        guard case .prompt(let prompt)? = fixture.driver.state.overlay else {
            Issue.record("m asks where to")
            return
        }
        #expect(prompt.field.text == "Users")
        fixture.driver.press("ctrl+a", "backspace")
        let toTopEffects = fixture.driver.press("enter")
        fixture.driver.landSaves(toTopEffects)
        let toTop = try #require(toTopEffects.saves.first)
        #expect(toTop.document.collection.requests.map(\.name).contains("List users"))
        #expect(!(requestNames(in: ["Users"], toTop.document.collection).contains("List users")))
        #expect(fixture.driver.state.navigator.selectedRow?.title == "List users")
        // A folder that does not exist is refused in place, nothing written.
        fixture.driver.press("m")
        fixture.driver.type("Nowhere")
        #expect(fixture.driver.press("enter").saves.isEmpty)
        guard case .prompt(let refused)? = fixture.driver.state.overlay else {
            Issue.record("the prompt stays open")
            return
        }
        #expect(refused.error?.contains("No folder \"Nowhere\"") == true)
        // Into Users/Admin by its path.
        fixture.driver.press("ctrl+a")
        fixture.driver.type("Users/Admin")
        let intoAdminEffects = fixture.driver.press("enter")
        fixture.driver.landSaves(intoAdminEffects)
        let intoAdmin = try #require(intoAdminEffects.saves.first)
        #expect(requestNames(in: ["Users", "Admin"], intoAdmin.document.collection).last == "List users")
        // The Empty folder into Users; a folder never goes into itself.
        let found = fixture.driver.state.navigator.select(
            .folder(collectionID: TestCollections.alphaID, path: ["Empty"]))
        #expect(found)
        fixture.driver.press("m")
        fixture.driver.press("ctrl+a")
        fixture.driver.type("Empty")
        #expect(fixture.driver.press("enter").saves.isEmpty)
        fixture.driver.press("ctrl+a")
        fixture.driver.type("Users")
        let folder = try #require(fixture.driver.press("enter").saves.first)
        #expect(folder.document.collection.folder(at: ["Users", "Empty"]) != nil)
        #expect(folder.document.collection.folder(at: ["Empty"]) == nil)
    }
}

import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Lazer's own writes are never taken for another program's: structural edits write the file at
/// once, and `J J K K` sends four saves in a row.
@MainActor
struct OwnSaveTests {
    private func requestNames(in folder: [String], _ collection: RequestCollection?) -> [String] {
        collection?.folder(at: folder)?.requests.map(\.name) ?? []
    }

    @Test func aSaveAskedForWhileOneIsInFlightWaitsAndCarriesTheFingerprintTheFirstWrote() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        fixture.driver.press("g", "1")
        let first = fixture.driver.press("J").saves
        // The second move waits for the first save's result: sent at once, it carried the
        // fingerprint of the file before the first save and was refused as "changed on disk".
        #expect(fixture.driver.press("J").saves.isEmpty)
        #expect(fixture.driver.state.savesInFlight == [TestCollections.alphaID])
        let firstSave = try #require(first.first)
        var written = firstSave.document
        try CollectionStore.save(&written)
        let next = fixture.driver.reduce(.saved(collectionID: TestCollections.alphaID, .success(written)))
        let second = try #require(next.saves.first)
        #expect(next.saves.count == 1)
        #expect(second.document.fingerprint == written.fingerprint)
        #expect(
            requestNames(in: ["Users"], second.document.collection) == [
                "Get user", "Create user", "List users", "Slow",
            ])
        // The first result did not put the collection back to one move.
        #expect(
            requestNames(
                in: ["Users"], fixture.driver.state.document(collectionID: TestCollections.alphaID)?.collection)
                == ["Get user", "Create user", "List users", "Slow"])
        var secondWritten = second.document
        try CollectionStore.save(&secondWritten)
        let done = fixture.driver.reduce(.saved(collectionID: TestCollections.alphaID, .success(secondWritten)))
        #expect(done.saves.isEmpty)
        #expect(fixture.driver.state.savesInFlight.isEmpty)
        #expect(fixture.driver.state.document(collectionID: TestCollections.alphaID)?.isModified == false)
    }

    /// The whole loop with real files: four moves typed faster than the work queue writes them.
    @Test func movingRequestsQuicklyWithADraftRaisesNoConflictAndSavesNoDraft() throws {
        let harness = try ExplorerHarness(collections: Shipped.jsonPlaceholder())
        let path = harness.folder.path("jsonplaceholder.json")
        let original = try String(contentsOfFile: path, encoding: .utf8)
        harness.open("List posts")
        // A draft: a query row added in the Params tab.
        harness.press("ctrl+l", "end")
        harness.type("&draft=1")
        harness.press("esc")
        #expect(harness.state.drafts.count == 1)
        harness.press("g", "1")
        #expect(harness.state.focus == .collections)
        #expect(harness.state.navigator.selectedRow?.title == "List posts")
        harness.press("J", "J", settle: false)
        harness.settle()
        #expect(
            requestNames(in: ["Posts"], harness.state.document(collectionID: ShippedIDs.jsonPlaceholder)?.collection)
                .firstIndex(of: "List posts") == 2)
        // Both moves are in the file.
        let moved = ExplorerReducerDriver.load(path).document?.collection
        #expect(requestNames(in: ["Posts"], moved).firstIndex(of: "List posts") == 2)
        harness.press("K", "K", settle: false)
        harness.settle()
        harness.advance(by: .seconds(1))
        if case .conflict? = harness.state.overlay {
            Issue.record("our own saves were taken for another program's:\n\(harness.screen)")
        }
        #expect(harness.state.overlay == nil)
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!saved.contains("draft=1") && !saved.contains("\"draft\""))
        // Down twice and up twice: the file is as it was.
        #expect(saved == original)
        #expect(harness.state.drafts.count == 1)
        #expect(harness.state.document(collectionID: ShippedIDs.jsonPlaceholder)?.isModified == false)
    }
}

/// The "changed on disk" question never takes a key meant for something else (issue 34).
@MainActor
struct ConflictQuestionProgramTests {
    @Test func typingIntoTheURLWhileAnOutsideEditArrivesAnswersNothing() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), startup: StartupRequest(request: "Posts/Get a post"))
        let path = harness.folder.path("jsonplaceholder.json")
        harness.press("ctrl+l", "end")
        harness.type("/te")
        // Another program rewrites the file while the URL is being typed.
        let theirs = try harness.folder.read("jsonplaceholder.json").replacingOccurrences(
            of: #""name": "List posts""#, with: #""name": "All posts""#)
        try theirs.write(toFile: path, atomically: true, encoding: .utf8)
        harness.dispatch(.fileChanged(ExplorerReducerDriver.load(path)))
        // The question waits; every key goes on into the URL (t used to answer "take theirs").
        #expect(harness.state.overlay == nil)
        #expect(harness.shows("changed on disk: Lazer asks what to keep when you finish typing"))
        harness.type("st")
        #expect(harness.state.editor.url.text == "/posts/:id/test")
        #expect(harness.state.drafts.count == 1)
        // The edit ends: now it asks. Keys typed right after (K moving a request, Enter) and bare
        // letters answer nothing.
        harness.press("esc")
        #expect(harness.shows("JSONPlaceholder changed on disk"))
        harness.press("t", "K", "k", "enter", "alt+t")
        harness.advance(by: .seconds(1))
        harness.press("t", "k", "d", "enter")
        guard case .conflict? = harness.state.overlay else {
            Issue.record("a key typed for something else answered the question:\n\(harness.screen)")
            return
        }
        #expect(harness.state.drafts.count == 1)
        harness.press("alt+k")
        #expect(harness.state.overlay == nil)
        #expect(harness.state.drafts.first?.value.url == "/posts/:id/test")
        #expect(try harness.folder.read("jsonplaceholder.json") == theirs)
        #expect(
            harness.state.document(collectionID: ShippedIDs.jsonPlaceholder)?.collection.allRequests.contains {
                $0.request.name == "All posts"
            } == true)
    }
}

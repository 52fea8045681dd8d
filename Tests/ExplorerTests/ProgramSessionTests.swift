import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import HTTPCoreTesting
import StateStore
import TUI
import Testing
import Workspace

/// Editing, saving, drafts across sessions, quitting, outside changes, and what the program does
/// with time and frames.
@MainActor
struct ProgramSessionTests {
    private func fileLines(_ harness: ExplorerHarness, _ name: String) throws -> [String] {
        try harness.folder.read(name).components(separatedBy: "\n")
    }

    @Test func editingAHeaderAndSavingChangesExactlyThatLineOfTheFile() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), startup: StartupRequest(request: "Posts/Create a post"))
        let before = try fileLines(harness, "jsonplaceholder.json")
        harness.press("alt+2", "right", "enter")
        harness.press("ctrl+a")
        harness.type("application/vnd.api+json")
        harness.press("enter")
        #expect(harness.shows("Request · Create a post ●"))
        harness.press("ctrl+s")
        #expect(harness.shows("Saved jsonplaceholder.json"))
        #expect(!harness.shows("Request · Create a post ●"))
        #expect(harness.state.drafts.isEmpty)
        let after = try fileLines(harness, "jsonplaceholder.json")
        let changes = after.difference(from: before)
        #expect(changes.count == 2)
        #expect(
            changes.removals.map { if case .remove(_, let line, _) = $0 { line } else { "" } } == [
                #"              "value": "application/json""#
            ])
        #expect(
            changes.insertions.map { if case .insert(_, let line, _) = $0 { line } else { "" } } == [
                #"              "value": "application/vnd.api+json""#
            ])
    }

    /// A first session on the shipped JSONPlaceholder that types `/edited` after Get a post's URL,
    /// runs `then`, and dies there: no quit, no save.
    private func editGetAPost(in folder: HarnessFolder, then: (ExplorerHarness) throws -> Void) throws {
        let first = try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), folder: folder,
            startup: StartupRequest(request: "Posts/Get a post"))
        first.press("ctrl+l")
        first.type("/edited")
        try then(first)
    }

    static let jsonPlaceholderID = "5a0c6b8e-2f4d-4e51-9b7a-3c1d2e4f6a01"

    /// Every stored draft's text, of every instance.
    private func storedDraftText(_ folder: HarnessFolder) throws -> String {
        try folder.storedDrafts().values.flatMap { $0 }.joined(separator: "\n")
    }

    @Test func draftsAreAutosavedShortlyAfterAnEditAndOfferedAgainAfterACrash() throws {
        let folder = try HarnessFolder()
        try editGetAPost(in: folder) { first in
            let before = try storedDraftText(folder)
            #expect(before.isEmpty)
            first.advance(by: .milliseconds(499))
            let early = try storedDraftText(folder)
            #expect(early.isEmpty)
            first.advance(by: .milliseconds(1))
            let stored = try storedDraftText(folder)
            #expect(stored.contains("/posts/:id/edited"))
        }
        let second = try ExplorerHarness(folder: folder, startup: StartupRequest(request: "Posts/Get a post"))
        #expect(second.shows("Unsaved drafts found"))
        #expect(try second.folder.read("jsonplaceholder.json").contains("/posts/:id/edited") == false)
        second.advance(by: .seconds(1))
        second.press("alt+r")
        #expect(second.state.editor.url.text == "/posts/:id/edited")
        #expect(second.shows("Request · Get a post ●"))
        #expect(second.shows("● 1 unsaved"))
        // Restored drafts are the second instance's now, stored once.
        second.advance(by: .seconds(1))
        let stored = try folder.storedDrafts()
        #expect(stored.count == 1)
        #expect(stored.values.first?.count == 1)
    }

    @Test func aDraftTheLoaderRefusesDoesNotTakeTheOtherDraftsOfItsCollectionWithIt() throws {
        let folder = try HarnessFolder()
        try editGetAPost(in: folder) { $0.advance(by: .seconds(1)) }
        // A second draft of the same collection that no longer loads (an earlier version let an
        // unreadable JSONPath into a check): every draft of the collection used to vanish.
        let bad =
            #"{"formatVersion": 1, "id": "\#(Self.jsonPlaceholderID)", "name": "drafts", "requests": [{"id": "jp-posts-create", "#
            + #""name": "Create a post", "method": "POST", "url": "/posts", "#
            + #""expectations": [{"subject": "jsonPath", "path": "$.items[?(", "op": "exists"}]}]}"#
        let store = StateDatabase(path: folder.stateStorePath)
        try store.replaceDrafts(
            of: DraftInstance(id: "older", process: "gone"),
            with: [StoredDraft(collectionID: Self.jsonPlaceholderID, requestID: "jp-posts-create", json: bad)], now: 1)
        let second = try ExplorerHarness(folder: folder, startup: StartupRequest(request: "Posts/Get a post"))
        #expect(second.shows("Unsaved drafts found"))
        second.advance(by: .seconds(1))
        second.press("alt+r")
        #expect(second.state.editor.url.text == "/posts/:id/edited")
        #expect(second.state.drafts.count == 1)
    }

    @Test func anotherRunningInstancesDraftsAreNeverOfferedNorTouched() throws {
        let folder = try HarnessFolder()
        // Left by a lazer still running (this test's process) on another project.
        let theirs = StoredDraft(
            collectionID: "other-project", requestID: "o-1",
            json: #"{"formatVersion": 1, "id": "other-project", "name": "drafts", "requests": "#
                + #"[{"id": "o-1", "name": "Theirs", "method": "GET", "url": "/their/edit"}]}"#)
        try StateDatabase(path: folder.stateStorePath).replaceDrafts(
            of: DraftInstance.current(), with: [theirs], now: 1)
        let harness = try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), folder: folder,
            startup: StartupRequest(request: "Posts/Get a post"))
        #expect(!harness.shows("Unsaved drafts found"))
        harness.press("ctrl+l")
        harness.type("/mine")
        harness.advance(by: .seconds(1))
        #expect(try storedDraftText(folder).contains("/posts/:id/mine"))
        #expect(try storedDraftText(folder).contains("/their/edit"))
        // Quitting without drafts of its own leaves theirs.
        harness.press("ctrl+q")
        harness.advance(by: .seconds(1))
        harness.press("alt+d")
        #expect(harness.host.didQuit)
        #expect(try storedDraftText(folder).contains("/their/edit"))
        #expect(try !storedDraftText(folder).contains("/posts/:id/mine"))
    }

    @Test func discardingRecoveredDraftsRemovesOnlyWhatWasOffered() throws {
        let folder = try HarnessFolder()
        try editGetAPost(in: folder) { $0.advance(by: .seconds(1)) }
        let running = StoredDraft(
            collectionID: "other-project", requestID: "o-1",
            json: #"{"formatVersion": 1, "id": "other-project", "name": "drafts", "requests": "#
                + #"[{"id": "o-1", "name": "Theirs", "method": "GET", "url": "/their/edit"}]}"#)
        try StateDatabase(path: folder.stateStorePath).replaceDrafts(
            of: DraftInstance.current(), with: [running], now: 1)
        let second = try ExplorerHarness(folder: folder, startup: StartupRequest(request: "Posts/Get a post"))
        #expect(second.shows("Unsaved drafts found"))
        second.advance(by: .seconds(1))
        second.press("alt+d")
        second.advance(by: .seconds(1))
        #expect(try !storedDraftText(folder).contains("/posts/:id/edited"))
        #expect(try storedDraftText(folder).contains("/their/edit"))
        // Nothing is offered again.
        let third = try ExplorerHarness(folder: folder, startup: StartupRequest(request: "Posts/Get a post"))
        #expect(!third.shows("Unsaved drafts found"))
    }

    @Test func draftsOfTheOldDraftsFileAreImportedOnceWithoutTheirCredentials() throws {
        let folder = try HarnessFolder()
        try folder.write(try Shipped.jsonPlaceholder())
        let collection = try #require(CollectionStore.load(path: folder.path("jsonplaceholder.json")).document)
        let id = collection.collection.id
        let old =
            #"[{"id": "\#(id)", "name": "drafts", "requests": [{"id": "jp-posts-get", "name": "Get a post", "#
            + #""method": "GET", "url": "/posts/:id/old", "auth": {"type": "bearer", "token": "typed-secret-1234"}}]}]"#
        try old.write(toFile: folder.draftsPath, atomically: true, encoding: .utf8)
        let harness = try ExplorerHarness(folder: folder, startup: StartupRequest(request: "Posts/Get a post"))
        #expect(harness.shows("Unsaved drafts found"))
        #expect(!FileManager.default.fileExists(atPath: folder.draftsPath))
        #expect(try !storedDraftText(folder).contains("typed-secret-1234"))
        harness.advance(by: .seconds(1))
        harness.press("alt+r")
        #expect(harness.state.editor.url.text == "/posts/:id/old")
        #expect(harness.shows("credentials typed since the last save were not kept"))
    }

    @Test func quittingWithADraftAsksAndDiscardLeavesNothingToRecover() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), startup: StartupRequest(request: "Posts/Get a post"))
        harness.press("ctrl+l")
        harness.type("x")
        harness.advance(by: .seconds(1))
        #expect(try !storedDraftText(harness.folder).isEmpty)
        harness.press("ctrl+q")
        #expect(harness.shows("Unsaved edits"))
        #expect(!harness.host.didQuit)
        harness.advance(by: .seconds(1))
        harness.press("d")
        #expect(!harness.host.didQuit)
        harness.press("alt+d")
        #expect(harness.host.didQuit)
        #expect(try storedDraftText(harness.folder).isEmpty)
        #expect(try !harness.folder.read("jsonplaceholder.json").contains("/posts/:idx"))
    }

    @Test func saveAllFromTheQuitPromptWritesTheFileThenQuits() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), startup: StartupRequest(request: "Posts/Get a post"))
        harness.press("ctrl+l")
        harness.type("x")
        harness.press("ctrl+q")
        harness.advance(by: .seconds(1))
        harness.press("alt+s")
        #expect(harness.host.didQuit)
        #expect(try harness.folder.read("jsonplaceholder.json").contains(#""url": "/posts/:idx""#))
        #expect(try storedDraftText(harness.folder).isEmpty)
    }

    @Test func aFileChangedByAnotherProgramIsNeverOverwrittenSilently() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), startup: StartupRequest(request: "Posts/Get a post"))
        harness.press("ctrl+l")
        harness.type("/mine")
        harness.press("esc")
        // Another program edits the file meanwhile.
        let theirs = try harness.folder.read("jsonplaceholder.json").replacingOccurrences(
            of: #""name": "List posts""#, with: #""name": "All posts""#)
        try theirs.write(toFile: harness.folder.path("jsonplaceholder.json"), atomically: true, encoding: .utf8)
        harness.press("ctrl+s")
        #expect(harness.shows("JSONPlaceholder changed on disk"))
        #expect(try harness.folder.read("jsonplaceholder.json") == theirs)
        harness.advance(by: .seconds(1))
        // Keep mine keeps the draft as a draft over their version: nothing is written.
        harness.press("alt+k")
        #expect(try harness.folder.read("jsonplaceholder.json") == theirs)
        #expect(harness.state.drafts.count == 1)
        // Saving it now writes it over their version, which is kept.
        harness.press("ctrl+s")
        let saved = try harness.folder.read("jsonplaceholder.json")
        #expect(saved.contains(#""url": "/posts/:id/mine""#))
        #expect(saved.contains(#""name": "All posts""#))
        #expect(harness.state.drafts.isEmpty)
    }

    @Test func theSelectionAndEnvironmentAreRememberedForTheNextSession() throws {
        let folder = try HarnessFolder()
        do {
            let first = try ExplorerHarness(
                collections: [TestCollections.alpha], folder: folder, processEnvironment: TestCollections.environment)
            #expect(first.state.selectedRequest?.name == "Root")
            first.open("Create user")
            first.press("F2", "j", "enter", "ctrl+q")
            #expect(first.host.didQuit)
        }
        let second = try ExplorerHarness(folder: folder, processEnvironment: TestCollections.environment)
        #expect(second.state.selectedRequest?.name == "Create user")
        #expect(second.shows("env ▸ prod (live)"))
        #expect(second.shows("Request · Create user"))
    }

    @Test func theFirstRequestIsSelectedAtStartEvenInsideAFolder() throws {
        let harness = try ExplorerHarness(collections: try Shipped.jsonPlaceholder())
        #expect(harness.state.selectedRequest?.name == "List posts")
        #expect(harness.shows("Request · List posts"))
        #expect(harness.shows("→ http://jsonplaceholder.mock/posts"))
    }

    @Test func structuralEditsAreWrittenAtOnceAndUndoRestoresTheFile() throws {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha], startup: StartupRequest(request: "a-user"),
            processEnvironment: TestCollections.environment)
        let original = try #require(harness.state.document(collectionID: TestCollections.alphaID)).collection
        harness.press("g", "1", "d", "d")
        #expect(harness.shows("Deleted request Get user (u: undo)"))
        #expect(try !harness.folder.read("alpha.json").contains("Get user"))
        harness.press("u")
        let restored = CollectionStore.load(path: harness.folder.path("alpha.json"))
        guard case .loaded(let document) = restored else {
            Issue.record("the restored file loads")
            return
        }
        #expect(document.collection.allRequests == original.allRequests)
        #expect(document.collection.folders == original.folders)
        harness.press("a")
        harness.type("Search")
        harness.press("enter")
        let saved = try harness.folder.read("alpha.json")
        #expect(saved.contains(#""name": "Search""#))
        #expect(harness.state.editor.focus == .url)
    }

    @Test func anIdleExplorerRunsNoTimersAndDrawsNothing() throws {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha], startup: StartupRequest(request: "a-users"),
            processEnvironment: TestCollections.environment)
        harness.press("F5")
        harness.advance(by: .seconds(1))
        #expect(harness.timeline.pendingCount == 0)
        let frames = harness.frameCount
        harness.advance(by: .seconds(10))
        #expect(harness.frameCount == frames)
        // A toast animates until it goes away, then the timer stops.
        harness.press("F6")
        #expect(harness.shows("No request in flight"))
        harness.advance(by: .seconds(3))
        #expect(harness.shows("No request in flight"))
        harness.advance(by: .seconds(2))
        #expect(!harness.shows("No request in flight"))
        #expect(harness.timeline.pendingCount == 0)
    }

    @Test func keysQueuedTogetherMakeOneFrame() throws {
        let harness = try ExplorerHarness(collections: [TestCollections.alpha])
        let frames = harness.frameCount
        for _ in 0..<5 { harness.press("k", settle: false) }
        harness.settle()
        #expect(harness.frameCount == frames + 1)
        #expect(harness.state.navigator.selected == 0)
    }

    @Test func resizingDownToOneByOneAndBackRedrawsTheExplorer() throws {
        let harness = try ExplorerHarness(collections: [TestCollections.alpha])
        harness.resize(width: 50, height: 10)
        #expect(harness.shows("Terminal too small"))
        harness.resize(width: 1, height: 1)
        #expect(harness.screen == "T")
        harness.press("j")
        harness.resize(width: 80, height: 24)
        #expect(harness.shows("Collections"))
        #expect(harness.lines.count == 24)
        #expect(harness.lines.allSatisfy { CharacterWidth.of($0) == 80 })
        #expect(harness.state.size == Size(width: 80, height: 24))
    }

    @Test func theBodyGoesToTheEditorAndComesBackAsADraft() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), startup: StartupRequest(request: "Posts/Create a post"))
        harness.host.editor = { path in
            #expect(path.hasSuffix(".json"))
            try? #"{"title":"From vim"}"#.write(toFile: path, atomically: false, encoding: .utf8)
            return 0
        }
        harness.press("alt+e")
        #expect(harness.host.editedPaths.count == 1)
        // Kept as typed (not reformatted) since it is not in the pretty-printed form.
        #expect(harness.state.selectedRequest?.body.content == .jsonText(#"{"title":"From vim"}"#))
        #expect(harness.shows("Body updated from the editor"))
        // The temporary file is gone; an editor that fails changes nothing.
        #expect(!FileManager.default.fileExists(atPath: harness.host.editedPaths[0]))
        harness.host.editor = { _ in 1 }
        harness.press("alt+e")
        #expect(harness.shows("The editor exited with status 1; the body is unchanged"))
        // The shell's 127: a missing editor, said in words.
        harness.host.editor = { _ in 127 }
        harness.press("alt+e")
        #expect(harness.shows("The editor was not found (set $VISUAL or $EDITOR); the body is unchanged"))
    }

    @Test func ctrlZSuspendsOnlyWhileNoTextFieldHasTheKeyboard() throws {
        let harness = try ExplorerHarness(collections: [TestCollections.alpha])
        #expect(harness.host.suspendsOnControlZ)
        harness.press("ctrl+l")
        #expect(!harness.host.suspendsOnControlZ)
        harness.press("esc")
        #expect(harness.host.suspendsOnControlZ)
    }
}

import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// The workspace slice's answers to the explorer's questions, stepped exhaustively: quitting
/// with or without unsaved work, recovered drafts restored or discarded, a file changed on disk
/// kept, taken or compared, a read-only file, and auth given to a folder; what reaches the other
/// panes (the dialog closed, the editor reloaded, the program ended) is asked of the root.
struct WorkspaceAnswersSliceTests {
    private static let users = TestCollections.key("a-users")
    private static let admin = TestCollections.key("a-admin")

    private func steps(selection: RequestKey? = users) throws -> SliceStepDriver<WorkspaceReducer> {
        let state = try ReducerFixture().driver.state
        return SliceStepDriver(state: state.workspace, context: WorkspaceReducer.Context(selection: selection))
    }

    private func draft(_ steps: SliceStepDriver<WorkspaceReducer>, _ key: RequestKey, url: String) throws
        -> SavedRequest
    {
        var request = try #require(steps.state.request(key))
        request.url = url
        return request
    }

    @Test func quittingWithNothingUnsavedEndsAtOnceAndWithDraftsAsks() throws {
        var steps = try steps()
        steps.step(.requestQuit, outcome: .init(effects: [.storeDrafts([:]), .quit], requests: [.quit]))
        let edited = try draft(steps, Self.users, url: "/users/active")
        steps.step(.setDraft(Self.users, edited)) { $0.drafts[Self.users] = edited }
        steps.step(.requestQuit, outcome: .init(requests: [.openOverlay(.quitPrompt(selected: -1))]))
        // "Discard": the drafts go, the program ends.
        steps.step(.discardAndQuit, outcome: .init(effects: [.storeDrafts([:]), .quit], requests: [.quit])) {
            $0.drafts = [:]
        }
    }

    @Test func aDraftEqualToTheSavedRequestIsNoDraft() throws {
        var steps = try steps()
        let saved = try #require(steps.state.savedRequest(Self.users))
        let edited = try draft(steps, Self.users, url: "/users/active")
        steps.step(.setDraft(Self.users, edited)) { $0.drafts[Self.users] = edited }
        steps.step(.setDraft(Self.users, saved)) { $0.drafts[Self.users] = nil }
        // A request no collection has: nothing.
        steps.step(.setDraft(TestCollections.key("gone"), edited))
        // The drafts of deleted requests leave; an undo gives them back as they were.
        steps.step(.setDraft(Self.users, edited)) { $0.drafts[Self.users] = edited }
        steps.step(.dropDrafts([Self.users])) { $0.drafts = [:] }
        var newer = edited
        newer.url = "/users/newer"
        steps.step(.setDraft(Self.users, newer)) { $0.drafts[Self.users] = newer }
        steps.step(.restoreDrafts([Self.users: edited])) { $0.drafts[Self.users] = edited }
    }

    @Test func aBodyFromTheEditorBecomesTheDraftOrItsFailureIsSaid() throws {
        var steps = try steps()
        let create = TestCollections.key("a-create")
        var expected = try #require(steps.state.request(create))
        expected.body = BodyText.replacing(expected.body, with: "{\"name\": \"Grace\"}")
        steps.step(
            .bodyEdited(create, text: "{\"name\": \"Grace\"}", message: nil),
            outcome: .init(
                effects: [.storeDrafts([create: expected])],
                notice: Notice("Body updated from the editor", kind: .success))
        ) { $0.drafts[create] = expected }
        steps.step(
            .bodyEdited(create, text: nil, message: "The editor exited with status 1"),
            outcome: .init(notice: Notice("The editor exited with status 1", kind: .warning)))
    }

    @Test func recoveredDraftsAreRestoredWithWhatTheyLostOrDiscarded() throws {
        var steps = try steps()
        let edited = try draft(steps, Self.users, url: "/users/recovered")
        steps.step(
            .draftsFound([Self.users: edited]),
            outcome: .init(requests: [
                .ask(
                    .recoverDrafts(count: 1, selected: -1),
                    waitingNotice:
                        "Unsaved drafts from last time were found: Lazer asks about them when you finish typing")
            ])
        ) { $0.recoveredDrafts = [Self.users: edited] }
        steps.step(
            .recoverDrafts(restore: true),
            outcome: .init(
                effects: [.storeDrafts([Self.users: edited])],
                notice: Notice("Restored 1 unsaved draft", kind: .success),
                requests: [.closeOverlay, .reloadEditor(Self.users)])
        ) {
            $0.drafts = [Self.users: edited]
            $0.recoveredDrafts = [:]
        }
        // Discarded: they go, the drafts stay as they were.
        var other = try self.steps()
        other.step(
            .draftsFound([Self.users: edited]),
            outcome: .init(requests: [
                .ask(
                    .recoverDrafts(count: 1, selected: -1),
                    waitingNotice:
                        "Unsaved drafts from last time were found: Lazer asks about them when you finish typing")
            ])
        ) { $0.recoveredDrafts = [Self.users: edited] }
        other.step(
            .recoverDrafts(restore: false), outcome: .init(effects: [.storeDrafts([:])], requests: [.closeOverlay])
        ) { $0.recoveredDrafts = [:] }
    }

    /// Alpha changed on disk by another program while `a-users` has a draft: the question waits.
    private func conflicted() throws -> (SliceStepDriver<WorkspaceReducer>, CollectionSlot) {
        var steps = try steps()
        let id = TestCollections.alphaID
        let edited = try draft(steps, Self.users, url: "/users/mine")
        steps.step(.setDraft(Self.users, edited)) { $0.drafts[Self.users] = edited }
        var changed = try #require(steps.state.slot(collectionID: id))
        let current = try #require(changed.document)
        var theirs = current.collection
        theirs.name = "Alpha (theirs)"
        changed.document = CollectionDocument(
            path: current.path, collection: theirs, fingerprint: FileFingerprint(size: 9, hash: 9))
        steps.step(
            .fileChanged(changed),
            outcome: .init(requests: [
                .ask(
                    .conflict(collectionID: id, selected: -1),
                    waitingNotice: "alpha.json changed on disk: Lazer asks what to keep when you finish typing")
            ])
        ) { $0.pendingReload[id] = changed }
        return (steps, changed)
    }

    @Test func aConflictIsComparedKeptOrTaken() throws {
        var (steps, changed) = try conflicted()
        let id = TestCollections.alphaID
        // The difference: a viewer over the question; nothing changes.
        let text = DraftDifference.describe(
            base: steps.state.document(collectionID: id)?.savedCollection, theirs: changed.document?.collection,
            drafts: steps.state.drafts)
        steps.step(
            .resolveConflict(collectionID: id, choice: 2),
            outcome: .init(requests: [
                .view(
                    title: "What changed on disk, and what your drafts change", text: text,
                    over: .conflict(collectionID: id, selected: -1))
            ]))
        // Keep mine: the file's version is the collection, the draft stays a draft over it.
        steps.step(
            .resolveConflict(collectionID: id, choice: 0),
            outcome: .init(
                notice: Notice("Kept your draft (unsaved) over the new version of alpha.json", kind: .info),
                requests: [.closeOverlay, .collectionsChanged, .reloadEditor(Self.users)])
        ) {
            $0.pendingReload = [:]
            $0.collections[0] = changed
        }
        // Take theirs: the same, without the drafts.
        (steps, changed) = try conflicted()
        steps.step(
            .resolveConflict(collectionID: id, choice: 1),
            outcome: .init(
                effects: [.storeDrafts([:])],
                notice: Notice("Took the new version of alpha.json; your drafts there are discarded", kind: .info),
                requests: [.closeOverlay, .collectionsChanged, .reloadEditor(Self.users)])
        ) {
            $0.pendingReload = [:]
            $0.drafts = [:]
            $0.collections[0] = changed
        }
        // Answered already (the question was still on screen): it closes.
        steps.step(.resolveConflict(collectionID: id, choice: 0), outcome: .init(requests: [.closeOverlay]))
    }

    @Test func aReadOnlyFileIsReplacedOrLeftAndThatIsSaid() throws {
        var steps = try steps()
        let id = TestCollections.alphaID
        steps.step(
            .replaceReadOnly(collectionID: id, path: "/c/alpha.json", choice: 0),
            outcome: .init(effects: [.replaceReadOnly(collectionID: id)], requests: [.closeOverlay]))
        steps.step(
            .replaceReadOnly(collectionID: id, path: "/c/alpha.json", choice: 1),
            outcome: .init(
                notice: Notice("Not saved: alpha.json is read-only", kind: .warning), requests: [.closeOverlay]))
    }

    @Test func aRequestsAuthGoesToItsFolderAndTheRequestsUnderItInheritIt() throws {
        var steps = try steps(selection: Self.admin)
        let id = TestCollections.alphaID
        var document = try #require(steps.state.document(collectionID: id))
        let auth = try #require(steps.state.request(Self.admin)).auth
        let count = document.collection.setInheritedAuth(auth, at: ["Users", "Admin"])
        #expect(count == 1)
        steps.step(
            .giveAuth(toCollection: false),
            outcome: .init(
                effects: [.save(document, overwrite: false), .storeDrafts([:])],
                notice: Notice(
                    "Bearer {{token}} is now set on folder Users / Admin: 1 request inherit it", kind: .success),
                requests: [.reloadEditor(Self.admin)])
        ) { $0.collections[0].document = document }
        // A request without auth of its own has none to give; one at the top level is in no folder.
        steps.context.selection = Self.users
        steps.step(
            .giveAuth(toCollection: false),
            outcome: .init(
                notice: Notice(
                    "List users has no auth of its own to give: choose a scheme in its Auth tab first", kind: .warning))
        )
    }
}

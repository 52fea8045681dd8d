import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// The workspace sync slice on its own, stepped exhaustively: saves wait for the one in flight,
/// a landed save drops the drafts it wrote, files changed on disk are reloaded or asked about;
/// what reaches other panes is asked of the root.
struct WorkspaceSliceTests {
    private static let users = TestCollections.key("a-users")

    private func steps(selection: RequestKey? = users) throws -> SliceStepDriver<WorkspaceReducer> {
        let state = try ReducerFixture().driver.state
        return SliceStepDriver(state: state.workspace, context: WorkspaceReducer.Context(selection: selection))
    }

    private func alpha(_ steps: SliceStepDriver<WorkspaceReducer>) throws -> CollectionDocument {
        try #require(steps.state.document(collectionID: TestCollections.alphaID))
    }

    /// Alpha as another program wrote it: another fingerprint.
    private func theirs(_ steps: SliceStepDriver<WorkspaceReducer>, size: Int) throws -> CollectionDocument {
        let current = try alpha(steps)
        return CollectionDocument(
            path: current.path, collection: current.collection, fingerprint: FileFingerprint(size: size, hash: 7))
    }

    @Test func aSaveWaitsForTheOneInFlightAndLeavesWhenItLands() throws {
        var steps = try steps()
        var first = try alpha(steps)
        first.collection.name = "First"
        var second = first
        second.collection.name = "Second"
        let id = TestCollections.alphaID
        // The first leaves at once; the collection becomes what is being written.
        steps.step(
            .queueSaves([.save(first, overwrite: false)]),
            outcome: WorkspaceReducer.Outcome(
                effects: [.save(first, overwrite: false)], requests: [.collectionsChanged])
        ) {
            $0.collections[0].document?.collection = first.collection
            $0.savesInFlight = [id]
        }
        // The second waits.
        steps.step(
            .queueSaves([.save(second, overwrite: false), .quit]),
            outcome: WorkspaceReducer.Outcome(effects: [.quit], requests: [.collectionsChanged])
        ) {
            $0.collections[0].document?.collection = second.collection
            $0.savesQueued = [id: false]
        }
        // The first lands: the collection keeps the second's change, which now leaves.
        let written = first
        var landed = written
        landed.collection = second.collection
        steps.step(
            .saved(collectionID: id, .success(written)),
            outcome: WorkspaceReducer.Outcome(
                effects: [.storeDrafts([:]), .save(landed, overwrite: false)],
                notice: Notice("Saved alpha.json", kind: .success), requests: [.collectionsChanged])
        ) {
            $0.collections[0] = CollectionSlot(document: landed)
            $0.savesInFlight = []
            $0.savesQueued = [:]
        }
    }

    @Test func aLandedSaveDropsTheDraftsItWroteAndAFailedOneSaysWhy() throws {
        var steps = try steps()
        var draft = try #require(steps.state.request(Self.users))
        draft.url = "/users/all"
        steps.step(
            .saveSelected, outcome: WorkspaceReducer.Outcome(notice: Notice("No unsaved changes in Alpha", kind: .info))
        )
        var state = steps.state
        state.drafts = [Self.users: draft]
        steps = SliceStepDriver(state: state, context: steps.context)
        var saved = try alpha(steps)
        saved.collection.updateRequest(id: "a-users") { $0 = draft }
        steps.step(.saveSelected, outcome: WorkspaceReducer.Outcome(effects: [.save(saved, overwrite: false)]))
        steps.step(
            .queueSaves([.save(saved, overwrite: false)]),
            outcome: WorkspaceReducer.Outcome(
                effects: [.save(saved, overwrite: false)], requests: [.collectionsChanged])
        ) {
            $0.collections[0].document?.collection = saved.collection
            $0.savesInFlight = [TestCollections.alphaID]
        }
        steps.step(
            .saved(
                collectionID: TestCollections.alphaID,
                .failure(SaveFailure(message: "the disk is full", isConflict: false))),
            outcome: WorkspaceReducer.Outcome(notice: Notice("Not saved: the disk is full", kind: .error))
        ) { $0.savesInFlight = [] }
        steps.step(
            .saved(collectionID: TestCollections.alphaID, .success(saved)),
            outcome: WorkspaceReducer.Outcome(
                effects: [.storeDrafts([:])], notice: Notice("Saved alpha.json", kind: .success),
                requests: [.collectionsChanged])
        ) {
            $0.drafts = [:]
            $0.collections[0] = CollectionSlot(document: saved)
        }
    }

    @Test func aFileChangedOnDiskIsReloadedQuietlyOrAskedAboutWithDrafts() throws {
        var steps = try steps()
        var changed = try theirs(steps, size: 1)
        changed.collection.name = "Alpha (theirs)"
        let slot = CollectionSlot(document: changed)
        steps.step(
            .fileChanged(slot),
            outcome: WorkspaceReducer.Outcome(
                notice: Notice("Reloaded alpha.json (changed on disk)", kind: .info),
                requests: [.collectionsChanged, .reloadEditor(Self.users)])
        ) { $0.collections[0] = slot }
        var state = steps.state
        state.drafts = [Self.users: try #require(state.request(Self.users))]
        steps = SliceStepDriver(state: state, context: steps.context)
        var again = try theirs(steps, size: 2)
        again.collection.name = "Alpha (theirs, again)"
        let next = CollectionSlot(document: again)
        steps.step(
            .fileChanged(next),
            outcome: WorkspaceReducer.Outcome(requests: [
                .ask(
                    .conflict(collectionID: TestCollections.alphaID, selected: -1),
                    waitingNotice: "alpha.json changed on disk: Lazer asks what to keep when you finish typing")
            ])
        ) { $0.pendingReload = [TestCollections.alphaID: next] }
    }

    @Test func aFileDeletedOnDiskLeavesTheListAndTheSelectionWithIt() throws {
        var steps = try steps()
        let path = try alpha(steps).path
        var gone = CollectionSlot(document: try alpha(steps))
        gone.document = nil
        gone.diagnostics = [
            Diagnostic(severity: .error, file: path, line: 0, column: 0, path: "", message: "file not found")
        ]
        steps.step(
            .fileChanged(gone),
            outcome: WorkspaceReducer.Outcome(
                notice: Notice("alpha.json was deleted on disk", kind: .info),
                requests: [.collectionsChanged, .deselect])
        ) { $0.collections = [] }
    }
}

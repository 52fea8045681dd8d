import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// The prompts that edit the collections, in the workspace slice on its own: the document (and a
/// renamed request's draft) changes here and its save leaves; a refused name reopens the prompt
/// with why, and what the navigator does next (open, select a row) is asked of the root.
struct PromptSliceTests {
    private static let users = TestCollections.key("a-users")
    private static let alphaID = TestCollections.alphaID

    private func steps(drafts: [RequestKey: SavedRequest] = [:]) throws -> SliceStepDriver<WorkspaceReducer> {
        var workspace = try ReducerFixture().driver.state.workspace
        workspace.drafts = drafts
        return SliceStepDriver(state: workspace, context: WorkspaceReducer.Context(selection: Self.users))
    }

    private func alpha(_ steps: SliceStepDriver<WorkspaceReducer>) throws -> (index: Int, CollectionDocument) {
        let index = try #require(steps.state.collections.firstIndex { $0.collectionID == Self.alphaID })
        return (index, try #require(steps.state.collections[index].document))
    }

    @Test func anEmptyNameOrAMissingFolderReopensThePromptWithWhy() throws {
        var steps = try steps()
        let empty = PromptState(purpose: .renameRequest(Self.users), title: "Rename request", text: "  ")
        var refused = empty
        refused.error = "A name is needed"
        steps.step(.commitPrompt(empty), outcome: WorkspaceReducer.Outcome(requests: [.openOverlay(.prompt(refused))]))
        let move = PromptState(purpose: .moveRequest(Self.users), title: "Move", text: "Nowhere")
        var nowhere = move
        nowhere.error = "No folder \"Nowhere\" in Alpha"
        steps.step(.commitPrompt(move), outcome: WorkspaceReducer.Outcome(requests: [.openOverlay(.prompt(nowhere))]))
    }

    @Test func renamingARequestRenamesItsDraftTooAndSavesTheCollection() throws {
        var draft = try #require(try steps().state.request(Self.users))
        draft.url = "/people"
        let original = draft
        var steps = try steps(drafts: [Self.users: draft])
        let (index, before) = try alpha(steps)
        var document = before
        document.collection.updateRequest(id: Self.users.requestID) { $0.name = "People" }
        draft.name = "People"
        let prompt = PromptState(purpose: .renameRequest(Self.users), title: "Rename request", text: " People ")
        // `u` can undo it (issue 33), the draft coming back as it was.
        var undo = UndoableDeletion(
            collectionID: Self.alphaID, before: before.collection, description: "name \"List users\"",
            expires: .zero, drafts: [Self.users: original], after: document.collection)
        undo.row = .request(Self.users)
        undo.done = "changed"
        steps.step(
            .commitPrompt(prompt),
            outcome: WorkspaceReducer.Outcome(
                effects: [.save(document, overwrite: false), .storeDrafts([Self.users: draft])],
                notice: Notice("Renamed \"List users\" (u: undo)", kind: .success),
                requests: [.closeOverlay, .collectionsChanged, .offerUndo(undo)])
        ) {
            $0.collections[index] = CollectionSlot(document: document)
            $0.drafts[Self.users] = draft
        }
    }

    @Test func aRenamedFolderStaysOpenAndIsSelected() throws {
        var steps = try steps()
        let (index, before) = try alpha(steps)
        var document = before
        let renamed = document.collection.renameFolder(at: ["Users"], to: "People")
        #expect(renamed)
        let prompt = PromptState(
            purpose: .renameFolder(collectionID: Self.alphaID, path: ["Users"]), title: "Rename folder", text: "People")
        var undo = UndoableDeletion(
            collectionID: Self.alphaID, before: before.collection, description: "name \"Users\"", expires: .zero,
            after: document.collection)
        undo.row = .folder(collectionID: Self.alphaID, path: ["Users"])
        undo.done = "changed"

        steps.step(
            .commitPrompt(prompt),
            outcome: WorkspaceReducer.Outcome(
                effects: [.save(document, overwrite: false)],
                notice: Notice("Renamed \"Users\" (u: undo)", kind: .success),
                requests: [
                    .renameExpansion(from: Self.alphaID + "/Users", to: Self.alphaID + "/People"), .closeOverlay,
                    .collectionsChanged, .selectRow(.folder(collectionID: Self.alphaID, path: ["People"])),
                    .offerUndo(undo),
                ])
        ) {
            $0.collections[index] = CollectionSlot(document: document)
        }
    }

    @Test func aRequestMovedToTheTopLevelIsSelectedWhereItLands() throws {
        var steps = try steps()
        let (index, before) = try alpha(steps)
        var document = before
        let moved = document.collection.moveRequest(id: Self.users.requestID, toFolder: [])
        #expect(moved)
        let prompt = PromptState(purpose: .moveRequest(Self.users), title: "Move", text: "")
        steps.step(
            .commitPrompt(prompt),
            outcome: WorkspaceReducer.Outcome(
                effects: [.save(document, overwrite: false)],
                requests: [.closeOverlay, .collectionsChanged, .selectRow(.request(Self.users))])
        ) {
            $0.collections[index] = CollectionSlot(document: document)
        }
    }
}

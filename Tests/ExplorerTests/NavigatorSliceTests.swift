import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// The navigator slice on its own, stepped exhaustively: moving and folding change only the
/// collections pane's state; opening a request, a dialog or a structural edit is asked of the
/// root (with the changed collection and its save), never done by the slice.
struct NavigatorSliceTests {
    private static let usersKey = TestCollections.alphaID + "/Users"

    /// The loaded Alpha collection, its first collection open, Root selected.
    private func steps() throws -> SliceStepDriver<NavigatorReducer> {
        let state = try ReducerFixture().driver.state
        let context = NavigatorReducer.Context(
            collections: state.collections, selection: state.selection, drafts: state.drafts,
            currentCollectionID: state.currentCollectionID, page: 10, now: .seconds(5))
        return SliceStepDriver(state: state.navigator, context: context)
    }

    private func document(_ steps: SliceStepDriver<NavigatorReducer>) throws -> CollectionDocument {
        try #require(steps.context.collections.first { $0.collectionID == TestCollections.alphaID }?.document)
    }

    @Test func movingAndFoldingChangeOnlyTheRowsAndMovingOntoARequestAsksToSelectIt() throws {
        var steps = try steps()
        let collections = steps.context.collections
        #expect(steps.state.rows.map(\.title) == ["Alpha", "Users", "Empty", "Root"])
        steps.step(.navigate(.up)) { $0.selected = 2 }
        steps.step(.navigate(.up)) { $0.selected = 1 }
        steps.step(.navigate(.right)) {
            $0.expanded.insert(Self.usersKey)
            $0.rebuild(from: collections)
        }
        #expect(steps.state.rows.map(\.title).prefix(4) == ["Alpha", "Users", "Admin", "List users"])
        // Down twice: over the Admin folder (nothing asked), onto List users (asked to select it).
        steps.step(.navigate(.down)) { $0.selected = 2 }
        steps.step(
            .navigate(.down),
            outcome: NavigatorReducer.Outcome(requests: [.select(TestCollections.key("a-users"), focus: false)])
        ) { $0.selected = 3 }
        // Left from a request goes to its folder; left again folds it.
        steps.step(.navigate(.left)) { $0.selected = 1 }
        steps.step(.navigate(.left)) {
            $0.expanded.remove(Self.usersKey)
            $0.rebuild(from: collections)
        }
        steps.step(.navigate(.top)) { $0.selected = 0 }
        // The bottom row is Root, the selected request already: nothing asked.
        steps.step(.navigate(.bottom)) { $0.selected = 3 }
    }

    @Test func theFilterNarrowsTheRowsAndEnterAsksToOpenTheMatch() throws {
        var steps = try steps()
        let collections = steps.context.collections
        steps.step(.command(.filter)) { $0.isFiltering = true }
        for character in "creat" {
            let key = KeyEvent(.character(character))
            steps.step(.filterKey(key)) {
                _ = $0.filter.handle(key)
                $0.rebuild(from: collections)
                $0.selected = $0.rows.firstIndex { $0.requestKey != nil } ?? 0
            }
        }
        #expect(steps.state.rows.map(\.title) == ["Alpha", "Users", "Create user"])
        steps.step(
            .filterKey(KeyEvent(.enter)),
            outcome: NavigatorReducer.Outcome(requests: [.select(TestCollections.key("a-create"), focus: true)])
        ) { $0.isFiltering = false }
        steps.step(.clearFilter) {
            $0.filter.setText("")
            $0.rebuild(from: collections)
        }
        #expect(steps.state.rows.map(\.title) == ["Alpha", "Users", "Empty", "Root"])
    }

    @Test func renamingAndNewItemsAskForAPrompt() throws {
        var steps = try steps()
        steps.step(
            .command(.rename),
            outcome: NavigatorReducer.Outcome(requests: [
                .openOverlay(
                    .prompt(
                        PromptState(
                            purpose: .renameRequest(TestCollections.key("a-root")), title: "Rename request",
                            text: "Root")))
            ]))
        steps.step(
            .command(.newFolder),
            outcome: NavigatorReducer.Outcome(requests: [
                .openOverlay(
                    .prompt(
                        PromptState(
                            purpose: .newFolder(collectionID: TestCollections.alphaID, parent: []),
                            title: "New folder")))
            ]))
        steps.step(.navigate(.up)) { $0.selected = 2 }
        steps.step(
            .command(.moveTo),
            outcome: NavigatorReducer.Outcome(requests: [
                .openOverlay(
                    .prompt(
                        PromptState(
                            purpose: .moveFolder(collectionID: TestCollections.alphaID, path: ["Empty"]),
                            title: "Move Empty into (Folder/Sub; empty: top level)", text: "")))
            ]))
        steps.step(.navigate(.top)) { $0.selected = 0 }
        steps.step(
            .command(.moveTo),
            outcome: NavigatorReducer.Outcome(notice: Notice("Select a request or a folder to move", kind: .info)))
    }

    @Test func movingARowHandsTheChangedCollectionAndItsSaveToTheRoot() throws {
        var steps = try steps()
        steps.step(.navigate(.up)) { $0.selected = 2 }
        var moved = try document(steps)
        let didMove = moved.collection.moveFolder(at: ["Empty"], by: -1)
        #expect(didMove)
        let empty = NavigatorRow.Kind.folder(collectionID: TestCollections.alphaID, path: ["Empty"])
        steps.step(
            .command(.moveUp),
            outcome: NavigatorReducer.Outcome(
                effects: [.save(moved, overwrite: false)], requests: [.store(moved), .selectRow(empty)]))
        // The only request of its level stays where it is: nothing to write.
        steps.step(.navigate(.bottom)) { $0.selected = 3 }
        steps.step(.command(.moveDown))
    }

    @Test func aDeletionKeepsTheDraftsItTookForTheUndoWhichAsksForThemBack() throws {
        var steps = try steps()
        let key = TestCollections.key("a-root")
        var draft = try #require(steps.context.collections.first?.document?.collection.request(id: "a-root"))
        draft.url = "/edited"
        steps.context.drafts = [key: draft]
        let before = try document(steps)
        var after = before
        after.collection.removeRequest(id: "a-root")
        steps.step(
            .command(.delete),
            outcome: NavigatorReducer.Outcome(
                effects: [.save(after, overwrite: false)],
                notice: Notice("Deleted request Root (u: undo)", kind: .warning),
                requests: [.dropDrafts([key]), .store(after)])
        ) {
            $0.undo = UndoableDeletion(
                collectionID: TestCollections.alphaID, before: before.collection, description: "request Root",
                expires: .seconds(15), drafts: [key: draft], after: after.collection)
            $0.undo?.row = .request(key)
        }
        // The root stored the collection without the request and dropped its draft.
        steps.context.collections = steps.context.collections.map {
            $0.collectionID == TestCollections.alphaID ? CollectionSlot(document: after) : $0
        }
        steps.context.drafts = [:]
        steps.step(
            .command(.undo),
            outcome: NavigatorReducer.Outcome(
                effects: [.save(before, overwrite: false)], notice: Notice("Restored: request Root", kind: .success),
                requests: [
                    .store(before), .restoreDrafts([key: draft]), .select(key, focus: false),
                    .saveNotice(collectionID: TestCollections.alphaID, "Restored: request Root"),
                ])
        ) { $0.undo = nil }
        steps.step(
            .command(.undo),
            outcome: NavigatorReducer.Outcome(
                notice: Notice(
                    "Nothing to undo here (u brings back a deletion or a rename); z in the request pane undoes a request's edits",
                    kind: .info)))
    }

    @Test func anUndoAfterTheCollectionChangedElsewhereIsRefused() throws {
        var steps = try steps()
        let before = try document(steps)
        var after = before
        after.collection.removeRequest(id: "a-root")
        steps.step(
            .command(.delete),
            outcome: NavigatorReducer.Outcome(
                effects: [.save(after, overwrite: false)],
                notice: Notice("Deleted request Root (u: undo)", kind: .warning),
                requests: [.dropDrafts([TestCollections.key("a-root")]), .store(after)])
        ) {
            $0.undo = UndoableDeletion(
                collectionID: TestCollections.alphaID, before: before.collection, description: "request Root",
                expires: .seconds(15), after: after.collection)
            $0.undo?.row = .request(TestCollections.key("a-root"))
        }
        var changed = after
        changed.collection.name = "Renamed since"
        steps.context.collections = [CollectionSlot(document: changed)]
        steps.step(
            .command(.undo),
            outcome: NavigatorReducer.Outcome(
                notice: Notice("Not undone: Renamed since changed since the request Root was deleted", kind: .warning))
        ) { $0.undo = nil }
    }
}

import TUI
import Workspace

/// The root's side of workspace sync: builds the slice's context from the whole state, runs the
/// slice, and applies what it asks of the other panes (rows rebuilt or opened, a request
/// selected, a question asked, the editor emptied or reloaded, the program ended).
extension ExplorerReducer {
    static func workspaceContext(_ state: ExplorerState) -> WorkspaceReducer.Context {
        var quitQuestionOpen = false
        if case .quitPrompt? = state.overlay { quitQuestionOpen = true }
        return WorkspaceReducer.Context(
            selection: state.selection, startup: state.startup, quitQuestionOpen: quitQuestionOpen,
            undoCollectionID: state.undo?.collectionID, shownResult: state.shownResult,
            currentCollectionID: state.currentCollectionID, processEnvironment: state.processEnvironment,
            overlayOpen: state.overlay != nil)
    }

    @discardableResult
    static func reduceWorkspace(_ action: WorkspaceReducer.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        let outcome = WorkspaceReducer.reduce(&state.workspace, action, workspaceContext(state))
        var effects = outcome.effects
        for request in outcome.requests {
            switch request {
            case .collectionsChanged:
                reduceNavigator(.rebuild, &state)
            case .expand(let keys):
                reduceNavigator(.expand(keys), &state)
            case .selectNamed(let key):
                select(key, &state, focus: true)
            case .showCollection(let collectionID):
                reduceNavigator(.expand([collectionID]), &state)
                reduceNavigator(.selectRow(.collection(collectionID: collectionID)), &state)
                state.focus = .collections
            case .ask(let question, let waitingNotice):
                ask(question, &state, waitingNotice: waitingNotice)
            case .openOverlay(let overlay):
                state.overlay = overlay
            case .closeOverlay:
                state.overlay = nil
            case .renameExpansion(let old, let new):
                if state.navigator.expanded.remove(old) != nil { state.navigator.expanded.insert(new) }
            case .selectRow(let kind):
                reduceNavigator(.selectRow(kind), &state)
            case .editNewRequest(let key):
                effects += select(key, &state, focus: true)
                state.editor.focus = .url
                // Typing replaces the placeholder "/" (a full URL or a path).
                state.editor.url.selectAll()
            case .offerUndo(var undo):
                undo.expires = state.now + NavigatorReducer.undoDuration
                state.undo = undo
            case .deselect:
                state.selection = nil
                state.editor = RequestEditorState()
            case .reloadEditor(let key):
                if let request = state.request(key) { state.editor.load(request, key: key) }
            case .quit:
                state.quitting = true
            }
        }
        if let notice = outcome.notice { notify(&state, notice.message, kind: notice.kind, details: notice.details) }
        return effects
    }

    /// A prompt committed: the mock route's and the import/export ones have their own actions;
    /// the others edit the collections.
    static func commitPrompt(_ prompt: PromptState, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch prompt.purpose {
        case .saveMockRoute: reduceWorkspace(.commitMockRoute(prompt), &state)
        case .importFile, .exportFile: reduceWorkspace(.commitInterop(prompt), &state)
        default: reduceWorkspace(.commitPrompt(prompt), &state)
        }
    }

    static func collectionLoaded(_ slot: CollectionSlot, _ state: inout ExplorerState) -> [ExplorerEffect] {
        reduceWorkspace(.collectionLoaded(slot), &state)
    }

    static func fileChanged(_ slot: CollectionSlot, _ state: inout ExplorerState) -> [ExplorerEffect] {
        reduceWorkspace(.fileChanged(slot), &state)
    }

    static func saved(
        _ collectionID: String, _ result: Result<CollectionDocument, SaveFailure>, _ state: inout ExplorerState
    ) -> [ExplorerEffect] {
        reduceWorkspace(.saved(collectionID: collectionID, result), &state)
    }

    /// `Ctrl+S`: writes the selected request's draft into its collection and saves the file.
    static func saveSelected(_ state: inout ExplorerState) -> [ExplorerEffect] {
        commitEditing(&state)
        return reduceWorkspace(.saveSelected, &state)
    }

    /// Saves every draft of every collection (the quit prompt's "save all").
    static func saveAll(_ state: inout ExplorerState) -> [ExplorerEffect] {
        commitEditing(&state)
        return reduceWorkspace(.saveAll, &state)
    }

    /// Runs after every action: each `.save` leaves now, or waits for the one in flight.
    static func queueSaves(_ effects: [ExplorerEffect], _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard effects.contains(where: { if case .save = $0 { true } else { false } }) else { return effects }
        return reduceWorkspace(.queueSaves(effects), &state)
    }

    /// The file's new version becomes the collection (the conflict question's answers).
    static func adoptFromDisk(_ slot: CollectionSlot, _ id: String, _ state: inout ExplorerState) {
        reduceWorkspace(.adopt(slot, collectionID: id), &state)
    }

    /// Replaces (or adds) a collection slot; the navigator's rows follow.
    static func store(_ slot: CollectionSlot, _ state: inout ExplorerState) {
        reduceWorkspace(.store(slot), &state)
    }
}

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
        var context = workspaceContext(state)
        switch action {
        case .startupSelection:
            for row in state.navigator.rows {
                if let key = row.requestKey, context.firstVisibleRequests[key.collectionID] == nil {
                    context.firstVisibleRequests[key.collectionID] = key
                }
            }
        case .checkStartupEnvironment: context.shownNotice = state.toast?.message
        default: break
        }
        let outcome = WorkspaceReducer.reduce(&state.workspace, action, context)
        var effects = outcome.effects
        for request in outcome.requests {
            switch request {
            case .collectionsChanged:
                // An expansion asked for alongside rebuilds the rows itself (a million rows take a
                // tenth of a second to build).
                if !outcome.requests.contains(where: \.isExpand) { reduceNavigator(.rebuild, &state) }
                if case .historyBrowser? = state.overlay { effects += reduceOverlays(.collectionsChanged, &state) }
            case .expand(let keys):
                reduceNavigator(.expand(keys), &state)
            case .selectNamed(let key):
                effects += select(key, &state, focus: true)
            case .select(let key):
                // Its effects too: the start's request showed "Not sent yet" over its history.
                effects += select(key, &state, focus: false)
            case .showCollection(let collectionID):
                reduceNavigator(.expand([collectionID]), &state)
                reduceNavigator(.selectRow(.collection(collectionID: collectionID)), &state)
                reduceScreen(.focus(.collections), &state)
            case .ask(let question, let waitingNotice):
                reduceOverlays(.ask(question, waitingNotice: waitingNotice), &state)
            case .openOverlay(let overlay):
                reduceOverlays(.open(overlay), &state)
            case .closeOverlay:
                reduceOverlays(.close, &state)
            case .view(let title, let text, let below):
                effects += reduceOverlays(.view(title: title, text: text, over: below), &state)
            case .rememberUIState(let collectionID):
                effects.append(rememberUIState(collectionID, state))
            case .renameExpansion(let old, let new):
                reduceNavigator(.renameExpansion(from: old, to: new), &state)
            case .selectRow(let kind):
                reduceNavigator(.selectRow(kind), &state)
            case .editNewRequest(let key):
                effects += select(key, &state, focus: true)
                effects += reduceEditor(.editNewRequest, &state)
            case .offerUndo(let undo):
                reduceNavigator(.offerUndo(undo), &state)
            case .deselect:
                deselect(&state)
            case .reloadEditor(let key):
                if let request = state.request(key) { effects += reduceEditor(.load(key, request), &state) }
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
        case .cookieValue(let jar, let cookie, let selected): commitCookieValue(prompt, jar, cookie, selected, &state)
        case .importFile, .exportFile: reduceWorkspace(.commitInterop(prompt), &state)
        case .compareEnvironment(let key): compareEnvironment(prompt, key, &state)
        default: reduceWorkspace(.commitPrompt(prompt), &state)
        }
    }

    /// `Ctrl+S`: writes the selected request's draft into its collection and saves the file.
    static func saveSelected(_ state: inout ExplorerState) -> [ExplorerEffect] {
        commitEditing(&state)
        return reduceWorkspace(.saveSelected, &state)
    }

    /// Saves every draft of every collection ("Save all"; the quit prompt's, whose text already
    /// says when a typed credential would be written in clear, passes `inClear`).
    static func saveAll(inClear: Bool = false, _ state: inout ExplorerState) -> [ExplorerEffect] {
        commitEditing(&state)
        return reduceWorkspace(.saveAll(inClear: inClear), &state)
    }

    /// Runs after every action: each `.save` leaves now, or waits for the one in flight.
    static func queueSaves(_ effects: [ExplorerEffect], _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard effects.contains(where: { if case .save = $0 { true } else { false } }) else { return effects }
        return reduceWorkspace(.queueSaves(effects), &state)
    }

    /// `Ctrl+Q` / `q`: what is being edited is committed, then the slice quits or asks.
    static func requestQuit(_ state: inout ExplorerState) -> [ExplorerEffect] {
        commitEditing(&state)
        return reduceWorkspace(.requestQuit, &state)
    }
}

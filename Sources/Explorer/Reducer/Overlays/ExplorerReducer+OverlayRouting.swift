import StateStore
import TUI
import Workspace

/// The root's door to the dialogs' slice: builds its Context from the whole state (the time,
/// whether a pane's field has the keyboard, the palette's entries, the environments, what still
/// waits for an answer), reduces, and applies the Outcome: the notice as a toast, and the
/// requests (run a palette entry, choose an environment, commit a prompt, resolve a question).
extension ExplorerReducer {
    @discardableResult
    static func reduceOverlays(_ action: OverlayReducer.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        var context = OverlayReducer.Context(now: state.now)
        context.paneIsTyping = state.paneIsTyping
        context.page = state.size.height - 8
        context.pendingReloads = Set(state.pendingReload.keys)
        context.hasRecoveredDrafts = !state.recoveredDrafts.isEmpty || !state.workspace.recoveredEnvironments.isEmpty
        switch action {
        case .openHistoryBrowser, .key, .paste, .collectionsChanged:
            context.historyCollections = state.collections.compactMap(\.collectionID)
        default: break
        }
        // What only one dialog's keys need is looked up for a key while it is open.
        if case .key = action {
            switch state.overlay {
            case .palette?: context.palette = ExplorerCommands.list(for: state)
            case .environments?:
                context.collectionID = state.currentCollectionID
                context.collection = state.currentCollectionID.flatMap { state.document(collectionID: $0)?.collection }
            case .environmentEditor(let editor)?:
                context.collectionID = editor.collectionID
                context.collection = state.document(collectionID: editor.collectionID)?.collection
            case .mockRoutes(let routes)?:
                context.collectionID = routes.collectionID
                context.collection = state.document(collectionID: routes.collectionID)?.collection
            case .variables?:
                context.hasCaptures = state.currentCollectionID.map { state.captures[$0]?.isEmpty == false } ?? false
                context.collectionID = state.currentCollectionID
            default: break
            }
        }
        let outcome = OverlayReducer.reduce(&state.overlays, action, context)
        if let notice = outcome.notice { notify(&state, notice.message, kind: notice.kind) }
        var effects = outcome.effects
        for request in outcome.requests {
            switch request {
            case .perform(let action): effects += perform(action, &state)
            case .chooseEnvironment(let name): effects += reduceWorkspace(.chooseEnvironment(name), &state)
            case .forgetCaptures: effects += reduceWorkspace(.forgetCaptures, &state)
            case .editEnvironments(let id, let edit):
                effects += reduceWorkspace(.editEnvironments(collectionID: id, edit), &state)
            case .saveCollection(let id): effects += reduceWorkspace(.saveCollection(id), &state)
            case .revertEnvironments(let id): effects += reduceWorkspace(.revertEnvironments(id), &state)
            case .jump(let problem): effects += jump(toProblem: problem, &state)
            case .commitPrompt(let prompt): effects += commitPrompt(prompt, &state)
            case .answer(let question, let choice): effects += answered(question, choice: choice, &state)
            case .openHistoryEntry(let row, let asDraft):
                effects.append(.history(.load(collectionID: row.collectionID, id: row.id, asDraft: asDraft)))
            case .sendWithAnswers(let key, let answers):
                effects += reduceExchanges(.sendAnswered(key, answers), &state)
            case .markHistoryEntry(let row):
                effects.append(.history(.loadToCompare(collectionID: row.collectionID, id: row.id)))
            case .insertIntoQuery(let text, let cursor):
                reduceScreen(.focus(.request), &state)
                effects += reduceEditor(.insertIntoQuery(text, cursor: cursor), &state)
            case .chooseOperation(let key, let name):
                // The picker answers for the request it was opened over (it is modal: still the one shown).
                guard state.selection == key else { break }
                effects += reduceEditor(.chooseGraphQLOperation(name), &state)
            }
        }
        return effects
    }
}

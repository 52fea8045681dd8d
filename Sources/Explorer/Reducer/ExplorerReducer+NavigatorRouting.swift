import TUI
import Workspace

/// The root's side of the collections pane: builds the navigator slice's context from the whole
/// state, runs the slice, and applies what it asks (a request selected, a dialog opened, a
/// collection stored, drafts dropped or given back).
extension ExplorerReducer {
    static func navigateCollections(_ navigation: NavigationAction, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        reduceNavigator(.navigate(navigation), &state)
    }

    static func collectionsAction(_ command: NavigatorCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        reduceNavigator(.command(command), &state)
    }

    /// What the navigator slice sees of the rest of the explorer.
    static func navigatorContext(_ state: ExplorerState) -> NavigatorReducer.Context {
        NavigatorReducer.Context(
            collections: state.collections, selection: state.selection, drafts: state.drafts,
            currentCollectionID: state.currentCollectionID, page: max(1, state.size.height - 6), now: state.now)
    }

    /// Runs the navigator slice and applies its outcome: its requests in order, then its notice;
    /// drafts that changed are stored after everything else.
    @discardableResult
    static func reduceNavigator(_ action: NavigatorReducer.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        let outcome = NavigatorReducer.reduce(&state.navigator, action, navigatorContext(state))
        var effects = outcome.effects
        var draftsTouched = false
        for request in outcome.requests {
            switch request {
            case .select(let key, let focus):
                effects += select(key, &state, focus: focus)
            case .selectNew(let key):
                select(key, &state, focus: false)
            case .openOverlay(let overlay):
                state.overlay = overlay
            case .store(let document):
                store(CollectionSlot(document: document), &state)
            case .rememberUIState(let collectionID):
                effects.append(rememberUIState(collectionID, state))
            case .dropDrafts(let keys):
                for key in keys {
                    state.drafts[key] = nil
                    if state.selection == key {
                        state.selection = nil
                        state.editor = RequestEditorState()
                    }
                }
                draftsTouched = true
            case .restoreDrafts(let drafts):
                // As they were (a rename undone gives its draft the old name back).
                state.drafts.merge(drafts) { _, restored in restored }
                draftsTouched = true
            case .saveNotice(let collectionID, let notice):
                state.saveNotices[collectionID] = notice
            case .selectRow(let kind):
                _ = NavigatorReducer.reduce(&state.navigator, .selectRow(kind), navigatorContext(state))
            }
        }
        if let notice = outcome.notice { notify(&state, notice.message, kind: notice.kind) }
        return draftsTouched ? effects + draftsChanged(&state) : effects
    }
}

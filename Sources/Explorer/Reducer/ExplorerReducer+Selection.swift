import TUI
import Workspace

/// Selecting a request reaches every pane (the navigator reveals its row, the editor loads it,
/// the response pane shows its last result), so it is the root's.
extension ExplorerReducer {
    /// Makes `key` the selected request: its folders open, its row selected, the editor loaded
    /// with its draft, the response pane showing its last result.
    @discardableResult
    static func select(_ key: RequestKey, _ state: inout ExplorerState, focus: Bool) -> [ExplorerEffect] {
        guard let request = state.request(key), state.document(collectionID: key.collectionID) != nil else {
            return []
        }
        if state.editor.focus == .url || state.editor.focus == .editing { commitEditing(&state) }
        let changed = state.selection != key
        state.selection = key
        reduceNavigator(.reveal(key), &state)
        if changed || state.editor.key != key {
            reduceEditor(.load(key, request), &state)
            reduceResponse(.selectionChanged, &state)
        }
        if focus { reduceScreen(.focus(.request), &state) }
        var effects: [ExplorerEffect] = [.loadHistory(key)]
        if changed { effects.append(rememberUIState(key.collectionID, state)) }
        return effects
    }

    /// Nothing is selected any more (its request is gone): the editor empties.
    static func deselect(_ state: inout ExplorerState) {
        state.selection = nil
        reduceEditor(.unload, &state)
    }

    static func rememberUIState(_ collectionID: String, _ state: ExplorerState) -> ExplorerEffect {
        let prefix = collectionID + "/"
        let folders = state.navigator.expanded.filter { $0.hasPrefix(prefix) }.map {
            String($0.dropFirst(prefix.count))
        }
        let selected = state.selection?.collectionID == collectionID ? state.selection?.requestID : nil
        return .rememberUIState(
            collectionID: collectionID,
            UIState(
                selectedEnvironment: state.environments[collectionID], selectedRequestID: selected,
                expandedFolders: folders.sorted()))
    }

}

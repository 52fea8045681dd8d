import TUI
import Workspace

/// Selecting a request reaches every pane (the navigator reveals its row, the editor loads it,
/// the response pane shows its last result), so it is the root's.
extension ExplorerReducer {
    /// When every file is read and nothing is selected yet: the request named on the command
    /// line, else the one remembered from last time, else the first request of the first
    /// collection that answers offline (a mock default environment), else the first request.
    static func applyStartupSelection(_ state: inout ExplorerState, final: Bool) {
        guard final, state.selection == nil else { return }
        if let wanted = state.startup.request {
            if let key = state.workspace.findRequest(wanted) {
                select(key, &state, focus: true)
            } else {
                notify(&state, "No request \"\(wanted)\" in the collections", kind: .warning)
            }
            return
        }
        let loaded = state.collections.compactMap(\.document)
        for document in loaded {
            if let id = state.slot(collectionID: document.collection.id)?.remembered?.selectedRequestID,
                document.collection.request(id: id) != nil
            {
                select(RequestKey(collectionID: document.collection.id, requestID: id), &state, focus: false)
                return
            }
        }
        let offline = loaded.first { document in
            let name = state.environmentName(collectionID: document.collection.id)
            return name.flatMap(document.collection.environment(named:))?.kind == .mock
        }
        for document in (offline.map { [$0] } ?? []) + loaded {
            // The first request on screen (nothing unfolds), else the first inside the folders.
            let id = document.collection.id
            let visible = state.navigator.rows.first { $0.requestKey?.collectionID == id }?.requestKey
            let first = document.collection.allRequests.first.map {
                RequestKey(collectionID: id, requestID: $0.request.id)
            }
            if let key = visible ?? first {
                select(key, &state, focus: false)
                return
            }
        }
    }
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
            state.editor.load(request, key: key)
            reduceResponse(.selectionChanged, &state)
        }
        if focus { state.focus = .request }
        var effects: [ExplorerEffect] = [.loadHistory(key)]
        if changed { effects.append(rememberUIState(key.collectionID, state)) }
        return effects
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

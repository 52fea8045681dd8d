import TUI
import Workspace

/// Alt+W / Alt+S (issue 25): the composer opens over the selected request's open WebSocket
/// connection, typing or picking a saved message; without one it says why.
extension ExplorerReducer {
    static func openComposer(_ typing: Bool, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let key = state.selection, let request = state.request(key) else {
            notify(&state, "Open a WebSocket request first", kind: .warning)
            return []
        }
        guard let settings = request.websocket else {
            notify(
                &state, "\(request.name) is not a WebSocket request: there is nothing to send a message on",
                kind: .warning)
            return []
        }
        guard let generation = state.exchanges[key]?.inFlight,
            let document = state.document(collectionID: key.collectionID)
        else {
            notify(&state, "\(request.name) is not connected: F5 opens the connection", kind: .warning)
            return []
        }
        if !typing, settings.messages.isEmpty {
            notify(&state, "\(request.name) has no saved messages: Alt+W types one", kind: .info)
            return []
        }
        let composer = WebSocketComposerState(
            key: key, generation: generation, requestName: request.name, messages: settings.messages,
            collectionFile: document.path, mode: typing ? .typing : .saved)
        return reduceOverlays(.open(.webSocketComposer(composer)), &state)
    }
}

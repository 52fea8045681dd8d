import Workspace

extension ExplorerReducer {
    /// The selected request's stream joins the text its `stream.join` names (issue 25), whichever
    /// action changed either: a new stream, `J`, an undo, a revert, the file changing on disk.
    static func syncStreamJoin(_ state: inout ExplorerState) {
        guard let key = state.selection, var exchange = state.exchanges[key], var stream = exchange.stream else {
            return
        }
        let path = state.request(key)?.stream?.join
        guard stream.joined?.path != path else { return }
        stream.join(path)
        exchange.stream = stream
        state.exchanges[key] = exchange
    }
}

import Workspace

extension ExplorerReducer {
    /// The selected request's stream joins the text its `stream.join` names (issue 25), whichever
    /// action changed either: a new stream, `J`, an undo, a revert, the file changing on disk; and
    /// keeps the events the response pane's `|` filter names (on a long stream, asking the spill
    /// file for the older ones).
    static func syncStreamJoin(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let key = state.selection else { return [] }
        let path = state.request(key)?.stream?.join
        if let past = state.response.openedHistoryStream, past.joined?.path != path {
            reduceResponse(.historyStreamJoin(path), &state)
        }
        guard let stream = state.exchanges[key]?.stream else { return [] }
        let filter = state.response.openedHistory == nil ? state.response.streamFilter : nil
        guard stream.joined?.path != path || stream.filter?.path != filter else { return [] }
        return reduceExchanges(.streamView(key, join: path, filter: filter), &state)
    }

    /// After any action: when the Stream view shows (or has selected) events older than those in
    /// memory, asks for them from the stream's spill file once.
    static func syncStreamPage(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let key = state.selection, state.response.openedHistory == nil,
            let index = state.response.streamSelected, let stream = state.exchanges[key]?.stream,
            let asked = stream.pageNeeded(around: index, rows: max(1, state.response.pageSize))
        else { return [] }
        reduceExchanges(.streamPageAsked(key, asked), &state)
        return [.readStreamPage(key, generation: stream.generation, asked)]
    }
}

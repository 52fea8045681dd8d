import TUI
import Workspace

/// When every file is read: the request to start on, and a word when `--env` named an
/// environment no collection has.
extension WorkspaceReducer {
    /// Nothing selected yet: the request named on the command line, else the one remembered from
    /// last time, else the first request of the first collection that answers offline (a mock
    /// default environment), else the first request (the first on screen, else the first inside
    /// the folders).
    static func startupSelection(_ state: WorkspaceState, _ context: Context, _ outcome: inout Outcome) {
        guard context.selection == nil else { return }
        if let wanted = context.startup.request {
            if let key = state.findRequest(wanted) {
                outcome.requests.append(.selectNamed(key))
            } else {
                outcome.notice = Notice("No request \"\(wanted)\" in the collections", kind: .warning)
            }
            return
        }
        let loaded = state.collections.compactMap(\.document)
        for document in loaded {
            if let id = state.slot(collectionID: document.collection.id)?.remembered?.selectedRequestID,
                document.collection.request(id: id) != nil
            {
                outcome.requests.append(.select(RequestKey(collectionID: document.collection.id, requestID: id)))
                return
            }
        }
        let offline = loaded.first { document in
            let name = state.environmentName(collectionID: document.collection.id)
            return name.flatMap(document.collection.environment(named:))?.kind == .mock
        }
        for document in (offline.map { [$0] } ?? []) + loaded {
            let id = document.collection.id
            let visible = context.firstVisibleRequests[id]
            let first = document.collection.firstRequest.map {
                RequestKey(collectionID: id, requestID: $0.request.id)
            }
            if let key = visible ?? first {
                outcome.requests.append(.select(key))
                return
            }
        }
    }

    /// `--env` that no collection has was ignored without a word (a typo looked like mock): the
    /// warning joins the notice shown.
    static func checkStartupEnvironment(_ state: WorkspaceState, _ context: Context, _ outcome: inout Outcome) {
        guard let wanted = context.startup.environment,
            !state.collections.contains(where: { $0.document?.collection.environment(named: wanted) != nil })
        else { return }
        let note = "No collection has an environment \"\(wanted)\": each keeps its own"
        outcome.notice = Notice(context.shownNotice.map { $0 + " · " + note } ?? note, kind: .warning)
    }
}

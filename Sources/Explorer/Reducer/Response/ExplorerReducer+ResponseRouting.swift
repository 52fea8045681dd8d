import TUI
import Workspace

/// The root's door to the response slice: builds its Context from the whole state (the selected
/// request's live result and name), reduces, and applies the Outcome: the notice as a toast, and
/// the requests (send again, save as a mock route, open a dialog, focus the pane).
extension ExplorerReducer {
    @discardableResult
    static func reduceResponse(_ action: ResponseReducer.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        var context = ResponseReducer.Context(
            liveResult: state.exchange?.shownResult, requestName: state.selectedRequest?.name,
            authorizationURL: state.exchange?.inFlight != nil
                ? state.exchange?.trace?.authorization?.authorizationURL : nil)
        context.requestKey = state.selection
        context.streamJoin = state.selectedRequest?.stream?.join
        context.streamLog = state.shownStream
        let outcome = ResponseReducer.reduce(&state.response, action, context)
        if let notice = outcome.notice { notify(&state, notice.message, kind: notice.kind) }
        var effects = outcome.effects
        for request in outcome.requests {
            switch request {
            case .send: effects += send(&state)
            case .saveMockRoute: effects += reduceWorkspace(.promptMockRoute, &state)
            case .openCookies: effects += openCookies(&state)
            case .openOverlay(let overlay): effects += reduceOverlays(.open(overlay), &state)
            case .focusResponse: reduceScreen(.focus(.response), &state)
            case .acceptSnapshot: effects += askToAcceptSnapshot(&state)
            case .recheckHistory: effects += recheckHistory(&state)
            case .goToQuery(let line, let column):
                reduceScreen(.focus(.request), &state)
                effects += reduceEditor(.goToQuery(line: line, column: column), &state)
            }
        }
        return effects
    }
}

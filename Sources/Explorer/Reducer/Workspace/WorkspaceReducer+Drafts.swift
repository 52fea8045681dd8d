import TUI
import Workspace

/// The drafts other panes change: the editor's edited request, the drafts of deleted requests
/// (and those an undo gives back), a body written in `$EDITOR`.
extension WorkspaceReducer {
    /// The request as edited becomes the draft; a draft equal to the saved request is dropped:
    /// nothing is left to save.
    static func setDraft(_ key: RequestKey, _ request: SavedRequest, _ state: inout WorkspaceState) {
        guard state.request(key) != nil else { return }
        state.drafts[key] = request == state.savedRequest(key) ? nil : request
    }

    /// `$EDITOR` finished: the body it wrote replaces the request's (the editor already shows it
    /// when the request is the selected one: replacing is the same text again), and the drafts
    /// are stored; without text, the message says why.
    static func bodyEdited(
        _ key: RequestKey, text: String?, message: String?, _ state: inout WorkspaceState, _ outcome: inout Outcome
    ) {
        guard let text, var request = state.request(key) else {
            if let message { outcome.notice = Notice(message, kind: .warning) }
            return
        }
        request.body = BodyText.replacing(request.body, with: text)
        setDraft(key, request, &state)
        outcome.notice = Notice("Body updated from the editor", kind: .success)
        outcome.effects.append(.storeDrafts(state.drafts))
    }
}

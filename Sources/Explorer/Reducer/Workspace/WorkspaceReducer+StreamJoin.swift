import Foundation
import JSONTree
import TUI
import Workspace

/// `J` over a stream (issue 25): the JSONPath whose text the stream's events are joined by,
/// written into the request's `stream.join` as an edit (a draft, saved with the request), so the
/// choice stays with the request.
extension WorkspaceReducer {
    static func commitStreamJoin(
        _ prompt: PromptState, _ key: RequestKey, _ state: inout WorkspaceState, _ outcome: inout Outcome
    ) {
        let path = prompt.field.text.trimmingCharacters(in: .whitespaces)
        if !path.isEmpty {
            do {
                _ = try JSONPath(path)
            } catch {
                return reopen(prompt, saying: "I" + error.summary.dropFirst(), &outcome)
            }
        }
        guard let saved = state.savedRequest(key), var request = state.drafts[key] ?? Optional(saved) else {
            return reopen(prompt, saying: "The request is gone", &outcome)
        }
        var stream = request.stream ?? StreamSettings()
        stream.join = path.isEmpty ? nil : path
        request.stream = stream == StreamSettings() ? nil : stream
        state.drafts[key] = request == saved ? nil : request
        outcome.requests += [.closeOverlay, .reloadEditor(key)]
        outcome.effects.append(.storeDrafts(state.drafts))
        outcome.notice = Notice(
            path.isEmpty ? "No joined view" : "Joining the text at \(path) (Ctrl+S keeps it with the request)",
            kind: .info)
    }
}

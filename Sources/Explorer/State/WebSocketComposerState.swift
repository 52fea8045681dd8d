package import TUI
package import Workspace

/// The composer over an open WebSocket connection (issue 25): a line to type a message in (text;
/// checked as JSON while typed when it starts with `{` or `[`), or the request's saved messages to
/// pick one from. Tab switches between them; Enter sends (the message comes back as a ↑ row of
/// the Stream view); Esc closes. Bound to the send (`generation`) it was opened on.
package struct WebSocketComposerState: Sendable, Equatable {
    package enum Mode: Sendable, Equatable {
        case typing
        case saved
    }

    package var key: RequestKey
    package var generation: Int
    package var requestName: String
    package var messages: [WebSocketSavedMessage]
    /// The collection file a saved message's `file` is relative to.
    package var collectionFile: String
    package var mode: Mode
    package var field: TextEditorState
    /// The saved message highlighted.
    package var selected: Int

    package init(
        key: RequestKey, generation: Int, requestName: String, messages: [WebSocketSavedMessage],
        collectionFile: String, mode: Mode
    ) {
        self.key = key
        self.generation = generation
        self.requestName = requestName
        self.messages = messages
        self.collectionFile = collectionFile
        self.mode = messages.isEmpty ? .typing : mode
        field = TextEditorState(text: "", singleLine: true)
        selected = 0
    }

    /// Why the typed text cannot be sent as JSON (nil: fine, or not meant as JSON).
    package var problem: String? {
        guard mode == .typing else { return nil }
        return Self.jsonProblem(field.text)
    }

    /// Text that starts with `{` or `[` is meant as JSON (and checked as such).
    package static func meantAsJSON(_ text: String) -> Bool {
        text.first(where: { !$0.isWhitespace }).map { $0 == "{" || $0 == "[" } ?? false
    }

    /// The parser's complaint about text meant as JSON, if any.
    package static func jsonProblem(_ text: String) -> String? {
        guard meantAsJSON(text) else { return nil }
        return BodyText.problem(inJSON: text).map { "not JSON: \($0)" }
    }

    /// What one line of the saved messages list says: the name and what it sends.
    package static func summary(_ message: WebSocketSavedMessage) -> String {
        switch message.content {
        case .text(let text): "\(message.name) · \(text)"
        case .json(let json): "\(message.name) · \(json.compact())"
        case .file(let path): "\(message.name) · the bytes of \(path)"
        }
    }
}

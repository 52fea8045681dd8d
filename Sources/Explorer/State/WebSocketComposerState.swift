import Foundation
import HTTPCore
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

    /// The close a typed line asks for: `/close` (1000), `/close 4001`, `/close 4001 the reason`;
    /// nil for a message (`//…` sends one that starts with `/`). A code no endpoint may send is
    /// the failure's text.
    package static func closeCommand(_ text: String) -> Result<(code: UInt16, reason: String), CloseProblem>? {
        let words = text.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 2)
        guard words.first == "/close" else { return nil }
        guard words.count > 1 else { return .success((1000, "")) }
        guard let code = UInt16(words[1]), WebSocketClose.maySend(code) else {
            return .failure(
                CloseProblem(message: "\(words[1]) is not a close code to send: 1000–1003, 1007–1014 or 3000–4999"))
        }
        let reason = words.count > 2 ? String(words[2]) : ""
        guard reason.utf8.count <= 123 else {
            return .failure(
                CloseProblem(message: "a close reason holds 123 bytes at most (\(reason.utf8.count) typed)"))
        }
        return .success((code, reason))
    }

    /// The file a `/file PATH` line sends as a binary message (relative to the collection file,
    /// absolute, or `~/`); nil for anything else.
    package static func fileCommand(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("/file ") else { return nil }
        let path = trimmed.dropFirst("/file ".count).trimmingCharacters(in: .whitespaces)
        return path.isEmpty ? nil : path
    }

    /// Why a `/close` line cannot be sent.
    package struct CloseProblem: Error, Equatable {
        package var message: String
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

import Foundation
import HTTPCore
import Workspace

/// JetBrains / Kulala `WEBSOCKET` blocks (issue 25): `WEBSOCKET ws://host/path`, headers, then the
/// messages to send, each after a `===` line. `=== wait-for-server` (wait for a server message
/// before the next) has no equivalent: the messages are sent in order (reported).
/// `Sec-WebSocket-Protocol` becomes the request's subprotocols, and back on export.
extension HTTPFileConverter {
    mutating func webSocket(_ block: HTTPFileDocument.Request, id: String) -> SavedRequest {
        let line = block.methodLine.number
        let url = template(block.url, line: line)
        var headers: [KeyValueRow] = []
        var subprotocols: [String] = []
        for header in block.headers {
            let value = template(header.value, line: header.line)
            if header.name.lowercased() == "sec-websocket-protocol" {
                subprotocols += value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
                continue
            }
            if let problem = HeaderCheck.problem(name: header.name, value: value) {
                report.add(problem, at: location(line: header.line), kept: "not carried")
                continue
            }
            headers.append(KeyValueRow(name: header.name, value: value))
        }
        let auth = Self.authentication(&headers)
        var messages: [WebSocketSavedMessage] = []
        var current: [String]?
        func flush() {
            guard let lines = current else { return }
            let text = lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
            if !text.isEmpty {
                messages.append(WebSocketSavedMessage(name: "message \(messages.count + 1)", .text(text)))
            }
        }
        for bodyLine in block.body {
            let trimmed = bodyLine.text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("===") {
                flush()
                current = []
                if trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces) == "wait-for-server" {
                    report.add(
                        "=== wait-for-server", at: location(line: bodyLine.number),
                        kept: "the messages are sent in order without waiting")
                }
            } else {
                current = (current ?? []) + [template(bodyLine.text, line: bodyLine.number)]
            }
        }
        flush()
        return SavedRequest(
            id: id, name: block.name ?? "WebSocket " + url, url: url, headers: headers, auth: auth,
            websocket: WebSocketSettings(subprotocols: subprotocols, messages: messages))
    }
}

extension HTTPFileExport {
    /// The messages of a WebSocket request, each after a `===` line; a file message is named in a
    /// comment (a `.http` file has no binary messages).
    static func webSocketLines(_ settings: WebSocketSettings) -> [String] {
        var lines: [String] = []
        for message in settings.messages {
            lines.append("===")
            if let text = message.text {
                lines += Self.lines(text).map { $0.hasPrefix("===") ? " " + $0 : $0 }
            } else if case .file(let path) = message.content {
                lines.append("# Lazer: the binary message \"\(oneLine(message.name))\" (\(oneLine(path))) is left out")
            }
        }
        return lines
    }
}

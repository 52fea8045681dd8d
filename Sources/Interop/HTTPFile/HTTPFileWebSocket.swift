import Foundation
import HTTPCore
import Workspace

/// JetBrains / Kulala `WEBSOCKET` blocks (issue 25): `WEBSOCKET ws://host/path`, headers, then the
/// messages to send, each after a `===` line. `=== wait-for-server` (wait for a server message
/// before the next) makes the request's `steps`: each message a `send`, an `expect` of any message
/// before those that wait. `Sec-WebSocket-Protocol` becomes the request's subprotocols, and back
/// on export.
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
        var steps: [WebSocketStep] = []
        var current: [String]?
        var waiting = false
        func flush() {
            guard let lines = current else { return }
            let text = lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
            guard !text.isEmpty else { return }
            let message = WebSocketSavedMessage(name: "message \(messages.count + 1)", .text(text))
            messages.append(message)
            if waiting { steps.append(.expect(WebSocketStep.ExpectStep(op: .exists))) }
            steps.append(.send(WebSocketStep.SendStep(message: message.name)))
        }
        for bodyLine in block.body {
            let trimmed = bodyLine.text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("===") {
                flush()
                current = []
                waiting = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces) == "wait-for-server"
            } else {
                current = (current ?? []) + [template(bodyLine.text, line: bodyLine.number)]
            }
        }
        flush()
        // Without a wait the messages go in order at connect: no steps needed.
        let waits = steps.contains { if case .expect = $0 { true } else { false } }
        return SavedRequest(
            id: id, name: block.name ?? "WebSocket " + url, url: url, headers: headers, auth: auth,
            websocket: WebSocketSettings(subprotocols: subprotocols, messages: messages, steps: waits ? steps : []))
    }
}

extension HTTPFileExport {
    /// The messages of a WebSocket request, each after a `===` line; a file message is named in a
    /// comment (a `.http` file has no binary messages). With steps, the messages their `send`s
    /// name, in their order, a message after an `expect` behind `=== wait-for-server` (which waits
    /// for any message: the check is a comment, see `webSocketReport`).
    static func webSocketLines(_ settings: WebSocketSettings) -> [String] {
        var lines: [String] = []
        var sends: [(message: WebSocketSavedMessage, waits: Bool)] = settings.messages.map { ($0, false) }
        if !settings.steps.isEmpty {
            sends = []
            var waits = false
            for step in settings.steps {
                switch step {
                case .expect: waits = true
                case .send(let send):
                    guard let message = settings.messages.first(where: { $0.name == send.message }) else { continue }
                    sends.append((message, waits))
                    waits = false
                }
            }
        }
        for (message, waits) in sends {
            lines.append(waits ? "=== wait-for-server" : "===")
            if let text = message.text {
                lines += Self.lines(text).map { $0.hasPrefix("===") ? " " + $0 : $0 }
            } else if case .file(let path) = message.content {
                lines.append("# Lazer: the binary message \"\(oneLine(message.name))\" (\(oneLine(path))) is left out")
            }
        }
        return lines
    }

    /// What a `.http` file loses of a request's steps: an `expect` is only "wait for a message"
    /// there (its check and captures are left out), and one that is the last step is not written.
    static func webSocketLosses(_ settings: WebSocketSettings) -> [String] {
        var losses: [String] = []
        guard !settings.steps.isEmpty else { return [] }
        let sent = Set(
            settings.steps.compactMap { step -> String? in
                if case .send(let send) = step { send.message } else { nil }
            })
        for message in settings.messages where !sent.contains(message.name) {
            losses.append("the message \"\(oneLine(message.name))\", which no step sends, is left out")
        }
        for (index, step) in settings.steps.enumerated() {
            guard case .expect(let expect) = step else { continue }
            if index == settings.steps.count - 1 {
                losses.append("step \(index + 1) (an expect after the last message) is left out")
            } else if expect.path != nil || expect.op != .exists || !expect.captures.isEmpty {
                losses.append(
                    "step \(index + 1) is written as === wait-for-server: its check and captures are left out")
            }
        }
        return losses
    }
}

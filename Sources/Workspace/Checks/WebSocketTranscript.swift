import Foundation
package import HTTPCore
import RegularFiles

/// A WebSocket conversation as the facts expectations and captures read (issue 25): status 101,
/// the upgrade's response headers, and the received messages as the events of an
/// `application/json-seq` body (a text message as sent, a binary one as base64), so the `events`
/// and `event` expectations of streams apply to messages unchanged.
package enum WebSocketTranscript {
    package static let contentType = "application/json-seq"
    /// The transcript's own header saying how the conversation ended: `4001 bad token` (the code,
    /// then the reason), `none` for a close frame without a code. The `close` expectation reads it.
    package static let closeHeader = "Lazer-WebSocket-Close"
    /// The transcript's own header holding how the request's `steps` went (`WebSocketStepPlayer`),
    /// as a JSON array of checks: the Checks tab and `lazer run` show them, history keeps them.
    package static let stepsHeader = "Lazer-WebSocket-Steps"

    package static func facts(
        handshake: WebSocketHandshake, received: [WebSocketMessage], close: WebSocketClose?,
        steps: [ExpectationCheck] = [], duration: Duration
    ) -> ResponseFacts {
        ResponseFacts(
            status: handshake.status, headers: headers(handshake, close: close, steps: steps), body: body(received),
            document: nil, duration: duration)
    }

    /// The upgrade's response headers with the transcript's `Content-Type` and, once the
    /// conversation ended, its close and its steps' checks.
    package static func headers(
        _ handshake: WebSocketHandshake, close: WebSocketClose? = nil, steps: [ExpectationCheck] = []
    ) -> HTTPHeaders {
        var headers = handshake.headers
        // Ours alone: a server that sends them in its 101 must not decide a check.
        headers.remove(name: closeHeader)
        headers.remove(name: stepsHeader)
        headers.set(name: "Content-Type", value: contentType)
        if let close {
            let code = close.code.map(String.init) ?? "none"
            headers.set(name: closeHeader, value: close.reason.isEmpty ? code : code + " " + close.reason)
        }
        if !steps.isEmpty, let encoded = try? JSONEncoder().encode(steps) {
            headers.set(name: stepsHeader, value: String(decoding: encoded, as: UTF8.self))
        }
        return headers
    }

    /// The checks of the conversation's steps, as its transcript keeps them (none without steps).
    package static func stepChecks(_ headers: HTTPHeaders) -> [ExpectationCheck] {
        guard let value = headers[stepsHeader] else { return [] }
        return (try? JSONDecoder().decode([ExpectationCheck].self, from: Data(value.utf8))) ?? []
    }

    /// RS, the message, LF, per message (json-seq, RFC 7464).
    package static func body(_ received: [WebSocketMessage]) -> [UInt8] {
        var bytes: [UInt8] = []
        for message in received { appendRecord(message, to: &bytes) }
        return bytes
    }

    /// One message's record: RS, a text message as sent or a binary one as base64, LF.
    package static func appendRecord(_ message: WebSocketMessage, to bytes: inout [UInt8]) {
        bytes.append(0x1E)
        switch message {
        case .text(let text): bytes += text.utf8
        case .binary(let data): bytes += Data(data).base64EncodedString().utf8
        }
        bytes.append(0x0A)
    }

    /// The bytes of each saved message, in order: text and JSON as text messages, a file's bytes
    /// as a binary one (relative to `collectionFile`'s folder). A file that cannot be read is a
    /// problem naming the message.
    package static func outgoing(_ settings: WebSocketSettings, collectionFile: String) -> Result<
        [WebSocketMessage], WebSocketMessageError
    > {
        let folder = URL(fileURLWithPath: collectionFile).deletingLastPathComponent()
        var messages: [WebSocketMessage] = []
        for message in settings.messages {
            if let text = message.text {
                messages.append(.text(text))
            } else if case .file(let path) = message.content {
                let url = WebSocketSettings.collectionFileURL(path, folder: folder)
                do {
                    guard let bytes = try RegularFile.read(url.path, limit: WebSocketRequest.defaultMaxMessageBytes)
                    else {
                        return .failure(WebSocketMessageError(message: message.name, reason: "no such file \(path)"))
                    }
                    messages.append(.binary(bytes))
                } catch {
                    return .failure(
                        WebSocketMessageError(message: message.name, reason: "\(path): \(error.description)"))
                }
            }
        }
        return .success(messages)
    }
}

/// A saved message that could not be read.
package struct WebSocketMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package var reason: String
    package var description: String { "message \"\(message)\": \(reason)" }
}

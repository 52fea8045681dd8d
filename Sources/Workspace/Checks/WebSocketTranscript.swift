import Foundation
package import HTTPCore
package import JSONTree
import RegularFiles
import TerminalText

/// A WebSocket conversation as the facts expectations and captures read (issue 25): status 101,
/// the upgrade's response headers, and the received messages as the events of an
/// `application/json-seq` body (a text message as sent, a binary one as base64), so the `events`
/// and `event` expectations of streams apply to messages unchanged.
package enum WebSocketTranscript {
    package static let contentType = "application/json-seq"
    /// A whole conversation as the explorer keeps it (`appendEntry`): every row of its Stream view
    /// — messages both ways, pings, steps, the close — with its time, one JSON object per json-seq
    /// record; checks read the received messages of it as they read `contentType`'s records, and
    /// an entry opened from history lists it as it was seen live.
    package static let conversationType = "application/vnd.lazer.websocket+json-seq"
    /// The transcript's own header saying how the conversation ended: `4001 bad token` (the code,
    /// then the reason), `none` for a close frame without a code. The `close` expectation reads it.
    package static let closeHeader = "Lazer-WebSocket-Close"
    /// The transcript's own header holding how the request's `steps` went (`WebSocketStepPlayer`),
    /// as a JSON array of checks: the Checks tab and `lazer run` show them, history keeps them.
    package static let stepsHeader = "Lazer-WebSocket-Steps"

    /// One of the transcript's own headers: never a server's, so never recorded or replayed as one.
    package static func isOwnHeader(_ name: String) -> Bool {
        [closeHeader, stepsHeader].contains { name.caseInsensitiveCompare($0) == .orderedSame }
    }

    package static func facts(
        handshake: WebSocketHandshake, received: [WebSocketMessage], close: WebSocketClose?,
        steps: [ExpectationCheck] = [], duration: Duration
    ) -> ResponseFacts {
        ResponseFacts(
            status: handshake.status, headers: headers(handshake, close: close, steps: steps), body: body(received),
            document: nil, duration: duration)
    }

    /// The facts of a conversation kept whole (`conversationType`: every row, `appendEntry`).
    package static func facts(
        handshake: WebSocketHandshake, conversation: [UInt8], close: WebSocketClose?, steps: [ExpectationCheck] = [],
        duration: Duration
    ) -> ResponseFacts {
        ResponseFacts(
            status: handshake.status,
            headers: headers(handshake, close: close, steps: steps, contentType: conversationType), body: conversation,
            document: nil, duration: duration)
    }

    /// The upgrade's response headers with the transcript's `Content-Type` and, once the
    /// conversation ended, its close and its steps' checks.
    package static func headers(
        _ handshake: WebSocketHandshake, close: WebSocketClose? = nil, steps: [ExpectationCheck] = [],
        contentType: String = contentType
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

    /// One message's record: RS, its data (`data(of:)`), LF.
    package static func appendRecord(_ message: WebSocketMessage, to bytes: inout [UInt8]) {
        bytes.append(0x1E)
        bytes += data(of: message).utf8
        bytes.append(0x0A)
    }

    /// A message's data as checks, captures, steps and `lazer send --until` read it: a text message
    /// as sent, a binary one as base64.
    package static func data(of message: WebSocketMessage) -> String {
        switch message {
        case .text(let text): text
        case .binary(let bytes): Data(bytes).base64EncodedString()
        }
    }

    /// One row of a conversation (`conversationType`): `{"at": 0.301, "row": "↓ text", "data":
    /// "…"}`, with `"received": true` for a message received (what checks read) and `"base64":
    /// true` when `data` is a binary message's bytes in base64.
    package struct Entry: Sendable, Equatable {
        package var offset: Duration
        package var row: String
        package var data: String
        package var received: Bool
        package var base64: Bool

        package init(offset: Duration, row: String, data: String, received: Bool = false, base64: Bool = false) {
            self.offset = offset
            self.row = row
            self.data = data
            self.received = received
            self.base64 = base64
        }
    }

    /// Appends `entry` as a json-seq record of `conversationType`: the strings escaped as JSON and
    /// for a terminal (`TerminalText`), so RS inside a message cannot split a record.
    package static func appendEntry(_ entry: Entry, to bytes: inout [UInt8]) {
        let milliseconds = Int(entry.offset / .milliseconds(1))
        let fraction = String(milliseconds % 1000)
        var record =
            "\u{1E}{\"at\":\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count) + fraction)"
        record += ",\"row\":\""
        TerminalText.appendJSONStringContent(entry.row, to: &record, uppercase: false)
        record += "\",\"data\":\""
        TerminalText.appendJSONStringContent(entry.data, to: &record, uppercase: false)
        record += "\""
        if entry.received { record += ",\"received\":true" }
        if entry.base64 { record += ",\"base64\":true" }
        record += "}\n"
        bytes += record.utf8
    }

    /// The rows of a conversation body (`conversationType`); a record that is not one is skipped.
    package static func entries(in body: JSONBytes) -> [Entry] {
        StreamDecoder.events(in: body, format: .jsonSequence).compactMap { record in
            guard let document = try? JSONDocument(bytes: Array(record.data.utf8)) else { return nil }
            let root = document.root
            func text(_ key: String) -> String? { document.child(root, key: key).flatMap(document.string) }
            func flag(_ key: String) -> Bool { document.child(root, key: key).flatMap(document.bool) ?? false }
            guard let row = text("row"), let data = text("data") else { return nil }
            let seconds = document.child(root, key: "at").flatMap { try? document.double($0) } ?? 0
            return Entry(
                offset: .milliseconds(Int64((seconds * 1000).rounded())), row: row, data: data,
                received: flag("received"), base64: flag("base64"))
        }
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

import ArgumentParser
import CurlTransport
import Dispatch
import Foundation
import HTTPCore
import Synchronization
import TerminalText
import WebSocketTransport
import Workspace

/// `lazer send ws://…`: connects, sends each `--message` as a text message, and prints every
/// message both ways as it happens (like `websocat`), until the server closes, `--max-messages`
/// received, `--seconds` elapsed, or Ctrl+C (a clean close in each case but the first).
/// Lines: `+0.012s ↓ {"n":1}`, `+0.001s ↑ hello`, `+0.020s ↓ binary 4 bytes 00 01 02 ff`;
/// `--stream-json`: `{"data":…,"direction":"received","index":0,"kind":"text","time":0.012}`.
/// `lazer send URL --graphql FILE` whose operation is a subscription (issue 28) goes the same way
/// over `graphql-transport-ws`: each `next`'s payload is printed on a line of its own and how it
/// ended on stderr (`--stream-json`: every message of the protocol too, by its type).
struct SendWebSocket {
    let command: SendCommand

    /// Whether the command's URL is a WebSocket one (`ws://` or `wss://`).
    static func isWebSocket(_ target: [String]) -> Bool {
        guard let url = target.last?.lowercased() else { return false }
        return url.hasPrefix("ws://") || url.hasPrefix("wss://")
    }

    /// The `--graphql` operation when it is a subscription (nil for a query or a mutation).
    static func subscription(_ command: SendCommand) throws -> SendGraphQL? {
        guard let path = command.graphql else { return nil }
        let document = try SendGraphQL(command: command, path: path)
        return document.isSubscription ? document : nil
    }

    /// The upgrade request: `-H`, `--var` and `--timeout` as for HTTP; no body options (a
    /// subscription's `--graphql` is its payload, see `run`). `http(s)://` connects over `ws(s)://`.
    func request() throws -> WebSocketRequest {
        if command.target.count > 1, command.target[0].uppercased() != "GET" {
            throw ValidationError("a WebSocket is opened with GET; leave the method out.")
        }
        if command.data != nil || command.json != nil || command.dataFile != nil || !command.form.isEmpty {
            throw ValidationError("a WebSocket upgrade has no body: send text with --message.")
        }
        if command.output != nil || command.streamFormat != nil || command.reconnect != nil {
            throw ValidationError("-o, --stream and --reconnect are for HTTP; a WebSocket prints its messages.")
        }
        if command.graphql != nil, !command.messages.isEmpty {
            throw ValidationError("a GraphQL subscription sends its operation: leave --message out.")
        }
        if let maxMessages = command.maxMessages, maxMessages < 1 {
            throw ValidationError("--max-messages must be at least 1")
        }
        if let seconds = command.seconds, !(seconds > 0 && seconds <= 31_536_000) {
            throw ValidationError("--seconds must be a number of seconds above 0")
        }
        guard let rawURL = command.target.last else { throw ValidationError("a URL is needed") }
        let lowered = rawURL.lowercased()
        let secure = lowered.hasPrefix("wss://") || lowered.hasPrefix("https://")
        var http = command
        http.graphql = nil
        http.target = [
            Self.isWebSocket(command.target)
                ? (secure ? "https://" : "http://") + rawURL.drop { $0 != "/" }.dropFirst(2) : rawURL
        ]
        let built = try SendRequestBuilder(command: http).request()
        guard var parts = URLComponents(url: try built.url(), resolvingAgainstBaseURL: false) else {
            throw ValidationError("'\(TerminalText.line(rawURL))' is not a URL")
        }
        parts.scheme = secure ? "wss" : "ws"
        guard let url = parts.url else { throw ValidationError("'\(TerminalText.line(rawURL))' is not a URL") }
        var request = WebSocketRequest(url: url, headers: built.headers)
        request.options = built.options
        request.offersCompression = !command.noCompression
        if let timeout = built.options.totalTimeout { request.connectTimeout = timeout }
        return request
    }

    func run(subscription: SendGraphQL? = nil) throws {
        let request = try request()
        var connector: any WebSocketConnecting = NIOWebSocketConnector(tunnel: CurlTLSTunnel())
        if let subscription {
            connector = GraphQLSubscriptionConnector(
                base: connector, payload: subscription.requestObject,
                initPayload: subscription.connectionInitText)
        }
        let printer = WebSocketLinePrinter(
            json: command.streamJSON, join: try SendJoin.parse(command.join), subscription: subscription != nil)
        let interrupt = SendInterrupt()
        let outcome = SendOutcome<WebSocketClose>()
        let done = DispatchSemaphore(value: 0)
        let limits = (messages: command.maxMessages, seconds: command.seconds)
        let until = UntilWatch(try SendUntil.parse(command.until))
        // With --until, --timeout bounds the wait for it too (not only the connect).
        let deadline = until.until == nil ? nil : request.options.totalTimeout
        let timedOut = SendFlag()
        let messages = command.messages
        let holder = SessionHolder()
        interrupt.waiting { holder.close() }
        let task = Task {
            defer { done.signal() }
            let session: any WebSocketSession
            do {
                session = try await connector.connect(request)
            } catch {
                outcome.store(.failure(error))
                return
            }
            var opened = "Connected: 101 Switching Protocols"
            if let subprotocol = session.handshake.subprotocol { opened += ", subprotocol \(subprotocol)" }
            if let extensions = session.handshake.extensions { opened += ", \(extensions)" }
            FileBytes.writeError(TerminalText.line(opened) + "\n")
            holder.opened(session)
            if let seconds = limits.seconds {
                Task {
                    try? await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
                    session.close(code: 1000, reason: "")
                }
            }
            if let deadline {
                Task {
                    try? await Task.sleep(for: deadline)
                    guard !until.met else { return }
                    timedOut.set()
                    session.close(code: 1000, reason: "")
                }
            }
            for message in messages { session.send(.text(message)) }
            // On the connection's own thread: a message and its printing wake no other thread, and
            // a slow stdout slows the reading.
            await withTaskExecutorPreference(session.preferredExecutor) {
                var received = 0
                for await event in session.events {
                    // Messages that arrive after the limit, before the close takes effect, are not printed.
                    if case .received = event, let limit = limits.messages, received >= limit { continue }
                    if case .received = event, until.met { continue }
                    printer.print(event)
                    if case .received(let message) = event {
                        received += 1
                        if let limit = limits.messages, received == limit { session.close(code: 1000, reason: "") }
                        if let condition = until.until,
                            condition.holds(WebSocketTranscript.data(of: message), count: received)
                        {
                            until.hold()
                            session.close(code: 1000, reason: "")
                        }
                    }
                    if case .closed(let close) = event { outcome.store(.success(close)) }
                }
            }
        }
        done.wait()
        _ = task
        try printer.checkSucceeded()
        switch outcome.load() {
        case .success? where printer.failure != nil && !interrupt.interrupted:
            // The subscription's `error`: the server's words, exit 3 as for an abnormal close.
            FileBytes.writeError(TerminalText.line("lazer send: \(printer.failure ?? "")") + "\n")
            throw ExitCode(3)
        case .success(let close)?:
            func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
            var summary =
                "Closed: \(close.description), \(counted(printer.received, "message")) received, \(printer.sent) sent"
            if subscription != nil {
                summary =
                    (printer.completed ? "Completed by the server" : "Closed: \(close.description)")
                    + ", \(counted(printer.received, "response")) received"
            }
            if interrupt.interrupted { summary = "Interrupted: " + summary }
            if until.met { summary += "; --until held" }
            FileBytes.writeError(TerminalText.line(summary) + "\n")
            if interrupt.interrupted { throw ExitCode(interrupt.exitStatus) }
            if let condition = until.until, !until.met {
                let why =
                    timedOut.isSet
                    ? "within \(SecondsText.format(deadline ?? .zero)) s (--timeout)" : "before the conversation ended"
                FileBytes.writeError(
                    TerminalText.line("lazer send: --until '\(condition.text)' did not hold \(why)") + "\n")
                throw ExitCode(3)
            }
            let status = Self.exitStatus(close)
            if status != 0 {
                // What the close code means (a 1009 this side sent, a server's 1008…), as the explorer's card says it.
                let error = TransportError(
                    .receiveFailure, message: close.description, url: request.url, webSocketClose: close)
                let translation = ErrorTranslator.standard.translate(error)
                FileBytes.writeError(
                    TerminalText.line("lazer send: \(translation.title): \(translation.explanation)") + "\n")
            }
            throw ExitCode(status)
        case .failure(let failure)?:
            let error = failure as? TransportError ?? TransportError(.other(code: 0, message: "\(failure)"))
            let translation = ErrorTranslator.standard.translate(error)
            var text = "lazer send: \(translation.title)"
            if !error.message.isEmpty { text += ": \(error.message)" }
            FileBytes.writeError(TerminalText.line(text) + "\n")
            if error.reason == .unsupportedProtocol { throw ExitCode(2) }
            if let status = error.code, (400...599).contains(status) {
                throw ExitCode(SendCommand.exitStatus(for: StatusCode(rawValue: status)))
            }
            throw ExitCode(3)
        case nil:
            FileBytes.writeError("lazer send: the connection ended without a close\n")
            throw ExitCode(3)
        }
    }

    /// 0 for a normal end (1000, 1001, no code, or a close this side started); 3 otherwise (1006
    /// dropped, 1002 protocol error, 1007 bad UTF-8, 1011 server error…).
    static func exitStatus(_ close: WebSocketClose) -> Int32 {
        if close.initiator == .client { return 0 }
        switch close.code {
        case nil, 1000?, 1001?: return 0
        default: return 3
        }
    }
}

/// The open session, for Ctrl+C: a signal before the connection opened closes it as soon as it does.
private final class SessionHolder: Sendable {
    private let state = Mutex<(session: (any WebSocketSession)?, closing: Bool)>((nil, false))

    func opened(_ session: any WebSocketSession) {
        let closing = state.withLock { state in
            state.session = session
            return state.closing
        }
        if closing { session.close(code: 1000, reason: "") }
    }

    func close() {
        let session = state.withLock { state in
            state.closing = true
            return state.session
        }
        session?.close(code: 1000, reason: "")
    }
}

/// Prints WebSocket events one line each, terminal-safe, straight to stdout.
final class WebSocketLinePrinter: Sendable {
    private let json: Bool
    private let join: SendJoin?
    private let output = Mutex(FileBytes.StandardOutput(descriptor: 1))
    private let counts = Mutex((index: 0, received: 0, sent: 0))
    private let origin = ContinuousClock.now
    /// A subscription's: payloads alone on stdout, the protocol's messages only with --stream-json.
    private let subscription: Bool
    /// The protocol's messages that ended the conversation: a failure, the server's `complete`.
    private let ending = Mutex((failure: String?.none, completed: false))

    init(json: Bool, join: SendJoin? = nil, subscription: Bool = false) {
        self.json = json
        self.join = join
        self.subscription = subscription
    }

    var received: Int { counts.withLock { $0.received } }
    var sent: Int { counts.withLock { $0.sent } }
    /// Why a subscription failed (its `error`), if it did.
    var failure: String? { ending.withLock { $0.failure } }
    /// Whether the server completed the subscription.
    var completed: Bool { ending.withLock { $0.completed } }

    func print(_ event: WebSocketEvent) {
        let index = counts.withLock { counts in
            defer { counts.index += 1 }
            if case .received = event { counts.received += 1 }
            if case .sent = event { counts.sent += 1 }
            return counts.index
        }
        if case .control(let control) = event {
            ending.withLock { ending in
                ending.failure = ending.failure ?? control.failure
                if control.type == "complete", control.direction == .received { ending.completed = true }
            }
        }
        if subscription, !json, join == nil {
            // One GraphQL response a line, whitespace between its tokens dropped.
            guard case .received(.text(let payload)) = event else { return }
            var line = TerminalText.line(Self.compactJSON(payload)) + "\n"
            output.withLock { output in line.withUTF8 { output.write($0) } }
            return
        }
        let offset = ContinuousClock.now - origin
        let milliseconds =
            Int(offset.components.seconds) * 1000 + Int(offset.components.attoseconds / 1_000_000_000_000_000)
        var (direction, kind, data) = Self.parts(event)
        if subscription, kind == "text", direction == "received" { kind = "next" }
        if let join {
            // Only what the server sends, and only text, adds to the joined text.
            guard direction == "received", kind == "text" else { return }
            var piece = join.piece(of: data)
            output.withLock { output in piece.withUTF8 { output.write($0) } }
            return
        }
        var line: String
        if json {
            line = "{\"data\":" + TerminalText.jsonStringLiteral(data) + ",\"direction\":\"\(direction)\""
            line += ",\"index\":\(index),\"kind\":\"\(kind)\",\"time\":\(Double(milliseconds) / 1000)}"
        } else {
            let arrow = direction == "sent" ? "↑" : "↓"
            let seconds = "+\(milliseconds / 1000)." + String(1000 + milliseconds % 1000).dropFirst() + "s"
            let shown = kind == "text" ? data : "\(kind)\(data.isEmpty ? "" : " " + data)"
            line = "\(seconds) \(arrow) " + TerminalText.line(shown)
        }
        line += "\n"
        output.withLock { output in line.withUTF8 { output.write($0) } }
    }

    func checkSucceeded() throws {
        if let join {
            var ending = join.ending
            output.withLock { output in ending.withUTF8 { output.write($0) } }
        }
        let output = output.withLock { $0 }
        try output.checkSucceeded(command: "lazer send")
    }

    /// Direction, kind and the data as one string (binary: size and the first 32 bytes in hex).
    static func parts(_ event: WebSocketEvent) -> (String, String, String) {
        func message(_ message: WebSocketMessage) -> (String, String) {
            switch message {
            case .text(let text): ("text", text)
            case .binary(let bytes): ("binary", hex(bytes))
            }
        }
        switch event {
        case .received(let value):
            let (kind, data) = message(value)
            return ("received", kind, data)
        case .sent(let value):
            let (kind, data) = message(value)
            return ("sent", kind, data)
        case .ping(let payload): return ("received", "ping", hex(payload))
        case .pong(let payload): return ("received", "pong", hex(payload))
        // This client's own close went out: "sent" (a jq filter on "received" counted it as the server's).
        case .closed(let close): return (close.initiator == .client ? "sent" : "received", "close", close.description)
        case .control(let control):
            return (control.direction == .sent ? "sent" : "received", control.type, control.payload ?? "")
        }
    }

    /// `json` without the whitespace between its tokens (strings kept as written), so a response
    /// a server wrote over several lines prints on one.
    static func compactJSON(_ json: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.utf8.count)
        var inString = false
        var escaped = false
        for byte in json.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                continue
            }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        guard !bytes.isEmpty else { return "" }
        let shown = bytes.prefix(32).map {
            String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
        }
        return "\(bytes.count) bytes " + shown.joined(separator: " ") + (bytes.count > 32 ? " …" : "")
    }
}

import Foundation
package import Futures
package import HTTPCore

/// A WebSocket conversation as one exchange (issue 25), so the explorer's send chain (checks,
/// captures, history) takes it as it takes an HTTP response: the future connects when sent, sends
/// the saved messages, hands every message both ways to `onEvents` as `StreamEvent`s (name
/// `↑ text`, `↓ text`, `↓ binary`, `↓ ping`…) for the Stream view, and completes when the
/// connection ends: with status 101 and the whole conversation as its body (every row, the
/// received messages whole: `WebSocketTranscript.conversationType`, in a file past its first MiB) after a normal close, failed with the close's translation otherwise.
/// A request with a `close` check (`serverCloseExpected`) completes at any close the server sends,
/// so the check can read its code.
/// `stream.stop()` (Esc), its limits and cancelling the future all close cleanly (1000). A `link`
/// lets others send on the connection while it is open (the explorer's composer). The request's
/// `steps` play on the connection (messages sent only where they say); each step's check is listed
/// as it is decided (`✓ step` / `✗ step`) and the response carries them all.
package enum WebSocketExchange {
    package static func future(
        connector: any WebSocketConnecting, request: WebSocketRequest, sent: HTTPRequest,
        outgoing: [WebSocketMessage], stream: ResponseStream, scheduler: any Scheduler,
        clock: @escaping @Sendable () -> Duration, link: WebSocketLink? = nil, textName: String = "text",
        serverCloseExpected: Bool = false, steps: WebSocketStepPlayer? = nil, redactor: Redactor? = nil,
        onEvents: @escaping @Sendable ([StreamEvent]) -> Void
    ) -> ResponseFuture<DataResponse> {
        ResponseFuture<DataResponse>(scheduler: scheduler) { future in
            let events = WebSocketExchangeEvents(observer: sent.exchangeObserver, url: request.url, clock: clock)
            events.queued()
            let task = Task {
                let session: any WebSocketSession
                let connectStart = events.elapsed
                do {
                    session = try await connector.connect(request)
                } catch {
                    events.failed(error, connected: false)
                    future.fail(with: error)
                    return
                }
                events.opened(session.handshake, connectStart: connectStart)
                let opened = events.elapsed
                let watcher = Task {
                    // Esc, the stream's time limit: checked a few times a second.
                    while !Task.isCancelled {
                        if stream.shouldEnd {
                            session.close(code: 1000, reason: "")
                            return
                        }
                        try? await Task.sleep(for: .milliseconds(100))
                    }
                    session.close(code: 1000, reason: "")
                }
                for message in outgoing { session.send(message) }
                steps?.start(session)
                link?.attach(session, steps: steps)
                // The received messages as the response's body, in a file past its first MiB.
                let transcript = WebSocketTranscriptWriter()
                // On the connection's own thread: a message wakes no other thread on its way here.
                let (close, failure) = await withTaskExecutorPreference(session.preferredExecutor) {
                    var index = 0
                    var receivedCount = 0
                    var close = WebSocketClose(code: 1006, initiator: .connection)
                    var receivedBytes: Int64 = 0
                    var counts = ExchangeEvent.MessageCounts()
                    var lastProgress: Duration?
                    var failure: WebSocketControlMessage?
                    // Secrets masked on the rows (a message filled with one; the steps add theirs).
                    var masking = redactor
                    var stepSecrets = 0
                    var stepRows = StepRowQueue()
                    for await event in session.events {
                        var shown = streamEvent(event, index: index, textName: textName)
                        shown.offset = events.elapsed
                        if let steps, let redactor {
                            let secrets = steps.secrets
                            if secrets.count != stepSecrets {
                                stepSecrets = secrets.count
                                masking = redactor.adding(secrets)
                            }
                        }
                        if let masking {
                            let masked = masking.redact(shown.data)
                            // The size stays the message's own.
                            if masked != shown.data { shown.size = shown.size ?? shown.data.utf8.count }
                            shown.data = masked
                        }
                        index += 1
                        var shownEvents = [shown]
                        switch event {
                        case .received(let message):
                            steps?.received(message)
                            receivedCount += 1
                            counts.received += 1
                            receivedBytes += Int64(message.byteCount)
                            events.received(
                                bytes: receivedBytes, opened: opened, messages: counts, last: &lastProgress)
                            if let max = stream.maxEvents, receivedCount >= max {
                                session.close(code: 1000, reason: "")
                            }
                        case .sent: counts.sent += 1
                        case .ping: counts.pings += 1
                        case .pong: counts.pongs += 1
                        case .closed(let closed):
                            close = closed
                            steps?.ended(closed)
                            events.received(
                                bytes: receivedBytes, opened: opened, messages: counts, last: &lastProgress, final: true
                            )
                        case .control(let control):
                            if failure == nil, control.failure != nil { failure = control }
                        }
                        // The steps decided by this event (or by a timer, whose close is this event).
                        for check in stepRows.rows(adding: steps?.takeNewChecks() ?? [], after: event) {
                            var row = stepEvent(check, index: index, offset: shown.offset)
                            if let masking { row.data = masking.redact(row.data) }
                            shownEvents.append(row)
                            index += 1
                        }
                        transcript.append(conversationEntry(event, shown: shown))
                        for row in shownEvents.dropFirst() {
                            transcript.append(.init(offset: row.offset, row: row.name ?? "", data: row.data))
                        }
                        onEvents(shownEvents)
                    }
                    return (close, failure)
                }
                watcher.cancel()
                link?.detach()
                // A subprotocol's failure (a subscription's `error`) ends it with a normal close.
                guard close.endsNormally(serverCloseExpected: serverCloseExpected), failure == nil else {
                    let error = TransportError.webSocketEnd(close: close, failure: failure, url: request.url)
                    events.failed(error, connected: true)
                    future.fail(with: error)
                    return
                }
                let lifetime = events.elapsed
                let headers = WebSocketTranscript.headers(
                    session.handshake, close: close, steps: steps?.outcome.checks ?? [],
                    contentType: WebSocketTranscript.conversationType)
                // The response's time is the connection's life, from the send to the close.
                var timings = Timings()
                timings.total = lifetime
                let response = DataResponse(
                    request: sent, statusCode: StatusCode(rawValue: session.handshake.status), headers: headers,
                    url: request.url, timings: timings, reasonPhrase: "Switching Protocols",
                    body: transcript.finish())
                events.completed(response)
                future.succeed(with: response)
            }
            future.onCancel { task.cancel() }
        }
    }

    /// An event's row as the conversation body keeps it: a message whole (a binary one in base64;
    /// a sent text as its row shows it, secrets masked), anything else as its row.
    package static func conversationEntry(_ event: WebSocketEvent, shown: StreamEvent) -> WebSocketTranscript.Entry {
        var entry = WebSocketTranscript.Entry(offset: shown.offset, row: shown.name ?? "", data: shown.data)
        switch event {
        case .received(let message):
            entry.data = WebSocketTranscript.data(of: message)
            entry.received = true
            if case .binary = message { entry.base64 = true }
        case .sent(.binary(let bytes)):
            entry.data = WebSocketTranscript.data(of: .binary(bytes))
            entry.base64 = true
        default: break
        }
        return entry
    }

    /// How the Stream view lists a step's check: `✓ step` / `✗ step`, its label and what was seen.
    package static func stepEvent(_ check: ExpectationCheck, index: Int, offset: Duration) -> StreamEvent {
        let data =
            check.passed
            ? "\(check.label): \(check.actual)"
            : "\(check.label): expected \(check.expected), actual \(check.actual)"
        return StreamEvent(index: index, offset: offset, name: check.passed ? "✓ step" : "✗ step", data: data)
    }

    /// The first bytes of a binary message an event keeps as hex (its row shows what fits, its
    /// detail a hex dump of them): a bounded view whatever the message's size.
    package static let hexShown = 1024

    /// How the Stream view lists one event: direction and kind as its name, the data as text
    /// (binary: size and the hex of its first `hexShown` bytes). A received text message is named
    /// `textName` (`next` for a subscription's responses).
    package static func streamEvent(_ event: WebSocketEvent, index: Int, textName: String = "text") -> StreamEvent {
        func hex(_ bytes: [UInt8]) -> String {
            let shown = bytes.prefix(hexShown).map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }
            return "\(bytes.count) bytes " + shown.joined(separator: " ") + (bytes.count > hexShown ? " …" : "")
        }
        switch event {
        case .received(.text(let text)): return StreamEvent(index: index, name: "↓ " + textName, data: text)
        case .received(.binary(let bytes)):
            return StreamEvent(index: index, name: "↓ binary", data: hex(bytes), size: bytes.count)
        case .sent(.text(let text)): return StreamEvent(index: index, name: "↑ text", data: text)
        case .sent(.binary(let bytes)):
            return StreamEvent(index: index, name: "↑ binary", data: hex(bytes), size: bytes.count)
        case .ping(let bytes): return StreamEvent(index: index, name: "↓ ping", data: bytes.isEmpty ? "" : hex(bytes))
        case .pong(let bytes): return StreamEvent(index: index, name: "↓ pong", data: bytes.isEmpty ? "" : hex(bytes))
        case .closed(let close): return StreamEvent(index: index, name: "close", data: close.description)
        case .control(let control):
            // `↓ next`'s payloads are the messages; the protocol's own show by their type.
            let arrow = control.direction == .sent ? "↑ " : "↓ "
            return StreamEvent(index: index, name: arrow + control.type, data: control.payload ?? "")
        }
    }
}

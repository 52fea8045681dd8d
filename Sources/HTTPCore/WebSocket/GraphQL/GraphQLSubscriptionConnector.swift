import AnnotatedLocks
import Foundation
import Synchronization

/// A GraphQL subscription over a WebSocket (issue 28): connects through `base` offering the
/// `graphql-transport-ws` subprotocol, sends `connection_init`, waits for `connection_ack` (at most
/// `ackTimeout`), then `subscribe`s with `payload` (`{"query", "variables", "operationName"}`). The
/// session it returns speaks the protocol for its caller, so the explorer, Replay and `lazer send`
/// read it as any WebSocket: each `next`'s payload (a GraphQL response) is a received message, the
/// protocol's own messages are `.control` events, a `ping` is answered with `pong`, and `close`
/// sends `complete` first. A server's `complete` or `error` ends the conversation with a normal close.
public struct GraphQLSubscriptionConnector: WebSocketConnecting {
    public var base: any WebSocketConnecting
    /// The `subscribe` message's payload: the GraphQL over HTTP request object as JSON text.
    public var payload: String
    /// The `connection_init` message's payload (JSON text), if any.
    public var initPayload: String?
    public var ackTimeout: Duration
    /// How the wait for `connection_ack` is timed (a test's clock can stand in).
    public var sleep: @Sendable (Duration) async -> Void
    /// Sees every event of the connection as it is on the wire, before it is read as the protocol
    /// (`lazer record` keeps the conversation so, to play it back as a mock).
    public var onWire: (@Sendable (WebSocketEvent) -> Void)?

    /// The subscription's id; one subscription per connection.
    public static let operationID = "1"

    public init(
        base: any WebSocketConnecting, payload: String, initPayload: String? = nil,
        ackTimeout: Duration = .seconds(10),
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.base = base
        self.payload = payload
        self.initPayload = initPayload
        self.ackTimeout = ackTimeout
        self.sleep = sleep
    }

    public func connect(_ request: WebSocketRequest) async throws(TransportError) -> any WebSocketSession {
        var request = request
        request.subprotocols = [GraphQLTransportMessage.subprotocol]
        let inner = try await base.connect(request)
        if let chosen = inner.handshake.subprotocol, chosen != GraphQLTransportMessage.subprotocol {
            inner.close(code: 1000, reason: "")
            throw TransportError(
                .refused,
                message: "the server chose the subprotocol \(chosen), not \(GraphQLTransportMessage.subprotocol).",
                url: request.url)
        }
        let session = GraphQLSubscriptionSession(inner: inner, payload: payload, url: request.url, onWire: onWire)
        // The ack is part of connecting: a shorter connect timeout (`--timeout`) bounds it too.
        let limit = min(ackTimeout, request.connectTimeout)
        let timer = Task { [sleep] in
            await sleep(limit)
            if !Task.isCancelled { session.ackTimedOut(after: limit) }
        }
        defer { timer.cancel() }
        try await session.start(initPayload: initPayload)
        return session
    }
}

/// The open subscription: a pump reads the connection's events in order and answers the protocol.
final class GraphQLSubscriptionSession: WebSocketSession {
    private typealias Waiter = CheckedContinuation<Result<Void, TransportError>, Never>

    private enum Phase {
        /// Waiting for `connection_ack`; `waiter` is `connect` waiting.
        case initialising(waiter: Waiter?)
        case subscribed
        /// `complete` or `error` came, or the caller closed: nothing more is sent.
        case ending
    }

    private let inner: any WebSocketSession
    private let payload: String
    private let url: URL
    private let onWire: (@Sendable (WebSocketEvent) -> Void)?
    let events: AsyncStream<WebSocketEvent>
    private let continuation: AsyncStream<WebSocketEvent>.Continuation
    private let phase = Mutex<Phase>(.initialising(waiter: nil))
    /// Why the conversation failed, set before this side closes (the ack timer, cancelling, an
    /// invalid message): a `connect` still waiting fails with it.
    private let failure = Mutex<TransportError?>(nil)

    var handshake: WebSocketHandshake { inner.handshake }
    var preferredExecutor: (any TaskExecutor)? { inner.preferredExecutor }

    init(inner: any WebSocketSession, payload: String, url: URL, onWire: (@Sendable (WebSocketEvent) -> Void)?) {
        self.inner = inner
        self.onWire = onWire
        self.payload = payload
        self.url = url
        (events, continuation) = AsyncStream<WebSocketEvent>.makeStream()
    }

    /// Sends `connection_init` and returns once `connection_ack` came (the pump has sent
    /// `subscribe`); throws when the server closed first, the ack timer ran out or the caller
    /// was cancelled.
    func start(initPayload: String?) async throws(TransportError) {
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: Waiter) in
                phase.withLock(ownedBy: self) { $0 = .initialising(waiter: waiter) }
                Task { await pump() }
                inner.send(.text(GraphQLTransportMessage(type: "connection_init", payload: initPayload).text))
            }
        } onCancel: {
            stop(TransportError(.cancelled, message: "cancelled while waiting for connection_ack", url: url))
        }
        try outcome.get()
    }

    /// Fails a `connect` still waiting with `error`, then closes (nothing once acknowledged).
    private func stop(_ error: TransportError) {
        let waiting = phase.withLock(ownedBy: self) { phase in
            if case .initialising = phase { return true }
            return false
        }
        guard waiting else { return }
        failure.withLock(ownedBy: self) { $0 = $0 ?? error }
        inner.close(code: 1000, reason: "")
    }

    /// Reads the connection's events in order until its close, then ends `events`.
    private func pump() async {
        await withTaskExecutorPreference(inner.preferredExecutor) {
            for await event in inner.events {
                onWire?(event)
                handle(event)
            }
        }
        continuation.finish()
    }

    private func handle(_ event: WebSocketEvent) {
        switch event {
        case .sent(.text(let text)):
            if let message = GraphQLTransportMessage(parsing: text), Self.clientTypes.contains(message.type) {
                continuation.yield(
                    .control(WebSocketControlMessage(.sent, type: message.type, payload: message.payload)))
            } else {
                continuation.yield(event)
            }
        case .received(.text(let text)):
            guard let message = GraphQLTransportMessage(parsing: text) else {
                return invalid(type: "invalid", payload: nil, "a message that is not a JSON object with a type")
            }
            received(message)
        case .received(.binary):
            invalid(type: "binary", payload: nil, "a binary message")
        case .closed(let close):
            let waiter = phase.withLock(ownedBy: self) { phase in
                guard case .initialising(let waiter) = phase else { return nil as Waiter? }
                phase = .ending
                return waiter
            }
            if let waiter {
                let error = failure.withLock(ownedBy: self) { $0 } ?? Self.refusal(close, url: url)
                waiter.resume(returning: .failure(error))
            }
            continuation.yield(event)
        default:
            continuation.yield(event)
        }
    }

    private static let clientTypes: Set<String> = ["connection_init", "subscribe", "complete", "ping", "pong"]

    private func received(_ message: GraphQLTransportMessage) {
        let id = GraphQLSubscriptionConnector.operationID
        func control(failure: String? = nil) -> WebSocketEvent {
            .control(WebSocketControlMessage(.received, type: message.type, payload: message.payload, failure: failure))
        }
        switch message.type {
        case "connection_ack":
            let waiter = phase.withLock(ownedBy: self) { phase in
                guard case .initialising(let waiter) = phase else { return nil as Waiter? }
                phase = .subscribed
                return waiter
            }
            continuation.yield(control())
            guard let waiter else { return }
            inner.send(.text(GraphQLTransportMessage(type: "subscribe", id: id, payload: payload).text))
            waiter.resume(returning: .success(()))
        case "ping":
            continuation.yield(control())
            inner.send(.text(GraphQLTransportMessage(type: "pong").text))
        case "pong":
            continuation.yield(control())
        case "next" where message.id == id && message.payload != nil:
            // After this side's `complete` a response already on its way is dropped: the
            // subscription is over for the caller.
            let subscribed = phase.withLock(ownedBy: self) { phase in
                if case .subscribed = phase { return true }
                return false
            }
            if subscribed { continuation.yield(.received(.text(message.payload ?? "null"))) }
        case "error" where message.id == id:
            ending()
            continuation.yield(control(failure: Self.errorSummary(message.payload)))
            inner.close(code: 1000, reason: "")
        case "complete" where message.id == id:
            ending()
            continuation.yield(control())
            inner.close(code: 1000, reason: "")
        case "next", "error", "complete":
            invalid(type: message.type, payload: message.payload, "\(message.type) for an operation it was not asked")
        default:
            invalid(type: message.type, payload: message.payload, "a message of type \"\(message.type)\"")
        }
    }

    /// Nothing more is sent on the subscription (`close` sends no `complete`).
    private func ending() {
        phase.withLock(ownedBy: self) { phase in
            if case .subscribed = phase { phase = .ending }
        }
    }

    /// A message the protocol has no place for: shown, then the connection closed with 4400 as
    /// the protocol asks.
    private func invalid(type: String, payload: String?, _ what: String) {
        let reason = "the server sent \(what), which graphql-transport-ws does not allow."
        ending()
        failure.withLock(ownedBy: self) {
            $0 = $0 ?? TransportError(.receiveFailure, message: reason, url: url)
        }
        let close = WebSocketClose(code: 4400, reason: "Invalid message received", initiator: .client)
        continuation.yield(
            .control(
                WebSocketControlMessage(
                    .received, type: type, payload: payload, failure: reason, violationClose: close)))
        inner.close(code: 4400, reason: close.reason)
    }

    /// "the server refused the subscription: Cannot query field \"x\"…" from an `error`'s payload
    /// (a list of GraphQL errors).
    static func errorSummary(_ payload: String?) -> String {
        let errors =
            payload.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed]) }
            as? [Any] ?? []
        let messages = errors.compactMap { ($0 as? [String: Any])?["message"] as? String }
        guard !messages.isEmpty else { return "the server refused the subscription." }
        // The server's words as they are, ending as a sentence (what says it adds no full stop).
        let summary = "the server refused the subscription: " + messages.joined(separator: " ")
        return [".", "?", "!"].contains(summary.last) ? summary : summary + "."
    }

    /// Why the server closed before `connection_ack`, with what its close code means in the protocol.
    static func refusal(_ close: WebSocketClose, url: URL) -> TransportError {
        let meaning: String? =
            switch close.code {
            case 4400: "it found a message invalid"
            case 4401: "unauthorized: check the request's auth"
            case 4403: "forbidden: check the request's auth"
            case 4406: "it does not accept the graphql-transport-ws subprotocol"
            case 4408: "connection_init came too late"
            case 4429: "too many connection_init messages"
            case 4500: "an error on the server"
            default: nil
            }
        var message = close.description + " before acknowledging connection_init"
        if let meaning { message += ": " + meaning }
        message += "."
        return TransportError(.refused, message: message, url: url)
    }

    func ackTimedOut(after limit: Duration) {
        stop(
            TransportError(
                .connectTimeout,
                message: "the server did not answer connection_init with connection_ack within \(limit)", url: url))
    }

    func send(_ message: WebSocketMessage) { inner.send(message) }

    /// Ends the subscription first (`complete`), then the connection.
    func close(code: UInt16, reason: String) {
        let subscribed = phase.withLock(ownedBy: self) { phase in
            guard case .subscribed = phase else { return false }
            phase = .ending
            return true
        }
        if subscribed {
            inner.send(
                .text(GraphQLTransportMessage(type: "complete", id: GraphQLSubscriptionConnector.operationID).text))
        }
        inner.close(code: code, reason: reason)
    }
}

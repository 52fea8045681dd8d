/// Opens WebSocket connections (issue 25). The explorer, Replay and `lazer send` see only this
/// type; the `lazer` executable injects the SwiftNIO implementation (`WebSocketTransport`), as it
/// injects the libcurl dispatcher for HTTP.
public protocol WebSocketConnecting: Sendable {
    /// Connects and upgrades; throws a ``TransportError`` (refused, timeout, an upgrade answered
    /// with another status, a bad `Sec-WebSocket-Accept`, `wss://` without TLS).
    func connect(_ request: WebSocketRequest) async throws(TransportError) -> any WebSocketSession
}

/// One open connection.
public protocol WebSocketSession: AnyObject, Sendable {
    var handshake: WebSocketHandshake { get }
    /// Everything that happens on the connection, ending after `.closed`. One consumer.
    var events: AsyncStream<WebSocketEvent> { get }
    /// Sends a message (ignored once closing); it comes back in `events` as `.sent`.
    func send(_ message: WebSocketMessage)
    /// Starts the close handshake; `events` ends with `.closed` once the server answered (or
    /// after a short wait for it).
    func close(code: UInt16, reason: String)
    /// Where a consumer of `events` may run (`withTaskExecutorPreference`) so that an event and
    /// the answer it sends stay on the connection's own thread, with no thread woken per message;
    /// nil: anywhere. Code run there must not block.
    var preferredExecutor: (any TaskExecutor)? { get }
}

extension WebSocketSession {
    /// A normal close (1000).
    public func close() { close(code: 1000, reason: "") }

    public var preferredExecutor: (any TaskExecutor)? { nil }
}

/// A request rendered once to the bytes a transport put on the wire for it, sent again as they
/// are: `lazer load`'s virtual users replay a collection's requests this way when nothing in them
/// changes from one send to the next (issue 29: a load tool's rate needs no per-request
/// preparation, no task hop and no transfer set up per request).
public struct RenderedRequest: Sendable, Hashable {
    /// Request line, headers, blank line and body, exactly as sent.
    public var bytes: [UInt8]
    /// False for `HEAD`: the response has a head only, whatever its `Content-Length` says.
    public var expectsBody: Bool
    /// The longest the exchange may take, connecting included (nil: no limit), and the connect alone.
    public var timeout: Duration?
    public var connectTimeout: Duration?

    public init(bytes: [UInt8], expectsBody: Bool, timeout: Duration? = nil, connectTimeout: Duration? = nil) {
        self.bytes = bytes
        self.expectsBody = expectsBody
        self.timeout = timeout
        self.connectTimeout = connectTimeout
    }
}

/// Where a keep-alive load connects: a plain-HTTP origin (TLS is libcurl's, and its requests do
/// not go through here).
public struct KeepAliveTarget: Sendable, Hashable {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }
}

/// Hears one keep-alive connection's exchanges and decides what it sends next. Called on the
/// connection's event loop thread, one call at a time: quick, thread-safe work only.
public protocol KeepAliveLoadSink: AnyObject, Sendable {
    /// The index of the request to send next, or nil to end (asked before each send).
    func nextRequest() -> Int?
    /// A connection was opened (the first, or again after the server closed one).
    func connectionOpened()
    /// The response to request `index`, valid during this call only, sent at `sentAt` and read
    /// to its end at `at`.
    func received(
        _ response: borrowing RawHTTPResponse, for index: Int, sentAt: ContinuousClock.Instant,
        at: ContinuousClock.Instant)
    /// Request `index` got no response: refused, timed out, cut, cancelled.
    func failed(_ error: TransportError, for index: Int, sentAt: ContinuousClock.Instant, at: ContinuousClock.Instant)
}

/// Sends rendered requests over one kept-alive HTTP/1.1 connection, one at a time, each as soon
/// as the previous response ended, until the sink says stop. A transport implements it (the
/// `lazer` executable injects SwiftNIO's); `Load` only knows this protocol.
public protocol KeepAliveLoadDriving: Sendable {
    /// Returns when the sink has no next request and the connection is closed, or when the task
    /// is cancelled (a request in flight then fails with ``TransportError/Reason/cancelled``).
    /// Each request's own timeouts bound its exchange (``TransportError/Reason/totalTimeout``).
    func drive(_ requests: [RenderedRequest], to target: KeepAliveTarget, sink: any KeepAliveLoadSink) async

    /// The open model: the schedule's requests from its `first` on, each sent when due over one
    /// of at most `connections` kept-alive connections (free ones first), with at most one wake-up
    /// a `tick` (the requests due meanwhile go together). Returns the first request of the
    /// schedule it did not start, when the schedule says no more and those in flight ended, or
    /// when the task is cancelled (those in flight then fail as cancelled).
    func drive(
        _ requests: [RenderedRequest], to target: KeepAliveTarget, connections: Int, from first: Int,
        tick: Duration, schedule: any KeepAliveScheduleSink
    ) async -> Int
}

/// Hears an open-model load over kept-alive connections (``KeepAliveLoadDriving``'s schedule
/// `drive`) and gives its schedule. Called on the driver's event loop thread, one call at a time.
public protocol KeepAliveScheduleSink: AnyObject, Sendable {
    /// When the `n`-th request of the schedule is due, or nil when no more start (the schedule's
    /// end, a stop). Asked as often as the driver needs: no side effect.
    func planned(_ n: Int) -> ContinuousClock.Instant?
    /// The `n`-th request goes out now: which of the requests it is.
    func starting(_ n: Int) -> Int
    /// A connection was opened.
    func connectionOpened()
    /// The response to request `index`, due at `due`, sent at `sentAt`, read to its end at `at`
    /// (valid during this call only).
    func received(
        _ response: borrowing RawHTTPResponse, for index: Int, due: ContinuousClock.Instant,
        sentAt: ContinuousClock.Instant, at: ContinuousClock.Instant)
    /// Request `index`, due at `due`, got no response.
    func failed(_ error: TransportError, for index: Int, due: ContinuousClock.Instant, at: ContinuousClock.Instant)
}

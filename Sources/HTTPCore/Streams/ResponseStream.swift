import Synchronization

/// A streamed response body delivered as it arrives: attach one to a request
/// (`HTTPRequest.responseStream`) and, when the response's `Content-Type` is a stream
/// (`StreamFormat`; or always, with `Mode.always`), the transport feeds it every chunk as it is
/// received; it cuts them into `StreamEvent`s and hands each chunk's events to `onEvents`. The
/// request's future still completes with the whole `Response` (its body the bytes received) when
/// the server closes, or — as a success, not a failure — when the stream is stopped or reaches a
/// limit; `end` then says why.
///
/// Threading: the transport calls `open`, `receive` and `finish` from one thread at a time (its
/// network thread); `onEvents` runs there, so it must be quick (hop to your own queue). `stop()`
/// may be called from any thread.
public final class ResponseStream: Sendable {
    /// When the body is treated as a stream.
    public enum Mode: Sendable, Hashable {
        /// When the response's `Content-Type` is one of `StreamFormat`'s.
        case automatic
        /// Always, in this format ("view as stream" for any chunked body).
        case always(StreamFormat)
    }

    /// A step of a reconnection (`StreamReconnection`), as `onReconnect` hears it.
    public enum Reconnection: Sendable, Hashable {
        /// The server closed the stream: the next connection goes after this wait.
        case waiting(Duration)
        /// The stream is being connected again.
        case connecting
    }

    /// Why a stream ended before the server closed it.
    public enum End: String, Sendable, Hashable {
        /// `stop()` was called (the user stopped it).
        case stopped
        /// `maxEvents` events arrived.
        case eventLimit = "event limit"
        /// `maxDuration` passed.
        case timeLimit = "time limit"
    }

    public let mode: Mode
    public let maxEvents: Int?
    public let maxDuration: Duration?
    private let onEvents: @Sendable ([StreamEvent]) -> Void
    private let onOpen: @Sendable (StreamFormat?) -> Void
    private let onReconnect: @Sendable (Reconnection) -> Void
    /// Time since the stream was made (events' offsets): a monotonic clock, or the caller's.
    private let elapsed: @Sendable () -> Duration
    private let stopAsked = Atomic<Bool>(false)
    private let keepsBrokenAsked = Atomic<Bool>(false)
    private let state = Mutex(State())

    private struct State: Sendable {
        var decoder: StreamDecoder?
        var end: End?
        /// Set by `reconnecting()`: the decoder the next streamed head goes on with.
        var carried: StreamDecoder?
        var reconnections = 0
        /// What a connection that broke after it began streaming had received (its head and
        /// body so far), handed over by the transport with its failure.
        var broken: Response<ResponseBody>?
    }

    /// - Parameters:
    ///   - onOpen: each response head (a redirect's too), with the format it streams in, nil when not a stream.
    ///   - onReconnect: each wait before a reconnection (`waitingToReconnect`) and each reconnection
    ///     (`reconnecting()`).
    ///   - clock: the time events are stamped with, read on the transport's thread (default: a
    ///     monotonic clock; tests pass virtual time). Offsets count from when the stream is made.
    ///   - onEvents: each chunk's events, in order (never empty).
    public init(
        mode: Mode = .automatic, maxEvents: Int? = nil, maxDuration: Duration? = nil,
        clock: (@Sendable () -> Duration)? = nil,
        onOpen: @escaping @Sendable (StreamFormat?) -> Void = { _ in },
        onReconnect: @escaping @Sendable (Reconnection) -> Void = { _ in },
        onEvents: @escaping @Sendable ([StreamEvent]) -> Void
    ) {
        if let clock {
            let origin = clock()
            elapsed = { clock() - origin }
        } else {
            let origin = ContinuousClock.now
            elapsed = { ContinuousClock.now - origin }
        }
        self.mode = mode
        self.maxEvents = maxEvents
        self.maxDuration = maxDuration
        self.onOpen = onOpen
        self.onReconnect = onReconnect
        self.onEvents = onEvents
    }

    /// Ends the stream as soon as the transport looks (the next chunk, or within about a second
    /// when none comes); the response completes with what arrived.
    public func stop() {
        stopAsked.store(true, ordering: .releasing)
    }

    /// Why the stream ended early; nil while it runs and when the server closed it.
    public var end: End? { state.withLock { $0.end } }

    /// The format of the response being received, nil when it is not a stream.
    public var format: StreamFormat? { state.withLock { $0.decoder?.format } }

    /// The reconnection time an SSE server asked for (`retry`, milliseconds), nil when none.
    public var retry: Int? { state.withLock { $0.decoder?.retry } }

    /// The SSE last event ID ("" when none): what a reconnection sends as `Last-Event-ID`.
    public var lastEventID: String { state.withLock { $0.decoder?.lastEventID ?? "" } }

    /// SSE: bytes of the current connection's body up to the end of its last complete event.
    public var completeLength: Int64 { state.withLock { $0.decoder?.completeLength ?? 0 } }

    /// How many times the stream was connected again (`reconnecting()`).
    public var reconnections: Int { state.withLock { $0.reconnections } }

    /// Goes on with this stream on a new connection (SSE reconnection, `StreamReconnection`): the
    /// next head in the same format continues it — events numbered on, the last event ID and retry
    /// time kept, limits counted over both — where a new head would start over.
    public func reconnecting() {
        state.withLock { state in
            state.carried = state.decoder
            state.reconnections += 1
        }
        onReconnect(.connecting)
    }

    /// Asks the transport to hand over what a connection that breaks had received
    /// (`connectionBroke`): a reconnecting stream joins it. Off otherwise, so a failed transfer's
    /// temporary body is not kept for nobody.
    public func keepBrokenConnections() {
        keepsBrokenAsked.store(true, ordering: .releasing)
    }

    /// Whether `keepBrokenConnections()` was asked.
    public var keepsBrokenConnections: Bool { keepsBrokenAsked.load(ordering: .acquiring) }

    /// The transport's side of a connection that broke after its head (reset, closed in the
    /// middle of the body): the response so far, events and all, for `takeBroken()`.
    public func connectionBroke(with response: Response<ResponseBody>) {
        state.withLock { $0.broken = response }
    }

    /// The response of the connection that broke last, once: a reconnecting stream joins its
    /// events to the others' instead of losing them with the failure.
    public func takeBroken() -> Response<ResponseBody>? {
        state.withLock { state in
            defer { state.broken = nil }
            return state.broken
        }
    }

    /// The server closed the stream and it will be connected again after `delay`.
    public func waitingToReconnect(after delay: Duration) {
        onReconnect(.waiting(delay))
    }

    /// Events delivered so far.
    public var eventCount: Int { min(state.withLock { $0.decoder?.count ?? 0 }, maxEvents ?? .max) }

    // MARK: - The transport's side

    /// A response head: whether its body is a stream (then its chunks go to `receive`). A new head
    /// (a redirect, `100 Continue`) starts over.
    public func open(status: Int, headers: HTTPHeaders) -> Bool {
        let format: StreamFormat? =
            switch mode {
            case .always(let format): format
            case .automatic: headers["content-type"].flatMap(StreamFormat.init(contentType:))
            }
        var streams = format != nil && !(100..<200).contains(status)
        state.withLock { state in
            guard let carried = state.carried else {
                state.decoder = streams ? format.map(StreamDecoder.init(format:)) : nil
                return
            }
            // A reconnection: a head that does not stream (a redirect, an error) leaves the events
            // as they were; one in the same format goes on from them.
            if streams, format == carried.format {
                state.decoder = carried.reconnected()
                state.carried = nil
            } else {
                state.decoder = carried
                streams = false
            }
        }
        onOpen(streams ? format : nil)
        return streams
    }

    /// A chunk of the body. Returns false when the stream must end now (stopped or a limit
    /// reached). A chunk that arrives after a stop was asked is not delivered: ask `shouldEnd`
    /// before keeping its bytes.
    public func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if shouldEnd { return false }
        let offset = elapsed()
        var batch: [StreamEvent] = []
        let keepGoing = state.withLock { state -> Bool in
            guard state.decoder != nil else { return true }
            state.decoder?.feed(bytes, offset: offset) { batch.append($0) }
            if let maxEvents, batch.count > 0, let last = batch.last, last.index + 1 >= maxEvents {
                batch.removeAll { $0.index >= maxEvents }
                state.end = .eventLimit
                return false
            }
            return true
        }
        if !batch.isEmpty { onEvents(batch) }
        return keepGoing
    }

    /// The body is complete (the server closed): a last record without its separator is delivered.
    public func finish() {
        let offset = elapsed()
        var batch: [StreamEvent] = []
        state.withLock { state in
            guard state.end == nil else { return }
            state.decoder?.finish(offset: offset) { batch.append($0) }
        }
        if !batch.isEmpty { onEvents(batch) }
    }

    /// Whether the transport should end the transfer now (stop asked, time limit passed); the
    /// transport asks between chunks too. Records the reason.
    public var shouldEnd: Bool {
        if stopAsked.load(ordering: .acquiring) {
            state.withLock { if $0.end == nil { $0.end = .stopped } }
            return true
        }
        if let maxDuration, elapsed() >= maxDuration {
            state.withLock { if $0.end == nil { $0.end = .timeLimit } }
            return true
        }
        return state.withLock { $0.end != nil }
    }
}

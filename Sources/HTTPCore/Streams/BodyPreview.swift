import Synchronization

/// The first bytes of a response body while the rest is still arriving, for a display that shows
/// a body before its last byte (the explorer's tree of a large JSON answer). Attach one to a
/// request (`HTTPRequest.bodyPreview`); the transport hands it each chunk of a body that is not a
/// stream, and keeps the whole body as always. It holds at most `limit` bytes: the start of a
/// gigabyte is what a first screen needs.
///
/// Threading: the transport calls `open` and `receive` from one thread at a time (its network
/// thread); `snapshot` may be called from any thread.
public final class BodyPreview: Sendable {
    /// What has arrived, as `snapshot` gives it.
    public struct Snapshot: Sendable, Equatable {
        public var status: Int
        public var headers: HTTPHeaders
        /// Whether this response's body is kept (see `accepts`); when not, `bytes` is empty.
        public var kept: Bool
        /// The first bytes of the body (at most the preview's limit).
        public var bytes: [UInt8]
        /// The bytes of the body received so far, kept or not.
        public var received: Int64
    }

    /// The most bytes kept.
    public let limit: Int
    private let accepts: @Sendable (Int, HTTPHeaders) -> Bool
    private let state = Mutex(State())

    private struct State: Sendable {
        var status = 0
        var headers = HTTPHeaders()
        /// Whether the current head's body is kept (see `accepts`).
        var keeping = false
        var bytes: [UInt8] = []
        var received: Int64 = 0
        /// The bytes to reserve at the first chunk: the declared length, up to the limit.
        var expected: Int?
        /// The transfer ended: the bytes are let go, and a parse still queued has nothing to do.
        var finished = false
    }

    /// - Parameters:
    ///   - limit: the most bytes kept (8 MiB by default).
    ///   - accepts: whether a response's body is worth keeping, from its status and headers (the
    ///     explorer keeps JSON only); a redirect's or an informational head's body never is.
    public init(limit: Int = 8 << 20, accepts: @escaping @Sendable (Int, HTTPHeaders) -> Bool) {
        self.limit = limit
        self.accepts = accepts
    }

    /// A response head: its body starts from nothing (a redirect's or `100 Continue`'s was another's).
    public func open(status: Int, headers: HTTPHeaders) {
        let keeping = !(100..<200).contains(status) && !(300..<400).contains(status) && accepts(status, headers)
        let declared = headers["Content-Length"].flatMap(Int.init)
        state.withLock { state in
            guard !state.finished else { return }
            state = State(status: status, headers: headers, keeping: keeping, expected: declared)
        }
    }

    /// A chunk of the body, in order.
    public func receive(_ chunk: UnsafeRawBufferPointer) {
        state.withLock { state in
            state.received += Int64(chunk.count)
            guard state.keeping, !state.finished, state.bytes.count < limit else { return }
            // Reserved once for what is coming (when the server said), not grown by doubling: the
            // copies would be the network thread's.
            if state.bytes.isEmpty {
                state.bytes.reserveCapacity(min(limit, max(chunk.count, state.expected ?? (64 << 10))))
            }
            state.bytes.append(contentsOf: chunk.prefix(limit - state.bytes.count))
        }
    }

    /// The transfer ended (the whole response, or its failure, follows): the kept bytes are let
    /// go — the response holds the body — and `snapshot` answers nil from now on.
    public func finish() {
        state.withLock { state in
            state.finished = true
            state.bytes = []
        }
    }

    /// What has arrived of the current response's body, nil before its head and after `finish`. A
    /// copy, made here on the caller's thread: handing out the array itself would make the
    /// transport's next append copy it on the network thread.
    /// `upTo`: at most this many of the kept bytes (a first screen needs far fewer than 8 MiB).
    public func snapshot(upTo count: Int = .max) -> Snapshot? {
        state.withLock { state in
            guard state.status != 0, !state.finished else { return nil }
            let bytes = state.bytes.withUnsafeBufferPointer { Array($0.prefix(count)) }
            return Snapshot(
                status: state.status, headers: state.headers, kept: state.keeping, bytes: bytes,
                received: state.received)
        }
    }
}

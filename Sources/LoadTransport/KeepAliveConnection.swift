import Glibc
import HTTPCore
import NIOCore
import NIOPosix
import Synchronization

/// What a connection tells whoever sends over it: a connection opened, each request's outcome,
/// and that it is free for the next request (`ready`), when the owner may `send` again at once.
protocol KeepAliveConnectionOwner: AnyObject {
    func connectionOpened()
    func received(
        _ response: borrowing RawHTTPResponse, for index: Int, on connection: KeepAliveConnection,
        at: ContinuousClock.Instant)
    func failed(
        _ error: TransportError, for index: Int, on connection: KeepAliveConnection, at: ContinuousClock.Instant)
    func ready(_ connection: KeepAliveConnection)
}

/// The prepared bytes of a load's requests, shared by its connections.
struct RenderedBuffers {
    let requests: [ByteBuffer]
    let rendered: [RenderedRequest]

    init(_ requests: [RenderedRequest]) {
        self.requests = requests.map { ByteBuffer(bytes: $0.bytes) }
        rendered = requests
    }

    func expectsBody(_ index: Int) -> Bool { rendered[index].expectsBody }
}

/// One kept-alive connection, one request at a time: sends the request its owner names (opening
/// the connection first when none is open — again after the server closed one), frames the
/// response as the bytes arrive, hands it over and says it is ready. Every field is read and
/// written on `loop` only (hence `@unchecked Sendable`).
final class KeepAliveConnection: @unchecked Sendable {
    let loop: any EventLoop
    private let buffers: RenderedBuffers
    private let target: KeepAliveTarget
    private unowned let owner: any KeepAliveConnectionOwner

    private var channel: (any Channel)?
    /// The request in flight and when it went out.
    private(set) var current: Int?
    private(set) var sentAt = ContinuousClock.now
    /// When the request in flight was due: the owner's to set (the open model's latency starts there).
    var due = ContinuousClock.now
    /// Bytes read of the response in flight, when one read did not hold all of it.
    private var pending: ByteBuffer? {
        didSet { held.keep(pending?.readableBytes ?? 0) }
    }
    /// This connection's share of `HeldBytes.all`.
    private let held = HeldBytes()
    /// The timeout of the request in flight; `sends` tells a late timer from the current one.
    private var timer: Scheduled<Void>?
    private var sends = 0
    private var closed = false
    /// Exchanges finished on the open channel: a reused channel the server had closed meanwhile
    /// gets the request sent again on a new one, once (as libcurl does), not an error.
    private var exchangesOnChannel = 0
    private var retried = false
    /// How far the framing got into `pending`.
    private var progress = HTTP1ResponseFraming.Progress()

    /// The most of one response kept in memory: requests whose responses are larger are not
    /// rendered (`LoadRendering`), and a server that sends more is stopped here.
    static let largestResponse = 64 * 1024 * 1024

    init(loop: any EventLoop, buffers: RenderedBuffers, target: KeepAliveTarget, owner: any KeepAliveConnectionOwner) {
        self.loop = loop
        self.buffers = buffers
        self.target = target
        self.owner = owner
    }

    /// Sends request `index` (on the loop), connecting first when needed. Its timeout counts
    /// from now, connecting included, as libcurl's does.
    func send(_ index: Int) {
        guard !closed else { return }
        current = index
        sentAt = .now
        retried = false
        sends &+= 1
        if let timeout = buffers.rendered[index].timeout {
            let send = sends
            timer = loop.scheduleTask(in: TimeAmount(timeout)) { [self] in
                guard send == sends, let index = current else { return }
                if let channel { drop(channel) }
                fail(index, TransportError(.totalTimeout, message: "no response in time", stage: .waiting))
                owner.ready(self)
            }
        }
        if let channel {
            write(index, on: channel)
        } else {
            connect(then: index)
        }
    }

    /// Closes the connection for good; a request in flight fails as cancelled.
    func close(cancelling: Bool) {
        closed = true
        if cancelling, let index = current { fail(index, TransportError(.cancelled, stage: .waiting)) }
        if let channel { drop(channel) }
        timer?.cancel()
        timer = nil
    }

    private func connect(then index: Int) {
        let send = sends
        var bootstrap = ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ResponseReader(owner: self))
                }
            }
        let rendered = buffers.rendered[index]
        // libcurl's own connect limit when the request sets none (NIO's default is 10 s).
        bootstrap = bootstrap.connectTimeout(TimeAmount(rendered.connectTimeout ?? rendered.timeout ?? .seconds(300)))
        bootstrap.connect(host: target.host, port: target.port).whenComplete { [self] result in
            // Closed meanwhile, or the exchange timed out and another one started.
            guard !closed, send == sends, current == index else {
                if case .success(let channel) = result { channel.close(promise: nil) }
                return
            }
            switch result {
            case .success(let channel):
                self.channel = channel
                exchangesOnChannel = 0
                owner.connectionOpened()
                write(index, on: channel)
            case .failure(let error):
                fail(index, Self.connectError(error))
                // Not at once: a dead server would make this a recursion as deep as the run is long.
                loop.execute { if !self.closed { self.owner.ready(self) } }
            }
        }
    }

    private func write(_ index: Int, on channel: any Channel) {
        channel.writeAndFlush(buffers.requests[index], promise: nil)
    }

    // MARK: - Receiving

    /// Bytes arrived on `channel`.
    fileprivate func read(_ buffer: ByteBuffer, on channel: any Channel) {
        guard channel === self.channel, let index = current else { return }
        var bytes = buffer
        if var pending = self.pending {
            self.pending = nil
            pending.writeBuffer(&bytes)
            bytes = pending
        }
        let outcome = bytes.withUnsafeReadableBytes {
            HTTP1ResponseFraming.frame($0, expectsBody: buffers.expectsBody(index), progress: &progress)
        }
        if case .incomplete = outcome {} else { progress = HTTP1ResponseFraming.Progress() }
        switch outcome {
        case .incomplete where bytes.readableBytes > Self.largestResponse || !held.take(bytes.readableBytes):
            drop(channel)
            fail(
                index,
                TransportError(
                    .bodyTooLarge,
                    message: "a response over 64 MB, or 256 MB held by all connections at once: the keep-alive "
                        + "engine keeps responses in memory",
                    stage: .receiving))
            owner.ready(self)
        case .incomplete:
            pending = bytes
        case .malformed(let problem):
            drop(channel)
            fail(index, TransportError(.protocolError, message: problem, stage: .receiving))
            owner.ready(self)
        case .headTooLarge:
            drop(channel)
            fail(index, TransportError(.headerTooLarge, message: "a response head over 100 KB", stage: .receiving))
            owner.ready(self)
        case .complete(let frame):
            complete(index, frame: frame, in: bytes)
            if frame.closesConnection { drop(channel) }
            owner.ready(self)
        }
    }

    /// `channel` closed (the server, or a failure).
    fileprivate func closed(_ channel: any Channel, error: (any Error)?) {
        guard channel === self.channel else { return }
        self.channel = nil
        guard let index = current else { return }
        let bytes = pending ?? ByteBuffer()
        pending = nil
        progress = HTTP1ResponseFraming.Progress()
        let outcome = bytes.withUnsafeReadableBytes {
            HTTP1ResponseFraming.frame($0, expectsBody: buffers.expectsBody(index), closed: true)
        }
        if case .complete(let frame) = outcome {
            complete(index, frame: frame, in: bytes)
        } else if bytes.readableBytes == 0, exchangesOnChannel > 0, !retried {
            // The server closed a kept-alive connection as this request went out: once more, anew.
            retried = true
            connect(then: index)
            return
        } else if bytes.readableBytes == 0 {
            fail(
                index,
                TransportError(
                    error == nil ? .emptyReply : .receiveFailure,
                    message: error.map { "\($0)" } ?? "the server closed the connection without a response",
                    stage: .waiting))
        } else {
            fail(
                index,
                TransportError(
                    .partialBody, message: "the connection closed in the middle of the response", stage: .receiving))
        }
        owner.ready(self)
    }

    private func complete(_ index: Int, frame: HTTP1ResponseFraming.Frame, in bytes: ByteBuffer) {
        let at = ContinuousClock.now
        current = nil
        exchangesOnChannel += 1
        timer?.cancel()
        timer = nil
        bytes.withUnsafeReadableBytes { all in
            var own = frame
            own.start = 0
            own.end = frame.end - frame.start
            let response = RawHTTPResponse(
                bytes: UnsafeRawBufferPointer(rebasing: all[frame.start..<frame.end]), frame: own)
            owner.received(response, for: index, on: self, at: at)
        }
    }

    private func fail(_ index: Int, _ error: TransportError) {
        current = nil
        timer?.cancel()
        timer = nil
        pending = nil
        progress = HTTP1ResponseFraming.Progress()
        owner.failed(error, for: index, on: self, at: .now)
    }

    /// Closes `channel` and forgets it, so its close reports nothing.
    private func drop(_ channel: any Channel) {
        if channel === self.channel { self.channel = nil }
        pending = nil
        progress = HTTP1ResponseFraming.Progress()
        channel.close(promise: nil)
    }

    /// A failed connect in HTTPCore's terms (what the translator explains).
    static func connectError(_ error: any Error) -> TransportError {
        if let error = error as? ChannelError, case .connectTimeout = error {
            return TransportError(.connectTimeout, message: "\(error)", stage: .connecting)
        }
        let codes: [CInt]
        if let error = error as? NIOConnectionError {
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                return TransportError(.dnsFailure, message: "\(error)", stage: .resolving)
            }
            codes = error.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }
        } else {
            codes = [(error as? IOError)?.errnoCode].compactMap { $0 }
        }
        if codes.contains(ECONNREFUSED) {
            return TransportError(.connectionRefused, message: "\(error)", stage: .connecting)
        }
        return TransportError(.hostUnreachable, message: "\(error)", stage: .connecting)
    }
}

/// Hands a connection's reads and its close to its `KeepAliveConnection`.
private final class ResponseReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let owner: KeepAliveConnection
    private var error: (any Error)?

    init(owner: KeepAliveConnection) {
        self.owner = owner
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        owner.read(unwrapInboundIn(data), on: context.channel)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        self.error = error
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        owner.closed(context.channel, error: error)
    }
}

/// The bytes of unfinished responses the engine holds, over all its connections: a server that
/// sends endless bodies to a thousand users is stopped at `limit`, not at a thousand times the
/// largest response. A connection's own count changes on its loop; the total is atomic.
final class HeldBytes: @unchecked Sendable {
    static let limit = 256 * 1024 * 1024
    private static let all = Atomic<Int>(0)
    private var own = 0

    /// Whether `count` bytes may be held by this connection (its previous share given back first).
    func take(_ count: Int) -> Bool {
        count <= own || Self.all.load(ordering: .relaxed) + count - own <= Self.limit
    }

    /// This connection now holds `count` bytes.
    func keep(_ count: Int) {
        guard count != own else { return }
        Self.all.add(count - own, ordering: .relaxed)
        own = count
    }

    deinit {
        if own != 0 { Self.all.subtract(own, ordering: .relaxed) }
    }
}

import Glibc
import HTTPCore
import NIOCore
import NIOPosix

/// One virtual user's connection: sends the request the sink names, frames its response as the
/// bytes arrive, hands it over, and sends the next — opening a connection again when the server
/// closed one. Every field is read and written on `loop` only (hence `@unchecked Sendable`).
final class KeepAliveConnection: @unchecked Sendable {
    let loop: any EventLoop
    private let requests: [ByteBuffer]
    private let expectsBody: [Bool]
    private let target: KeepAliveTarget
    private let timeout: Duration?
    private let sink: any KeepAliveLoadSink

    private var continuation: CheckedContinuation<Void, Never>?
    private var channel: (any Channel)?
    /// The request in flight and when it went out.
    private var current: Int?
    private var sentAt = ContinuousClock.now
    /// Bytes read of the response in flight, when one read did not hold all of it.
    private var pending: ByteBuffer?
    /// The timeout of the request in flight; `sends` tells a late timer from the current one.
    private var timer: Scheduled<Void>?
    private var sends = 0
    private var cancelled = false

    /// The most of one response kept in memory: requests whose responses are larger are not
    /// rendered (`LoadRendering`), and a server that sends more is stopped here.
    static let largestResponse = 64 * 1024 * 1024

    init(
        loop: any EventLoop, requests: [RenderedRequest], target: KeepAliveTarget, timeout: Duration?,
        sink: any KeepAliveLoadSink
    ) {
        self.loop = loop
        self.requests = requests.map { ByteBuffer(bytes: $0.bytes) }
        self.expectsBody = requests.map(\.expectsBody)
        self.target = target
        self.timeout = timeout
        self.sink = sink
    }

    func start(_ continuation: CheckedContinuation<Void, Never>) {
        loop.execute {
            self.continuation = continuation
            if self.cancelled { self.finish() } else { self.advance() }
        }
    }

    /// The task was cancelled: the request in flight fails as cancelled and nothing more is sent.
    func cancel() {
        loop.execute {
            self.cancelled = true
            if let index = self.current { self.fail(index, TransportError(.cancelled, stage: .waiting)) }
            self.finish()
        }
    }

    // MARK: - Sending

    /// Sends the sink's next request, connecting first when no connection is open; ends when it
    /// has none.
    private func advance() {
        guard continuation != nil, !cancelled else { return }
        guard let index = sink.nextRequest() else { return finish() }
        if let channel {
            send(index, on: channel)
        } else {
            connect(then: index)
        }
    }

    private func connect(then index: Int) {
        sentAt = .now
        var bootstrap = ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ResponseReader(owner: self))
                }
            }
        if let timeout { bootstrap = bootstrap.connectTimeout(TimeAmount(timeout)) }
        bootstrap.connect(host: target.host, port: target.port).whenComplete { [self] result in
            switch result {
            case .success(let channel):
                guard continuation != nil, !cancelled else {
                    channel.close(promise: nil)
                    return
                }
                self.channel = channel
                sink.connectionOpened()
                send(index, on: channel)
            case .failure(let error):
                fail(index, Self.connectError(error))
                // Not at once: a dead server would make this a recursion as deep as the run is long.
                loop.execute { self.advance() }
            }
        }
    }

    private func send(_ index: Int, on channel: any Channel) {
        current = index
        sends &+= 1
        sentAt = .now
        channel.writeAndFlush(requests[index], promise: nil)
        if let timeout {
            let send = sends
            timer = loop.scheduleTask(in: TimeAmount(timeout)) { [self] in
                guard send == sends, let index = current else { return }
                drop(channel)
                fail(index, TransportError(.totalTimeout, message: "no response in time", stage: .waiting))
                advance()
            }
        }
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
            HTTP1ResponseFraming.frame($0, expectsBody: expectsBody[index])
        }
        switch outcome {
        case .incomplete where bytes.readableBytes > Self.largestResponse:
            drop(channel)
            fail(
                index,
                TransportError(
                    .bodyTooLarge, message: "a response over 64 MB: the keep-alive engine keeps responses in memory",
                    stage: .receiving))
            advance()
        case .incomplete:
            pending = bytes
        case .malformed(let problem):
            drop(channel)
            fail(index, TransportError(.protocolError, message: problem, stage: .receiving))
            advance()
        case .complete(let frame):
            complete(index, frame: frame, in: bytes)
            if frame.closesConnection { drop(channel) }
            advance()
        }
    }

    /// `channel` closed (the server, or a failure).
    fileprivate func closed(_ channel: any Channel, error: (any Error)?) {
        guard channel === self.channel else { return }
        self.channel = nil
        guard let index = current else { return }
        let bytes = pending ?? ByteBuffer()
        pending = nil
        let outcome = bytes.withUnsafeReadableBytes {
            HTTP1ResponseFraming.frame($0, expectsBody: expectsBody[index], closed: true)
        }
        if case .complete(let frame) = outcome {
            complete(index, frame: frame, in: bytes)
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
        advance()
    }

    private func complete(_ index: Int, frame: HTTP1ResponseFraming.Frame, in bytes: ByteBuffer) {
        let at = ContinuousClock.now
        current = nil
        timer?.cancel()
        timer = nil
        bytes.withUnsafeReadableBytes { all in
            var own = frame
            own.start = 0
            own.end = frame.end - frame.start
            let response = RawHTTPResponse(
                bytes: UnsafeRawBufferPointer(rebasing: all[frame.start..<frame.end]), frame: own)
            sink.received(response, for: index, sentAt: sentAt, at: at)
        }
    }

    private func fail(_ index: Int, _ error: TransportError) {
        current = nil
        timer?.cancel()
        timer = nil
        pending = nil
        sink.failed(error, for: index, sentAt: sentAt, at: .now)
    }

    /// Closes `channel` and forgets it, so its close reports nothing.
    private func drop(_ channel: any Channel) {
        if channel === self.channel { self.channel = nil }
        pending = nil
        channel.close(promise: nil)
    }

    private func finish() {
        if let channel { drop(channel) }
        timer?.cancel()
        timer = nil
        continuation?.resume()
        continuation = nil
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

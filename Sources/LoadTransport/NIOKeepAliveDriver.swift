public import HTTPCore
public import NIOCore
import NIOPosix
import Synchronization

/// `KeepAliveLoadDriving` on SwiftNIO: each virtual user's connection is a channel on an event
/// loop of `group`, its rendered requests written as prepared `ByteBuffer`s and its responses
/// framed in place (`HTTP1ResponseFraming`), so a request costs a write, a read and a few
/// comparisons — what wrk spends — instead of a transfer set up by libcurl and a task hop.
/// Plain HTTP only: `lazer load` keeps libcurl for TLS, proxies and everything else.
public struct NIOKeepAliveDriver: KeepAliveLoadDriving {
    private let loops: Loops

    /// `group`: the loops connections are spread over (one per connection, in turn).
    public init(group: any EventLoopGroup) {
        loops = Loops(given: group)
    }

    /// A driver on `threads` event loops of its own, started at the first `drive` (an explorer that
    /// never runs a load starts no thread), to be shut down after the load.
    public init(threads: Int) {
        loops = Loops(threads: max(1, threads))
    }

    /// Stops the event loops it started (after every `drive` returned).
    public func shutdown() {
        loops.shutdown()
    }

    public func drive(_ requests: [RenderedRequest], to target: KeepAliveTarget, sink: any KeepAliveLoadSink) async {
        guard !requests.isEmpty else { return }
        let user = UserConnection(loop: loops.next(), buffers: RenderedBuffers(requests), target: target, sink: sink)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                user.start(continuation)
            }
        } onCancel: {
            user.cancel()
        }
    }

    public func drive(
        _ requests: [RenderedRequest], to target: KeepAliveTarget, connections: Int, from first: Int,
        tick: Duration, schedule: any KeepAliveScheduleSink
    ) async -> Int {
        guard !requests.isEmpty else { return first }
        let pacer = KeepAlivePacer(
            loop: loops.next(), buffers: RenderedBuffers(requests), target: target, connections: max(1, connections),
            next: first, tick: tick, sink: schedule)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                pacer.start(continuation)
            }
        } onCancel: {
            pacer.cancel()
        }
    }
}

/// A virtual user's connection: the sink names each request as the previous one ends.
private final class UserConnection: KeepAliveConnectionOwner, @unchecked Sendable {
    private let loop: any EventLoop
    private let sink: any KeepAliveLoadSink
    private var connection: KeepAliveConnection?
    private var continuation: CheckedContinuation<Void, Never>?
    private var cancelled = false

    init(loop: any EventLoop, buffers: RenderedBuffers, target: KeepAliveTarget, sink: any KeepAliveLoadSink) {
        self.loop = loop
        self.sink = sink
        connection = KeepAliveConnection(loop: loop, buffers: buffers, target: target, owner: self)
    }

    func start(_ continuation: CheckedContinuation<Void, Never>) {
        loop.execute {
            self.continuation = continuation
            if self.cancelled {
                self.finish(cancelling: false)
            } else if let connection = self.connection {
                self.ready(connection)
            }
        }
    }

    func cancel() {
        loop.execute {
            self.cancelled = true
            self.finish(cancelling: true)
        }
    }

    func ready(_ connection: KeepAliveConnection) {
        guard continuation != nil, !cancelled else { return }
        guard let index = sink.nextRequest() else { return finish(cancelling: false) }
        connection.send(index)
    }

    func connectionOpened() { sink.connectionOpened() }

    func received(
        _ response: borrowing RawHTTPResponse, for index: Int, on connection: KeepAliveConnection,
        at: ContinuousClock.Instant
    ) {
        sink.received(response, for: index, sentAt: connection.sentAt, at: at)
    }

    func failed(
        _ error: TransportError, for index: Int, on connection: KeepAliveConnection, at: ContinuousClock.Instant
    ) {
        sink.failed(error, for: index, sentAt: connection.sentAt, at: at)
    }

    private func finish(cancelling: Bool) {
        connection?.close(cancelling: cancelling)
        connection = nil
        continuation?.resume()
        continuation = nil
    }
}

/// The event loops a driver was given, or those it starts on first use and owns.
private final class Loops: Sendable {
    private let threads: Int
    private let group: Mutex<(any EventLoopGroup)?>
    private let owned: Bool

    init(given: any EventLoopGroup) {
        threads = 0
        group = Mutex(given)
        owned = false
    }

    init(threads: Int) {
        self.threads = threads
        group = Mutex(nil)
        owned = true
    }

    func next() -> any EventLoop {
        group.withLock { group in
            if let group { return group.next() }
            let started = MultiThreadedEventLoopGroup(numberOfThreads: threads)
            group = started
            return started.next()
        }
    }

    func shutdown() {
        guard owned,
            let started = group.withLock({ group -> (any EventLoopGroup)? in
                defer { group = nil }
                return group
            })
        else { return }
        try? started.syncShutdownGracefully()
    }
}

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

    public func drive(
        _ requests: [RenderedRequest], to target: KeepAliveTarget, timeout: Duration?, sink: any KeepAliveLoadSink
    ) async {
        guard !requests.isEmpty else { return }
        let connection = KeepAliveConnection(
            loop: loops.next(), requests: requests, target: target, timeout: timeout, sink: sink)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                connection.start(continuation)
            }
        } onCancel: {
            connection.cancel()
        }
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

public import HTTPCore
public import NIOCore
import NIOPosix

/// `KeepAliveLoadDriving` on SwiftNIO: each virtual user's connection is a channel on an event
/// loop of `group`, its rendered requests written as prepared `ByteBuffer`s and its responses
/// framed in place (`HTTP1ResponseFraming`), so a request costs a write, a read and a few
/// comparisons — what wrk spends — instead of a transfer set up by libcurl and a task hop.
/// Plain HTTP only: `lazer load` keeps libcurl for TLS, proxies and everything else.
public struct NIOKeepAliveDriver: KeepAliveLoadDriving {
    let group: any EventLoopGroup

    /// `group`: the loops connections are spread over (one per connection, in turn).
    public init(group: any EventLoopGroup) {
        self.group = group
    }

    /// A driver on `threads` event loops of its own, to be shut down after the load.
    public init(threads: Int) {
        group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, threads))
    }

    /// Stops the event loops (after every `drive` returned).
    public func shutdown() {
        try? group.syncShutdownGracefully()
    }

    public func drive(
        _ requests: [RenderedRequest], to target: KeepAliveTarget, timeout: Duration?, sink: any KeepAliveLoadSink
    ) async {
        guard !requests.isEmpty else { return }
        let connection = KeepAliveConnection(
            loop: group.next(), requests: requests, target: target, timeout: timeout, sink: sink)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                connection.start(continuation)
            }
        } onCancel: {
            connection.cancel()
        }
    }
}

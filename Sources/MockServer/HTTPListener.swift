import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// An HTTP/1.1 listening socket on its own event loops, the part `lazer mock` and `lazer record
/// --proxy` share: bind (port 0 picks a free one), NIO's server pipeline with pipelining
/// assistance (answers in order), one handler per connection from `makeHandler`, and a stop that
/// closes the listener and joins the loops once.
final class HTTPListener: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let stopped = Mutex(false)
    /// The port the socket listens on (the one the system picked for port 0).
    let port: Int
    /// `http://host:port` (an IPv6 host in brackets).
    let url: String

    init(
        host: String, port: Int, threads: Int,
        makeHandler: @escaping @Sendable () -> any ChannelHandler & RemovableChannelHandler
    ) throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withPipeliningAssistance: true)
                    try channel.pipeline.syncOperations.addHandler(makeHandler())
                }
            }
        do {
            channel = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw ListenError(error)
        }
        self.group = group
        self.port = channel.localAddress?.port ?? port
        url = "http://\(host.contains(":") ? "[\(host)]" : host):\(self.port)"
    }

    /// Stops listening, closes every connection and joins the event loop threads. Later calls do nothing.
    func stop() {
        // Once only: the event loops are gone after the first call, and waiting on them would hang.
        guard
            stopped.withLock({ stopped in
                defer { stopped = true }
                return !stopped
            })
        else { return }
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }
}

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

    /// A listener whose connections each get one handler from `makeHandler` (no upgrades).
    convenience init(
        host: String, port: Int, threads: Int,
        makeHandler: @escaping @Sendable () -> any ChannelHandler & RemovableChannelHandler
    ) throws {
        try self.init(host: host, port: port, threads: threads) { _ in (makeHandler(), []) }
    }

    /// A listener whose connections each get a handler and the protocol upgraders it works with
    /// (`lazer mock`'s WebSocket routes): an upgraded connection drops the HTTP handlers, this one too.
    init(
        host: String, port: Int, threads: Int,
        makeConnection:
            @escaping @Sendable (any Channel) -> (
                handler: any ChannelHandler & RemovableChannelHandler, upgraders: [any HTTPServerProtocolUpgrader]
            )
    ) throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let connection = makeConnection(channel)
                    let upgrade: NIOHTTPServerUpgradeConfiguration? =
                        connection.upgraders.isEmpty
                        ? nil
                        : (
                            upgraders: connection.upgraders,
                            completionHandler: { context in
                                context.pipeline.removeHandler(name: Self.handlerName, promise: nil)
                            }
                        )
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withPipeliningAssistance: true, withServerUpgrade: upgrade)
                    try channel.pipeline.syncOperations.addHandler(connection.handler, name: Self.handlerName)
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

    /// The name of each connection's own handler in its pipeline.
    static let handlerName = "lazer-http"

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

public import HTTPCore
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// Serves a ``MockRouteTable`` over HTTP/1.1 with SwiftNIO: keep-alive, pipelining (answered in
/// order), request bodies streamed (kept only up to ``MockRequestHandler/maxMatchedBody`` when a
/// route matches on bodies), file bodies sent with `sendfile` from an open descriptor (never read
/// into memory), delays on the event loop (no thread waits).
///
/// Threading: `start` and `stop` block the caller until the socket is bound or closed; requests
/// are answered on the event loops (`threads`, 0 for one per core); `onRequest` is called on them, so it must be quick and thread-safe.
public final class MockHTTPServer: Sendable {
    public let table: MockRouteTable
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let stopped = Mutex(false)

    /// The port the server listens on (the one the system picked for port 0).
    public let port: Int
    /// `http://host:port`.
    public let url: String

    /// Binds `host:port` (port 0 picks a free one) and starts answering.
    public init(
        table: MockRouteTable, host: String = "127.0.0.1", port: Int = 0, guardrail: MockFileGuard,
        threads: Int = 0, onRequest: @escaping @Sendable (MockRequestLog) -> Void = { _ in }
    ) throws {
        self.table = table
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads > 0 ? threads : System.coreCount)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withPipeliningAssistance: true)
                    try channel.pipeline.syncOperations.addHandler(
                        MockRequestHandler(table: table, guardrail: guardrail, onRequest: onRequest))
                }
            }
        do {
            channel = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
        self.group = group
        self.port = channel.localAddress?.port ?? port
        let shownHost = host.contains(":") ? "[\(host)]" : host
        url = "http://\(shownHost):\(self.port)"
    }

    /// Stops listening, closes every connection and joins the event loop threads. Later calls do nothing.
    public func stop() {
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

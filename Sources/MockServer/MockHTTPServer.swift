package import HTTPCore
import NIOCore
import NIOPosix

/// Serves a ``MockRouteTable`` over HTTP/1.1 with SwiftNIO: keep-alive, pipelining (answered in
/// order), request bodies streamed (kept only up to ``MockRequestHandler/maxMatchedBody`` when a
/// route matches on bodies), file bodies sent with `sendfile` from an open descriptor (never read
/// into memory), delays on the event loop (no thread waits), WebSocket routes upgraded
/// (`MockWebSocketUpgrade`) and played by ``MockWebSocketHandler``.
///
/// Threading: `start` and `stop` block the caller until the socket is bound or closed; requests
/// are answered on the event loops (`threads`, 0 for ``defaultThreads``); `onRequest` is called on
/// them, so it must be quick and thread-safe.
package final class MockHTTPServer: Sendable {
    package let table: MockRouteTable
    private let listener: HTTPListener

    /// The port the server listens on (the one the system picked for port 0).
    package var port: Int { listener.port }
    /// `http://host:port`.
    package var url: String { listener.url }

    /// Event loops when none are asked for: half the cores (at least one). A mock shares its machine
    /// with its clients — the app, the test runner, a load generator — and on 2 cores one loop
    /// answered as many requests as two under `wrk -t2` with half the p99 latency (see README).
    package static var defaultThreads: Int { max(1, System.coreCount / 2) }

    /// Binds `host:port` (port 0 picks a free one) and starts answering.
    package init(
        table: MockRouteTable, host: String = "127.0.0.1", port: Int = 0, guardrail: MockFileGuard,
        threads: Int = 0, onRequest: @escaping @Sendable (MockRequestLog) -> Void = { _ in }
    ) throws {
        self.table = table
        listener = try HTTPListener(host: host, port: port, threads: threads > 0 ? threads : Self.defaultThreads) {
            channel in
            // One slot per connection: an upgrade the table refused is answered by the handler
            // from the answer already taken, so a route's sequence moves once per request.
            let slot = MockUpgradeSlot()
            let upgrader = MockWebSocketUpgrade.upgrader(
                table: table, slot: slot, eventLoop: channel.eventLoop, onRequest: onRequest)
            return (
                MockRequestHandler(table: table, guardrail: guardrail, slot: slot, onRequest: onRequest), [upgrader]
            )
        }
    }

    /// Stops listening, closes every connection and joins the event loop threads. Later calls do nothing.
    package func stop() {
        listener.stop()
    }
}

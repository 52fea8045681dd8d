import Foundation

/// A WebSocket server from a well-kept library on 127.0.0.1 (`websockets_server.py`: Python
/// `websockets`, in the virtualenv `scripts/oauth-venv.sh` makes), so Lazer's client is tested
/// against an implementation it did not write — its permessage-deflate, fragmentation and close
/// handshake. One per test process, started on first use.
package final class WebSocketLibraryServer: Sendable {
    package let port: Int
    private let child: PortReportingChild

    private static let sharedServer: Result<WebSocketLibraryServer, any Error> = Result {
        try WebSocketLibraryServer()
    }

    /// The server shared by every test in this process.
    package static func shared() throws -> WebSocketLibraryServer { try sharedServer.get() }

    private init() throws {
        (child, port) = try PortReportingChild.virtualenvServer("websockets_server.py")
    }

    /// `ws://127.0.0.1:<port><path>`.
    package func url(_ path: String) -> String { "ws://127.0.0.1:\(port)\(path)" }
}

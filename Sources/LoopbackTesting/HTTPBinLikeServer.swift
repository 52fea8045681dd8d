import Foundation

/// An httpbin-like server on 127.0.0.1 (`httpbin_like.py`): the endpoints `Collections/httpbin.json`
/// uses, for recording round trips. Stops when `stop()` is called or the test process exits.
package final class HTTPBinLikeServer: Sendable {
    package let port: Int
    private let child: PortReportingChild

    package init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "httpbin_like.py")
        child = try PortReportingChild(script: script, arguments: [])
        guard let port = child.ports["http"] else { throw LoopbackServer.StartError.noPortLine(child.firstLine) }
        self.port = port
    }

    /// `http://127.0.0.1:<port>`.
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    package func stop() {
        child.stop(terminate: true)
    }
}

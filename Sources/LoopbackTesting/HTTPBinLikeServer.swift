import Foundation

/// An httpbin-like server on 127.0.0.1 (`httpbin_like.py`): the endpoints `Collections/httpbin.json`
/// uses, for recording round trips. Stops when `stop()` is called or the test process exits.
public final class HTTPBinLikeServer: Sendable {
    public let port: Int
    private let child: PortReportingChild

    public init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "httpbin_like.py")
        child = try PortReportingChild(script: script, arguments: [])
        guard let port = child.ports["http"] else { throw LoopbackServer.StartError.noPortLine(child.firstLine) }
        self.port = port
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public func stop() {
        child.stop(terminate: true)
    }
}

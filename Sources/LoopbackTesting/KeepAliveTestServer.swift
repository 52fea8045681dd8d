import Foundation

/// A raw HTTP/1.1 server on 127.0.0.1 (`keepalive_server.py`) that frames, cuts, stalls and sets
/// cookies on cue and keeps every request as it arrived: for `lazer load`'s keep-alive engine.
package final class KeepAliveTestServer: Sendable {
    package let port: Int
    private let child: PortReportingChild

    package init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "keepalive_server.py")
        child = try PortReportingChild(script: script, arguments: [])
        guard let port = child.ports["http"] else { throw LoopbackServer.StartError.noPortLine(child.firstLine) }
        self.port = port
    }

    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The requests received since the last call, each raw request (head and body, as bytes
    /// decoded as Latin-1) with how many times it came; the log starts over.
    package func takeLog() throws -> (count: Int, requests: [String: Int]) {
        let data = try Process.hook(baseURL + "/log")
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let requests = (object?["requests"] as? [String: Any] ?? [:]).compactMapValues { ($0 as? NSNumber)?.intValue }
        return ((object?["count"] as? NSNumber)?.intValue ?? 0, requests)
    }

    package func stop() {
        child.stop(terminate: true)
    }
}

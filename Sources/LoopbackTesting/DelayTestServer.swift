import Foundation

/// An HTTP server on 127.0.0.1 whose `/delay` answers after a known delay (`delay_server.py`):
/// of every 100 consecutive requests 90 wait 10 ms, 9 wait 50 ms and 1 waits 200 ms; `/fast`
/// answers at once. With `stallAfter`, the server stalls once for `stallSeconds` from that
/// request on. For `lazer load`'s tests.
package final class DelayTestServer: Sendable {
    package let port: Int
    private let child: PortReportingChild

    package init(stallAfter: Int? = nil, stallSeconds: Double = 1) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "delay_server.py")
        var arguments: [String] = []
        if let stallAfter {
            arguments += ["--stall-after", String(stallAfter), "--stall-seconds", String(stallSeconds)]
        }
        child = try PortReportingChild(script: script, arguments: arguments)
        guard let port = child.ports["http"] else { throw LoopbackServer.StartError.noPortLine(child.firstLine) }
        self.port = port
    }

    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// How many connections others opened to the server so far: `GET /connections` (sent by
    /// urllib) less the one that request came on.
    package func connections() throws -> Int {
        let data = try Process.hook(baseURL + "/connections")
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return ((object?["connections"] as? NSNumber)?.intValue ?? 0) - 1
    }

    package func stop() {
        child.stop(terminate: true)
    }
}

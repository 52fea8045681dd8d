package import Foundation
import TerminalText

/// One request a mock server answered (or a proxy forwarded), for the terminal log and `--log`.
package struct MockRequestLog: Sendable, Equatable {
    package var time: Date
    package var method: String
    /// The request target as received (path and query).
    package var target: String
    /// The route that answered (`GET /posts/:id(int)`); `nil` for a miss.
    package var route: String?
    package var status: Int
    /// From the end of the request to its response handed to the connection (delays included; for a
    /// file body, to the end of the file sent).
    package var duration: Duration
    /// Body bytes sent.
    package var bytes: Int64

    package init(
        time: Date, method: String, target: String, route: String?, status: Int, duration: Duration, bytes: Int64
    ) {
        self.time = time
        self.method = method
        self.target = target
        self.route = route
        self.status = status
        self.duration = duration
        self.bytes = bytes
    }

    /// The duration in milliseconds, to a hundredth.
    package var milliseconds: Double {
        let (seconds, attoseconds) = duration.components
        return ((Double(seconds) * 1000 + Double(attoseconds) / 1e15) * 100).rounded() / 100
    }

    /// `GET /posts/7 → GET /posts/:id(int) 200 0.41 ms`, every request-derived text terminal-safe.
    package var terminalLine: String {
        let matched = route.map { "→ \(TerminalText.line($0))" } ?? "→ no route"
        return "\(TerminalText.line(method)) \(TerminalText.line(target)) \(matched) \(status) \(milliseconds) ms"
    }

    private struct Line: Encodable {
        var time: String
        var method: String
        var target: String
        var route: String?
        var matched: Bool
        var status: Int
        var milliseconds: Double
        var bytes: Int64
    }

    /// One JSON object, no line break: a line of the `--log` file.
    package var jsonLine: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let line = Line(
            time: formatter.string(from: time), method: method, target: target, route: route, matched: route != nil,
            status: status, milliseconds: milliseconds, bytes: bytes)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(line)).map { TerminalText.jsonSafe(String(decoding: $0, as: UTF8.self)) } ?? "{}"
    }
}

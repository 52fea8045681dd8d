import Foundation

/// The default report on a terminal: a line per request as it finishes — ✓ or ✗, method, name,
/// status, time — with its failing checks (expected and actual, and the JSONPath) or its
/// translated failure underneath, a heading per collection, and a summary. ANSI colours only when
/// `colored` (a terminal without `NO_COLOR`); plain text otherwise.
package struct HumanReporter: RunReporter {
    package var colored: Bool

    package init(colored: Bool = false) {
        self.colored = colored
    }

    package func finished(_ result: RequestResult, previous: RequestResult?) -> String {
        var text = ""
        if previous?.collectionFile != result.collectionFile || previous?.iteration != result.iteration {
            if previous != nil { text += "\n" }
            var heading = "\(result.collectionName) (\(result.collectionFile))"
            if let environment = result.environment { heading += " · environment \(environment)" }
            if result.iteration > 1 { heading += " · pass \(result.iteration)" }
            text += paint(ReportText.visible(heading), .bold) + "\n"
        }
        let name = ReportText.visible(result.path)
        var details: [String] = []
        var notes: [String] = []
        switch result.status {
        case .passed, .failed:
            // The reason phrase is the server's text: made visible like every other.
            var status = result.responseStatus.map(String.init) ?? ""
            if let reason = result.responseReason {
                status += (status.isEmpty ? "" : " ") + ReportText.visible(reason)
            }
            details.append(status)
            details.append(ReportText.duration(result.milliseconds))
            for check in result.checks where !check.passed {
                notes.append(
                    paint("✗ ", .red) + ReportText.visible(ReportText.subject(check)) + ": "
                        + ReportText.visible(ReportText.failure(check)))
            }
        case .error:
            details.append("no response")
            details.append(ReportText.duration(result.milliseconds))
            if let failure = result.failure {
                notes.append(ReportText.visible(failure.title) + " (while \(failure.stage), \(failure.kind))")
                if !failure.hint.isEmpty { notes.append("Hint: " + ReportText.visible(failure.hint)) }
            }
        case .notSent:
            details.append("not sent")
            notes += result.problems.map { ReportText.visible($0) }
        case .skipped:
            details.append("skipped (--bail)")
        }
        if result.attempts > 1 { details.append("\(result.attempts) attempts") }
        if let entry = result.historyEntry { details.append("from history \(ReportText.visible(entry))") }
        for write in result.snapshotWrites { notes.append("snapshot " + ReportText.visible(write)) }
        for line in result.scriptConsole { notes.append(paint("console ", .dim) + ReportText.visible(line)) }
        for sent in result.scriptRequests { notes.append(paint("sent ", .dim) + ReportText.visible(sent.line)) }
        let symbol: String =
            switch result.status {
            case .passed: paint("✓", .green)
            case .failed: paint("✗", .red)
            case .error, .notSent: paint("!", .red)
            case .skipped: paint("-", .dim)
            }
        text += "\(symbol) \(Self.padded(result.method)) \(name) · " + details.joined(separator: " · ") + "\n"
        for note in notes { text += "      " + note + "\n" }
        return text
    }

    /// The method padded to 7 characters, cut past them, without Foundation's `padding` (which
    /// costs more than the line) or counting an ASCII method's characters one by one.
    static func padded(_ method: String) -> String {
        let length = method.utf8.allSatisfy { $0 < 0x80 } ? method.utf8.count : method.count
        return length >= 7 ? String(method.prefix(7)) : method + spaces[7 - length]
    }

    private static let spaces = ["", " ", "  ", "   ", "    ", "     ", "      "]

    package func report(_ report: RunReport) -> String {
        let summary = report.summary
        var parts = ["\(summary.passed) passed"]
        if summary.failed > 0 { parts.append(paint("\(summary.failed) failed", .red)) }
        if summary.errors > 0 { parts.append(paint("\(summary.errors) without response", .red)) }
        if summary.notSent > 0 { parts.append(paint("\(summary.notSent) not sent", .red)) }
        if summary.skipped > 0 { parts.append("\(summary.skipped) skipped") }
        let requests = summary.requests == 1 ? "1 request" : "\(summary.requests) requests"
        let checks = summary.checks == 1 ? "1 check" : "\(summary.checks) checks"
        let failedChecks = summary.checksFailed > 0 ? ", \(summary.checksFailed) failed" : ""
        return "\n\(requests): " + parts.joined(separator: ", ") + " · \(checks)\(failedChecks) · "
            + ReportText.duration(RequestResult.milliseconds(report.duration)) + "\n"
    }

    private enum Paint: String {
        case red = "31"
        case green = "32"
        case bold = "1"
        case dim = "2"
    }

    private func paint(_ text: String, _ paint: Paint) -> String {
        colored ? "\u{1B}[\(paint.rawValue)m\(text)\u{1B}[0m" : text
    }
}

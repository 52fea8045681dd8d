import Foundation
import Replay

/// `lazer load --html FILE`: the run as one self-contained HTML page that works offline — inline
/// CSS, charts as inline SVG, no script at all (its Content-Security-Policy forbids scripts and
/// every fetch). Request names, check labels and error texts come from collections and servers:
/// each goes through `LoadHTMLReport.text`, so markup shows as text and control, bidi and
/// invisible characters show as `<U+202E>`.
package struct LoadHTMLReport: Sendable {
    package var summary: LoadSummary
    package var verdicts: [LoadThreshold.Verdict]
    /// What was loaded (the collections' names), shown in the title.
    package var title: String
    /// When the run ended, as written (nil leaves it out: golden tests).
    package var generated: String?

    package init(summary: LoadSummary, verdicts: [LoadThreshold.Verdict], title: String, generated: String? = nil) {
        self.summary = summary
        self.verdicts = verdicts
        self.title = title
        self.generated = generated
    }

    /// Untrusted text for HTML (`HTMLText.escape`, shared with `lazer run`'s report).
    package static func text(_ value: some StringProtocol) -> String {
        HTMLText.escape(value)
    }

    package func html() -> String {
        var page = HTMLText.pageStart(title: "lazer load · \(title)", style: Self.style)
        page += overview()
        page += thresholdSection()
        page += section("latency-over-time", "Latency over time", LoadSVG.latencyOverTime(summary.timeline))
        page += section(
            "throughput", "Requests per second", LoadSVG.throughput(summary.timeline, target: summary.targetRate))
        page += section(
            "histogram", "Latency histogram", LoadSVG.histogram(LoadCharts.histogram(summary.overall, bars: 40)))
        page += percentileSection()
        page += outcomeSections()
        page += HTMLText.pageEnd
        return page
    }

    private func section(_ id: String, _ heading: String, _ body: String) -> String {
        HTMLText.section(id, heading, body)
    }

    private func overview() -> String {
        var rows: [(String, String)] = []
        switch summary.model {
        case .open(let start, let stages):
            let ramp = stages.map { "\(Self.number($0.duration.seconds)) s → \(Self.number($0.rate))/s" }
            rows.append(
                ("Model", "open (constant arrival rate from \(Self.number(start))/s: \(ramp.joined(separator: ", ")))"))
            rows.append(("Target rate", String(format: "%.1f/s", summary.targetRate ?? 0)))
            rows.append(("Achieved rate", String(format: "%.1f/s", summary.achievedRate)))
        case .closed(let vus, let duration, let iterations):
            var model = "closed (\(vus) virtual users"
            if let duration { model += ", \(Self.number(duration.seconds)) s" }
            if let iterations { model += ", \(iterations) iterations each" }
            rows.append(("Model", model + ")"))
        }
        rows += [
            ("Requests started", "\(summary.started)"), ("Requests finished", "\(summary.overall.count)"),
            ("Elapsed", String(format: "%.2f s", summary.elapsed.seconds)),
            ("Throughput", String(format: "%.1f requests/s", summary.throughput)),
            ("Bytes received", "\(summary.bytes)"), ("Connections opened", "\(summary.connectionsOpened)"),
            ("Errors", String(format: "%d (%.2f %%)", summary.overall.errorCount, summary.errorRate * 100)),
            ("Checks passed", String(format: "%.2f %%", summary.checkPassRate * 100)),
        ]
        if let generated { rows.append(("Finished", Self.text(generated))) }
        let cells = rows.map { "<tr><th>\($0.0)</th><td>\($0.1)</td></tr>" }.joined(separator: "\n")
        return section("summary", "Summary", "<table class=\"facts\">\n\(cells)\n</table>\n")
    }

    private func thresholdSection() -> String {
        guard !verdicts.isEmpty else { return "" }
        let failed = verdicts.filter { !$0.passed }.count
        let head =
            failed == 0
            ? "<p class=\"verdict pass\">Every threshold held.</p>"
            : "<p class=\"verdict fail\">\(failed) of \(verdicts.count) thresholds failed.</p>"
        let rows = verdicts.map { verdict in
            "<tr class=\"\(verdict.passed ? "pass" : "fail")\"><td>\(Self.text(verdict.threshold.text))</td>"
                + "<td>\(verdict.passed ? "passed" : "FAILED")</td><td>\(LoadSummary.shown(verdict))</td></tr>"
        }
        return section(
            "thresholds", "Thresholds",
            head + "\n<table>\n<tr><th>threshold</th><th>result</th><th>measured</th></tr>\n"
                + rows.joined(separator: "\n") + "\n</table>\n")
    }

    private func percentileSection() -> String {
        let names = LoadSummary.percentiles.map(\.0) + ["max"]
        var rows = [
            "<tr><th>request</th><th>count</th><th>errors</th>" + names.map { "<th>\($0)</th>" }.joined() + "</tr>"
        ]
        func row(_ name: String, _ tally: LoadStats.Tally, total: Bool) -> String {
            let values =
                LoadSummary.percentiles.map { summary.milliseconds(at: $0.1, of: tally) }
                + [summary.maxMilliseconds(of: tally)]
            return "<tr\(total ? " class=\"total\"" : "")><td>\(Self.text(name))</td><td>\(tally.count)</td>"
                + "<td>\(tally.errorCount)</td>" + values.map { String(format: "<td>%.2f ms</td>", $0) }.joined()
                + "</tr>"
        }
        rows.append(row("all requests", summary.overall, total: true))
        for (name, tally) in summary.requests { rows.append(row(name, tally, total: false)) }
        return section(
            "percentiles", "Latency percentiles", "<table>\n" + rows.joined(separator: "\n") + "\n</table>\n")
    }

    private func outcomeSections() -> String {
        var page = ""
        let statuses = summary.overall.statuses.sorted { $0.key < $1.key }
        page += section(
            "statuses", "Statuses",
            statuses.isEmpty
                ? "<p>No response arrived.</p>\n"
                : "<table>\n<tr><th>status</th><th>responses</th></tr>\n"
                    + statuses.map { "<tr><td>\($0.key)</td><td>\($0.value)</td></tr>" }.joined(separator: "\n")
                    + "\n</table>\n")
        let errors = summary.overall.errors.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        page += section(
            "errors", "Errors",
            errors.isEmpty
                ? "<p>Every request got a response.</p>\n"
                : "<table>\n<tr><th>kind</th><th>requests</th></tr>\n"
                    + errors.map { "<tr><td>\(Self.text($0.key))</td><td>\($0.value)</td></tr>" }.joined(
                        separator: "\n")
                    + "\n</table>\n")
        let checks = summary.overall.checks.sorted { $0.key < $1.key }
        page += section(
            "checks", "Checks",
            checks.isEmpty
                ? "<p>The requests have no expectations.</p>\n"
                : "<table>\n<tr><th>check</th><th>passed</th><th>total</th><th>pass rate</th></tr>\n"
                    + checks.map { label, tally in
                        let rate = Double(tally.passed) / Double(max(1, tally.total)) * 100
                        return
                            "<tr class=\"\(tally.passed == tally.total ? "pass" : "fail")\"><td>\(Self.text(label))</td>"
                            + "<td>\(tally.passed)</td><td>\(tally.total)</td>"
                            + String(format: "<td>%.2f %%</td></tr>", rate)
                    }.joined(separator: "\n") + "\n</table>\n")
        return page
    }

    /// A number without a needless `.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.3g", value)
    }

    static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:2em auto;max-width:60em;padding:0 1em;color:#222;background:#fff}
        h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.6em}
        table{border-collapse:collapse}th,td{padding:.2em .7em;text-align:left;border-bottom:1px solid #ddd}
        td{font-variant-numeric:tabular-nums}tr.total td{font-weight:600}
        .pass td:nth-child(2),.verdict.pass{color:#17693a}.fail td:nth-child(2),.verdict.fail{color:#b3261e;font-weight:600}
        svg{max-width:100%;height:auto;font:11px sans-serif}svg text{fill:#555}
        .p50{stroke:#1f6feb}.p90{stroke:#8250df}.p99{stroke:#d4a72c}.max{stroke:#b3261e}
        .bar{fill:#1f6feb}.target{stroke:#b3261e;stroke-dasharray:4 3}.axis{stroke:#999}
        """
}

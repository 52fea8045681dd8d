import Foundation
import Histogram

/// The end of a load run in numbers: latency percentiles, throughput, errors by kind and status,
/// check pass rates; printed for a person and written as JSON (`--output`, docs/load.md).
package struct LoadSummary: Sendable {
    package var model: LoadModel
    package var elapsed: Duration
    package var overall: LoadStats.Tally
    package var requests: [(String, LoadStats.Tally)]
    package var bytes: Int
    /// Connections the run opened (each reused by the requests after it).
    package var connectionsOpened = 0
    /// Requests the keep-alive engine sent (`LoadRunner.keepAlive`), the others through libcurl.
    package var keptAlive = 0
    package var started: Int
    package var lastStart: Duration
    package var perSecond: [Int]
    /// Latency percentiles of each second (by completion).
    package var timeline: [LoadSecond] = []

    /// The percentiles every report gives.
    package static let percentiles: [(String, Double)] = [("p50", 50), ("p90", 90), ("p99", 99), ("p99.9", 99.9)]

    /// Milliseconds at `percentile` (0 when nothing finished).
    package func milliseconds(at percentile: Double, of tally: LoadStats.Tally? = nil) -> Double {
        let tally = tally ?? overall
        guard tally.count > 0 else { return 0 }
        return Double(tally.latency.valueAtPercentile(percentile)) / 1000
    }

    package func maxMilliseconds(of tally: LoadStats.Tally? = nil) -> Double {
        let tally = tally ?? overall
        return tally.count > 0 ? Double(tally.latency.max) / 1000 : 0
    }

    /// Requests finished per second of the run.
    package var throughput: Double { elapsed.seconds > 0 ? Double(overall.count) / elapsed.seconds : 0 }

    /// The rate requests were started at: the open model's achieved arrival rate (its last start
    /// one interval before the end of the schedule when it kept up).
    package var achievedRate: Double {
        guard started > 0 else { return 0 }
        if let target = targetRate, target > 0 {
            return Double(started) / max(lastStart.seconds + 1 / target, 1e-9)
        }
        return elapsed.seconds > 0 ? Double(started) / elapsed.seconds : 0
    }

    /// The open model's planned average rate; nil for the closed model.
    package var targetRate: Double? {
        guard let requests = model.plannedRequests, let duration = model.plannedDuration, duration > .zero else {
            return nil
        }
        return Double(requests) / duration.seconds
    }

    /// Share of requests with no response (or not sent).
    package var errorRate: Double { overall.count > 0 ? Double(overall.errorCount) / Double(overall.count) : 0 }

    /// Share of checks that passed (1 when there were none).
    package var checkPassRate: Double {
        let totals = overall.checks.values.reduce((0, 0)) { ($0.0 + $1.passed, $0.1 + $1.total) }
        return totals.1 > 0 ? Double(totals.0) / Double(totals.1) : 1
    }

    // MARK: - Text

    package func text() -> String {
        var lines: [String] = []
        func ms(_ value: Double) -> String { String(format: "%.2f ms", value) }
        switch model {
        case .open:
            lines.append(
                "open model: target \(String(format: "%.1f", targetRate ?? 0))/s, achieved "
                    + "\(String(format: "%.1f", achievedRate))/s, \(started) requests started")
        case .closed(let vus, _, _):
            lines.append("closed model: \(vus) virtual users, \(started) requests")
        }
        lines.append(
            "\(overall.count) finished in \(String(format: "%.2f", elapsed.seconds)) s · "
                + "\(String(format: "%.1f", throughput)) requests/s · \(bytes) bytes received · "
                + "\(connectionsOpened) connection\(connectionsOpened == 1 ? "" : "s") opened")
        if keptAlive > 0 {
            lines.append(
                "sent by  keep-alive engine \(keptAlive) · libcurl \(max(0, overall.count - keptAlive)) "
                    + "(the first of each request went through libcurl)")
        }
        let percentiles = Self.percentiles.map { "\($0.0) \(ms(milliseconds(at: $0.1)))" }
        lines.append("latency  " + (percentiles + ["max \(ms(maxMilliseconds()))"]).joined(separator: " · "))
        if requests.count > 1 {
            for (name, tally) in requests {
                lines.append(
                    "  \(name): \(tally.count) · p50 \(ms(milliseconds(at: 50, of: tally))) · p99 "
                        + "\(ms(milliseconds(at: 99, of: tally))) · max \(ms(maxMilliseconds(of: tally)))")
            }
        }
        let statuses = overall.statuses.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }
        if !statuses.isEmpty { lines.append("statuses " + statuses.joined(separator: ", ")) }
        if !overall.errors.isEmpty {
            lines.append(
                "errors   \(overall.errorCount) (\(String(format: "%.2f", errorRate * 100)) %): "
                    + overall.errors.sorted { $0.value > $1.value }.map { "\($0.key) × \($0.value)" }.joined(
                        separator: ", "))
        }
        for (label, tally) in overall.checks.sorted(by: { $0.key < $1.key }) {
            let rate = Double(tally.passed) / Double(max(1, tally.total)) * 100
            lines.append("check    \(label): \(tally.passed)/\(tally.total) passed (\(String(format: "%.2f", rate)) %)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a threshold measured, in its unit.
    package static func shown(_ verdict: LoadThreshold.Verdict) -> String {
        switch verdict.threshold.metric {
        case .percentile: String(format: "%.2f ms", verdict.actual)
        case .errors, .checks: String(format: "%.2f %%", verdict.actual * 100)
        case .rate: String(format: "%.1f/s", verdict.actual)
        }
    }

    // MARK: - JSON

    /// The summary as JSON (docs/load.md has its schema).
    package func json(thresholds: [LoadThreshold.Verdict]) -> [String: Any] {
        func latency(_ tally: LoadStats.Tally) -> [String: Any] {
            var object: [String: Any] = ["count": tally.count, "maxMs": maxMilliseconds(of: tally)]
            for (name, percentile) in Self.percentiles {
                object[name.replacingOccurrences(of: ".", with: "_") + "Ms"] = milliseconds(at: percentile, of: tally)
            }
            return object
        }
        var model: [String: Any]
        switch self.model {
        case .open(let start, let stages):
            model = [
                "kind": "open", "startRate": start,
                "stages": stages.map { ["durationSeconds": $0.duration.seconds, "rate": $0.rate] },
                "targetRate": targetRate ?? 0, "achievedRate": achievedRate,
            ]
        case .closed(let vus, let duration, let iterations):
            model = ["kind": "closed", "vus": vus]
            if let duration { model["durationSeconds"] = duration.seconds }
            if let iterations { model["iterations"] = iterations }
        }
        return [
            "model": model, "elapsedSeconds": elapsed.seconds, "started": started, "finished": overall.count,
            "throughput": throughput, "bytes": bytes, "connectionsOpened": connectionsOpened,
            "keepAliveRequests": keptAlive,
            "latency": latency(overall),
            "requests": requests.map { name, tally in
                ["name": name, "latency": latency(tally), "errors": tally.errorCount] as [String: Any]
            },
            "statuses": Dictionary(uniqueKeysWithValues: overall.statuses.map { (String($0.key), $0.value) }),
            "errors": overall.errors, "errorRate": errorRate,
            "checks": overall.checks.map { label, tally in
                ["label": label, "passed": tally.passed, "total": tally.total] as [String: Any]
            }.sorted { ($0["label"] as? String ?? "") < ($1["label"] as? String ?? "") },
            "perSecond": perSecond,
            "thresholds": thresholds.map {
                ["threshold": $0.threshold.text, "passed": $0.passed, "actual": $0.actual]
            },
        ]
    }
}

import Foundation

/// `lazer load`'s model and thresholds as k6 `options`: the open model as a
/// `constant-arrival-rate` (one stage at a constant rate) or `ramping-arrival-rate` scenario, the
/// closed model as `constant-vus` (a duration) or `per-vu-iterations` (iterations, with the
/// duration as its `maxDuration`); thresholds on `http_req_duration` (`p(99)<200`, `max<2000`),
/// `http_req_failed` (errors), `checks` and `http_reqs` (rate).
enum K6Options {
    static func options(_ load: ExportLoad, requests: [ScriptRequest], report: inout ExportReport) -> [String] {
        var lines = ["export const options = {", "  scenarios: {", "    lazer: {"]
        lines += scenario(load, report: &report).map { "      " + $0 }
        lines += ["    },", "  },"]
        let grouped = thresholds(load.thresholds)
        if !grouped.isEmpty {
            lines.append("  thresholds: {")
            for (metric, conditions) in grouped {
                lines.append("    \(metric): [\(conditions.map(ScriptLiteral.javaScript).joined(separator: ", "))],")
            }
            lines.append("  },")
        }
        return lines + ["};"]
    }

    private static func scenario(_ load: ExportLoad, report: inout ExportReport) -> [String] {
        switch load.model {
        case .closed(let vus, let seconds, let iterations):
            if let iterations {
                var lines = ["executor: \"per-vu-iterations\",", "vus: \(vus),", "iterations: \(iterations),"]
                if let seconds { lines.append("maxDuration: \(duration(seconds)),") }
                return lines
            }
            return ["executor: \"constant-vus\",", "vus: \(vus),", "duration: \(duration(seconds ?? 1)),"]
        case .open(let start, let stages):
            // k6 takes whole iterations per time unit: per second, else per minute when a rate needs it.
            let rates = [start] + stages.map(\.rate)
            let perSecond = rates.allSatisfy { $0 == $0.rounded() }
            let scale = perSecond ? 1.0 : 60
            let unit = perSecond ? "1s" : "1m"
            if !rates.allSatisfy({ ($0 * scale) == ($0 * scale).rounded() }) {
                report.add(
                    "a rate that is not a whole number of requests a minute", at: "load model",
                    kept: "rounded to one")
            }
            let peak = Int((load.peakRate ?? 1).rounded(.up))
            let vus = [
                "preAllocatedVUs: \(max(1, peak)),", "maxVUs: \(max(10, peak * 4)),",
            ]
            if stages.count == 1, stages[0].rate == start {
                return [
                    "executor: \"constant-arrival-rate\",", "rate: \(Int((start * scale).rounded())),",
                    "timeUnit: \"\(unit)\",", "duration: \(duration(stages[0].seconds)),",
                ] + vus
            }
            var lines = [
                "executor: \"ramping-arrival-rate\",", "startRate: \(Int((start * scale).rounded())),",
                "timeUnit: \"\(unit)\",",
            ]
            lines += vus
            lines.append("stages: [")
            for stage in stages {
                lines.append(
                    "  { duration: \(duration(stage.seconds)), target: \(Int((stage.rate * scale).rounded())) },")
            }
            return lines + ["],"]
        }
    }

    /// Thresholds by k6 metric, in the order first given.
    private static func thresholds(_ thresholds: [ExportLoad.Threshold]) -> [(String, [String])] {
        var grouped: [(String, [String])] = []
        for threshold in thresholds {
            let metric: String
            let condition: String
            let limit = LocustLoadModel.number(threshold.limit)
            switch threshold.metric {
            case .percentile(let percentile):
                metric = "http_req_duration"
                let name = percentile >= 100 ? "max" : "p(\(LocustLoadModel.number(percentile)))"
                condition = "\(name)\(threshold.comparison)\(limit)"
            case .errors:
                metric = "http_req_failed"
                condition = "rate\(threshold.comparison)\(limit)"
            case .checks:
                metric = "checks"
                condition = "rate\(threshold.comparison)\(limit)"
            case .rate:
                metric = "http_reqs"
                condition = "rate\(threshold.comparison)\(limit)"
            }
            if let index = grouped.firstIndex(where: { $0.0 == metric }) {
                grouped[index].1.append(condition)
            } else {
                grouped.append((metric, [condition]))
            }
        }
        return grouped
    }

    /// A k6 duration: `30s`, `1500ms`.
    static func duration(_ seconds: Double) -> String {
        let text =
            seconds == seconds.rounded()
            ? "\(Int(seconds))s" : "\(Int((seconds * 1000).rounded()))ms"
        return ScriptLiteral.javaScript(text)
    }
}

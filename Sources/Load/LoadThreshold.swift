import Foundation

/// A CI threshold on a load run: `p99<200ms`, `p99.9<=1s`, `max<2s`, `errors<1%`,
/// `checks>=99%`, `rate>=0.99*target` (or `rate>=450`). Any that fails makes `lazer load` exit 1.
package struct LoadThreshold: Sendable, Equatable {
    package enum Metric: Sendable, Equatable {
        /// A latency percentile (milliseconds); 100 is the maximum.
        case percentile(Double)
        case errors
        case checks
        case rate
    }

    package enum Comparison: String, Sendable, CaseIterable {
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case less = "<"
        case greater = ">"

        func holds(_ actual: Double, _ limit: Double) -> Bool {
            switch self {
            case .less: actual < limit
            case .lessOrEqual: actual <= limit
            case .greater: actual > limit
            case .greaterOrEqual: actual >= limit
            }
        }
    }

    package var text: String
    package var metric: Metric
    package var comparison: Comparison
    /// Milliseconds, a share (0…1) or requests per second.
    package var limit: Double
    /// `rate>=0.99*target`: the limit is this share of the target rate.
    package var ofTarget: Bool

    /// How one threshold came out.
    package struct Verdict: Sendable, Equatable {
        package var threshold: LoadThreshold
        package var passed: Bool
        /// What was measured, in the threshold's unit.
        package var actual: Double

        package init(threshold: LoadThreshold, passed: Bool, actual: Double) {
            self.threshold = threshold
            self.passed = passed
            self.actual = actual
        }
    }

    package static func parse(_ text: String) throws(LoadArguments.Problem) -> LoadThreshold {
        let compact = text.replacingOccurrences(of: " ", with: "")
        guard
            let comparison = Comparison.allCases.first(where: { compact.contains($0.rawValue) }),
            let range = compact.range(of: comparison.rawValue)
        else { throw problem(text) }
        let name = String(compact[..<range.lowerBound])
        let value = String(compact[range.upperBound...])
        switch name {
        case "errors", "checks":
            // A share of the requests or checks: 0 to 100 % (`errors<150%` read as a threshold that
            // could never fail).
            guard value.hasSuffix("%"), let percent = Double(value.dropLast()), (0...100).contains(percent) else {
                throw problem(text)
            }
            return LoadThreshold(
                text: text, metric: name == "errors" ? .errors : .checks, comparison: comparison, limit: percent / 100,
                ofTarget: false)
        case "rate":
            if value.hasSuffix("*target") {
                guard let share = Double(value.dropLast("*target".count)) else { throw problem(text) }
                return LoadThreshold(text: text, metric: .rate, comparison: comparison, limit: share, ofTarget: true)
            }
            guard let rate = Double(value.hasSuffix("/s") ? String(value.dropLast(2)) : value) else {
                throw problem(text)
            }
            return LoadThreshold(text: text, metric: .rate, comparison: comparison, limit: rate, ofTarget: false)
        default:
            let percentile: Double
            if name == "max" {
                percentile = 100
            } else if name.hasPrefix("p"), let number = Double(name.dropFirst()), number > 0, number <= 100 {
                percentile = number
            } else {
                throw problem(text)
            }
            let milliseconds = try LoadArguments.duration(value).seconds * 1000
            return LoadThreshold(
                text: text, metric: .percentile(percentile), comparison: comparison, limit: milliseconds,
                ofTarget: false)
        }
    }

    private static func problem(_ text: String) -> LoadArguments.Problem {
        LoadArguments.Problem(
            "\"\(text)\" is not a threshold: write p99<200ms, max<1s, errors<1%, checks>=99% or rate>=0.99*target")
    }

    /// Refuses a threshold `model` cannot judge: a share of the target rate needs the open model's
    /// target — under the closed model `rate>=0.99*target` held whatever the run did.
    package func check(for model: LoadModel) throws(LoadArguments.Problem) {
        guard metric == .rate, ofTarget, model.isClosed else { return }
        throw LoadArguments.Problem(
            "\"\(text)\" needs a target rate, which only the open model has (a rate or stages); "
                + "with virtual users write rate>=N, the requests started per second")
    }

    package func judge(_ summary: LoadSummary) -> Verdict {
        var limit = self.limit
        let actual: Double
        switch metric {
        case .percentile(let percentile):
            actual = percentile >= 100 ? summary.maxMilliseconds() : summary.milliseconds(at: percentile)
        case .errors: actual = summary.errorRate
        case .checks: actual = summary.checkPassRate
        case .rate:
            actual = summary.achievedRate
            if ofTarget { limit *= summary.targetRate ?? 0 }
        }
        return Verdict(threshold: self, passed: comparison.holds(actual, limit), actual: actual)
    }
}

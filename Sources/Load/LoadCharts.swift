import Foundation
import Histogram

/// The numbers behind a load run's charts, shared by the HTML report's SVG and the explorer's
/// live view: the latency histogram's bars on a logarithmic scale, and round axis limits.
package enum LoadCharts {
    /// One bar: requests whose latency fell in `lowerMs…upperMs`.
    package struct Bar: Sendable, Equatable {
        package var lowerMs: Double
        package var upperMs: Double
        package var count: Int

        package init(lowerMs: Double, upperMs: Double, count: Int) {
            self.lowerMs = lowerMs
            self.upperMs = upperMs
            self.count = count
        }
    }

    /// Up to `count` bars spanning the recorded latencies, each `(max/min)^(1/count)` times wider
    /// than the one before (latencies spread over orders of magnitude: a stall is a far bar).
    package static func histogram(_ tally: LoadStats.Tally, bars count: Int) -> [Bar] {
        let histogram = tally.latency
        guard tally.count > 0, count > 0 else { return [] }
        let low = max(1, histogram.min)
        let high = max(low + 1, histogram.max)
        let ratio = pow(Double(high) / Double(low), 1 / Double(count))
        var bars: [Bar] = []
        var lower = histogram.lowestEquivalentForValue(low)
        let top = histogram.highestEquivalentForValue(high)
        for index in 1...count where lower <= top {
            // Each bar ends on the histogram's own bucket edge, so no recorded value counts twice.
            let edge = index == count ? top : UInt64((Double(low) * pow(ratio, Double(index))).rounded())
            let upper = min(top, histogram.highestEquivalentForValue(max(lower, edge)))
            let inside = histogram.count(within: lower...upper)
            bars.append(Bar(lowerMs: Double(lower) / 1000, upperMs: Double(upper) / 1000, count: Int(inside)))
            lower = upper + 1
        }
        return bars
    }

    /// A round number at or above `value` (1, 2 or 5 times a power of ten), for an axis's top.
    package static func niceCeiling(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        let power = pow(10, floor(log10(value)))
        for step in [1.0, 2, 5, 10] where step * power >= value * 0.999_999 { return step * power }
        return 10 * power
    }

    /// Milliseconds as a short label: `850 µs`, `12.5 ms`, `1.20 s`.
    package static func label(milliseconds value: Double) -> String {
        if value < 1 { return String(format: "%.0f µs", value * 1000) }
        if value < 100 { return String(format: "%.1f ms", value) }
        if value < 1000 { return String(format: "%.0f ms", value) }
        return String(format: "%.2f s", value / 1000)
    }
}

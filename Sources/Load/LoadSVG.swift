import Foundation

/// The HTML report's charts as inline SVG (no script, no external file): latency percentiles
/// per second as lines, completions per second as bars against the target rate, and the latency
/// histogram on a logarithmic scale. Only numbers reach them, never a user's text.
enum LoadSVG {
    static let width = 720.0
    static let height = 220.0
    /// Room for the axis labels: left, right, top, bottom.
    static let margin = (left: 56.0, right: 12.0, top: 12.0, bottom: 30.0)

    static var plotWidth: Double { width - margin.left - margin.right }
    static var plotHeight: Double { height - margin.top - margin.bottom }

    static func latencyOverTime(_ seconds: [LoadSecond]) -> String {
        guard seconds.contains(where: { $0.count > 0 }) else { return "<p>No request finished.</p>\n" }
        let top = LoadCharts.niceCeiling(seconds.map(\.maxMs).max() ?? 1)
        let step = plotWidth / Double(max(1, seconds.count - 1))
        func points(_ value: (LoadSecond) -> Double) -> String {
            seconds.enumerated().filter { $0.element.count > 0 }.map { index, second in
                String(format: "%.1f,%.1f", margin.left + Double(index) * step, y(value(second), top: top))
            }.joined(separator: " ")
        }
        var svg = open(label: "Latency percentiles over time")
        svg += axes(top: top, label: LoadCharts.label(milliseconds:), seconds: seconds.count)
        for (name, value) in [("max", \LoadSecond.maxMs), ("p99", \.p99Ms), ("p90", \.p90Ms), ("p50", \.p50Ms)] {
            svg +=
                "<polyline class=\"\(name)\" fill=\"none\" stroke-width=\"1.5\" points=\"\(points { $0[keyPath: value] })\"/>\n"
        }
        svg += legend(["p50", "p90", "p99", "max"])
        return svg + "</svg>\n"
    }

    static func throughput(_ seconds: [LoadSecond], target: Double?) -> String {
        guard !seconds.isEmpty else { return "<p>No request finished.</p>\n" }
        let top = LoadCharts.niceCeiling(max(Double(seconds.map(\.count).max() ?? 1), target ?? 0))
        let slot = plotWidth / Double(seconds.count)
        var svg = open(label: "Requests finished per second")
        svg += axes(top: top, label: { LoadHTMLReport.number($0.rounded()) + "/s" }, seconds: seconds.count)
        for (index, second) in seconds.enumerated() where second.count > 0 {
            let barTop = y(Double(second.count), top: top)
            svg += String(
                format:
                    "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"><title>second %d: %d finished, %d errors</title></rect>\n",
                margin.left + Double(index) * slot + slot * 0.1, barTop, slot * 0.8,
                margin.top + plotHeight - barTop, index + 1, second.count, second.errors)
        }
        if let target, target > 0 {
            let line = y(target, top: top)
            svg += String(
                format: "<line class=\"target\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", margin.left, line,
                margin.left + plotWidth, line)
            svg += legend(["target"])
        }
        return svg + "</svg>\n"
    }

    static func histogram(_ bars: [LoadCharts.Bar]) -> String {
        guard let most = bars.map(\.count).max(), most > 0 else { return "<p>No request finished.</p>\n" }
        let top = LoadCharts.niceCeiling(Double(most))
        let slot = plotWidth / Double(bars.count)
        var svg = open(label: "Latency histogram")
        svg += axes(top: top, label: { LoadHTMLReport.number($0.rounded()) }, seconds: nil)
        for (index, bar) in bars.enumerated() {
            let x = margin.left + Double(index) * slot
            if bar.count > 0 {
                let barTop = y(Double(bar.count), top: top)
                svg +=
                    "<rect class=\"bar\" x=\"\(f(x + 1))\" y=\"\(f(barTop))\" width=\"\(f(max(1, slot - 2)))\" "
                    + "height=\"\(f(margin.top + plotHeight - barTop))\"><title>"
                    + "\(LoadCharts.label(milliseconds: bar.lowerMs)) – \(LoadCharts.label(milliseconds: bar.upperMs)): "
                    + "\(bar.count)</title></rect>\n"
            }
            if index % max(1, bars.count / 6) == 0 {
                svg +=
                    "<text x=\"\(f(x))\" y=\"\(f(height - 8))\">\(LoadCharts.label(milliseconds: bar.lowerMs))</text>\n"
            }
        }
        return svg + "</svg>\n"
    }

    /// A coordinate with one decimal.
    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func open(label: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" "
            + "aria-label=\"\(label)\">\n"
    }

    private static func y(_ value: Double, top: Double) -> Double {
        margin.top + plotHeight - min(1, max(0, value / top)) * plotHeight
    }

    /// The frame, four horizontal grid labels and, for time charts, seconds along the bottom.
    private static func axes(top: Double, label: (Double) -> String, seconds: Int?) -> String {
        var svg = String(
            format: "<path class=\"axis\" fill=\"none\" d=\"M%.1f %.1fV%.1fH%.1f\"/>\n", margin.left, margin.top,
            margin.top + plotHeight, margin.left + plotWidth)
        for tick in 0...4 {
            let value = top * Double(tick) / 4
            svg += "<text x=\"4\" y=\"\(f(y(value, top: top) + 4))\">\(label(value))</text>\n"
        }
        if let seconds, seconds > 0 {
            let every = max(1, Int((Double(seconds) / 8).rounded(.up)))
            for second in stride(from: 0, to: seconds, by: every) {
                let x = margin.left + plotWidth * Double(second) / Double(max(1, seconds - 1))
                svg += String(format: "<text x=\"%.1f\" y=\"%.1f\">%ds</text>\n", x, height - 8, second + 1)
            }
        }
        return svg
    }

    private static func legend(_ names: [String]) -> String {
        names.enumerated().map { index, name in
            let x = margin.left + plotWidth - Double(names.count - index) * 60
            return "<line class=\"\(name)\" x1=\"\(f(x))\" y1=\"\(f(margin.top + 6))\" x2=\"\(f(x + 14))\" "
                + "y2=\"\(f(margin.top + 6))\" stroke-width=\"2\"/><text x=\"\(f(x + 18))\" "
                + "y=\"\(f(margin.top + 10))\">\(name)</text>\n"
        }.joined()
    }
}

import Foundation
import Replay

/// The HTML report's charts as inline SVG (no script, no external file): latency percentiles
/// per second as lines, completions per second as bars against the target rate, and the latency
/// histogram on a logarithmic scale. Only numbers reach them, never a user's text.
enum LoadSVG {
    /// The charts' frame (720 × 220), shared with the run report's drawing (`SVGFrame`).
    static let frame = SVGFrame()
    static var margin: (left: Double, right: Double, top: Double, bottom: Double) { frame.margin }
    static var width: Double { frame.width }
    static var height: Double { frame.height }
    static var plotWidth: Double { frame.plotWidth }
    static var plotHeight: Double { frame.plotHeight }

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

    private static func f(_ value: Double) -> String { SVGFrame.f(value) }

    private static func open(label: String) -> String { frame.open(label: label) }

    private static func y(_ value: Double, top: Double) -> Double { frame.y(value, top: top) }

    private static func axes(top: Double, label: (Double) -> String, seconds: Int?) -> String {
        frame.axes(top: top, label: label, seconds: seconds)
    }

    private static func legend(_ names: [String]) -> String { frame.legend(names) }
}

import Foundation

/// The frame of an inline SVG chart, shared by the HTML reports of `lazer run` (the exchanges'
/// waterfalls) and `lazer load` (latency and throughput charts): its size and margins, the
/// mapping of values to coordinates, the axes with their labels and a legend. No script, no
/// external file; only numbers and fixed words reach it — labels made from a user's text must be
/// escaped (`HTMLText.escape`) by the caller.
package struct SVGFrame: Sendable {
    package var width: Double
    package var height: Double
    /// Room for the axis labels.
    package var margin: (left: Double, right: Double, top: Double, bottom: Double)

    package init(
        width: Double = 720, height: Double = 220,
        margin: (left: Double, right: Double, top: Double, bottom: Double) = (56, 12, 12, 30)
    ) {
        self.width = width
        self.height = height
        self.margin = margin
    }

    package var plotWidth: Double { width - margin.left - margin.right }
    package var plotHeight: Double { height - margin.top - margin.bottom }

    /// A coordinate with one decimal.
    package static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    /// The opening tag, with an accessible label (a fixed text).
    package func open(label: String, className: String? = nil) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\"\(className.map { " class=\"\($0)\"" } ?? "") "
            + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(label)\">\n"
    }

    /// The vertical coordinate of `value` on a scale from 0 to `top` (clamped to the plot).
    package func y(_ value: Double, top: Double) -> Double {
        margin.top + plotHeight - min(1, max(0, value / top)) * plotHeight
    }

    /// The horizontal coordinate of `value` on a scale from 0 to `right` (clamped to the plot).
    package func x(_ value: Double, right: Double) -> Double {
        margin.left + min(1, max(0, right > 0 ? value / right : 0)) * plotWidth
    }

    /// The frame, four horizontal grid labels and, for time charts, seconds along the bottom.
    package func axes(top: Double, label: (Double) -> String, seconds: Int?) -> String {
        var svg = String(
            format: "<path class=\"axis\" fill=\"none\" d=\"M%.1f %.1fV%.1fH%.1f\"/>\n", margin.left, margin.top,
            margin.top + plotHeight, margin.left + plotWidth)
        for tick in 0...4 {
            let value = top * Double(tick) / 4
            svg += "<text x=\"4\" y=\"\(Self.f(y(value, top: top) + 4))\">\(label(value))</text>\n"
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

    /// A legend in the top right corner: a short line in each name's class, then the name.
    package func legend(_ names: [String]) -> String {
        names.enumerated().map { index, name in
            let x = margin.left + plotWidth - Double(names.count - index) * 60
            return "<line class=\"\(name)\" x1=\"\(Self.f(x))\" y1=\"\(Self.f(margin.top + 6))\" "
                + "x2=\"\(Self.f(x + 14))\" y2=\"\(Self.f(margin.top + 6))\" stroke-width=\"2\"/>"
                + "<text x=\"\(Self.f(x + 18))\" y=\"\(Self.f(margin.top + 10))\">\(name)</text>\n"
        }.joined()
    }
}

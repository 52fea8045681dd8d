import Foundation

/// The run report's drawings as inline SVG on the shared `SVGFrame`: an exchange's phases as a
/// waterfall (each phase a bar starting where the one before ended) and the run's outcomes as one
/// stacked bar. Phase names reach the page escaped (a merged report is read from a file).
enum RunWaterfall {
    static let rowHeight = 16.0

    /// One row per phase, on a time axis from 0 to the exchange's end; a single `Total` bar when
    /// the transport measured no phases (the mock).
    static func svg(_ phases: [ExchangePhase], totalMs: Double) -> String {
        let rows = phases.isEmpty ? [ExchangePhase(name: "Total", milliseconds: totalMs)] : phases
        let end = max(rows.reduce(0) { $0 + $1.milliseconds }, totalMs, 0.001)
        let frame = SVGFrame(
            width: 720, height: Double(rows.count) * rowHeight + 22, margin: (left: 80, right: 90, top: 4, bottom: 18))
        var svg = frame.open(label: "Timeline", className: "waterfall")
        var start = 0.0
        for (index, phase) in rows.enumerated() {
            let y = frame.margin.top + Double(index) * rowHeight
            let x = frame.x(start, right: end)
            let width = max(1, frame.x(start + phase.milliseconds, right: end) - x)
            let name = HTMLText.escape(phase.name)
            let label = ReportText.milliseconds(phase.milliseconds)
            svg +=
                "<text x=\"4\" y=\"\(SVGFrame.f(y + 11))\">\(name)</text>"
                + "<rect class=\"phase \(name)\" x=\"\(SVGFrame.f(x))\" y=\"\(SVGFrame.f(y + 2))\" "
                + "width=\"\(SVGFrame.f(width))\" height=\"\(SVGFrame.f(rowHeight - 4))\"><title>\(name): \(label)</title></rect>"
                + "<text x=\"\(SVGFrame.f(x + width + 4))\" y=\"\(SVGFrame.f(y + 11))\">\(label)</text>\n"
            start += phase.milliseconds
        }
        let axis = frame.height - frame.margin.bottom + 12
        svg +=
            "<text x=\"\(SVGFrame.f(frame.margin.left))\" y=\"\(SVGFrame.f(axis))\">0</text>"
            + "<text x=\"\(SVGFrame.f(frame.margin.left + frame.plotWidth - 30))\" y=\"\(SVGFrame.f(axis))\">"
            + "\(ReportText.milliseconds(end))</text>\n"
        return svg + "</svg>\n"
    }

    /// The requests' outcomes as one bar, a segment per outcome in proportion to its count.
    static func outcomeBar(_ summary: RunReport.Summary) -> String {
        guard summary.requests > 0 else { return "" }
        let frame = SVGFrame(width: 720, height: 24, margin: (left: 0, right: 0, top: 2, bottom: 2))
        var svg = frame.open(label: "Outcomes", className: "outcomes")
        var start = 0.0
        let total = Double(summary.requests)
        let parts: [(String, Int)] = [
            ("passed", summary.passed), ("failed", summary.failed), ("error", summary.errors),
            ("notSent", summary.notSent), ("skipped", summary.skipped),
        ]
        for (name, count) in parts where count > 0 {
            let x = frame.x(start, right: total)
            let width = frame.x(start + Double(count), right: total) - x
            svg +=
                "<rect class=\"o-\(name)\" x=\"\(SVGFrame.f(x))\" y=\"2\" width=\"\(SVGFrame.f(width))\" height=\"20\">"
                + "<title>\(name): \(count)</title></rect>\n"
            start += Double(count)
        }
        return svg + "</svg>\n"
    }
}

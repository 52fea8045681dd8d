import Foundation
import Load
import TUI

/// The Load view over the panes: the form (rate and duration or virtual users, thresholds), then
/// the test live — target and achieved rate, in flight, requests/s, p50/p90/p99/max, the p99 of
/// each second as a sparkline, the latency histogram as bars, errors by kind — and at its end the
/// thresholds' verdicts. Every text from a collection or a server is drawn through the buffer,
/// which shows control and bidi characters by their visible form.
enum LoadView {
    static func render(_ state: ExplorerState, in area: Rect, frame: inout Frame) {
        guard let view = state.load, area.width >= 30, area.height >= 8 else { return }
        let theme = state.theme
        frame.buffer.fill(area, with: .blank(theme.base))
        let hints: String
        switch view.phase {
        case .form: hints = " Enter start · Tab next field · Esc close "
        case .running:
            hints =
                view.isStopping
                ? " s again: cancel the requests in flight · q hide "
                : " s stop (keeps the result) · Esc stop · q hide "
        case .finished: hints = " r new test · Esc close "
        }
        Block(
            title: Line(" Load test · \(view.title) ", style: theme[.title].bold),
            bottomTitle: Line(hints, style: theme[.muted]), borderStyle: theme[.focusedBorder], style: theme.base
        ).render(in: area, buffer: &frame.buffer)
        let inner = LoadLayout.inner(area)
        if view.phase == .form {
            renderForm(view, theme, inner: inner, frame: &frame)
            return
        }
        let lines = runLines(view, theme, width: inner.width, height: inner.height)
        for (offset, line) in lines.prefix(inner.height).enumerated() {
            _ = line.render(x: inner.x, y: inner.y + offset, width: inner.width, buffer: &frame.buffer)
        }
    }

    /// The form: each field's label and its value in a box, the focused one an editor with the
    /// terminal's cursor in it (laid out by `LoadLayout`), then the focused field's hint and why
    /// the texts do not make a test.
    private static func renderForm(_ view: LoadViewState, _ theme: Theme, inner: Rect, frame: inout Frame) {
        var lines = [
            Line("Sends the requests as lazer load does: checks counted, no history.", style: theme[.muted]),
            Line(""),
        ]
        for _ in LoadViewState.Form.Field.allCases { lines.append(Line("")) }
        lines.append(Line(""))
        lines.append(Line("\(view.form.field.label): \(view.form.field.hint)", style: theme[.muted]))
        lines.append(
            Line("Open model: a rate and a duration. Closed: virtual users and a duration.", style: theme[.muted]))
        if let problem = view.form.problem {
            lines += Paragraph.wrapped(Line("✗ " + problem, style: theme[.error]), width: inner.width)
        }
        for (offset, line) in lines.prefix(inner.height).enumerated() {
            _ = line.render(x: inner.x, y: inner.y + offset, width: inner.width, buffer: &frame.buffer)
        }
        for field in LoadViewState.Form.Field.allCases {
            let box = LoadLayout.box(field, inner: inner)
            guard box.y < inner.bottom, !box.isEmpty else { continue }
            let focused = field == view.form.field
            frame.buffer.write(
                field.label, x: inner.x, y: box.y, style: focused ? theme[.title].bold : theme[.text],
                maxX: box.x - 1)
            if focused {
                let input = TextInput(style: theme[.selection], selectionStyle: theme[.accent].reverse, focused: true)
                frame.render(input, in: box, laidOut: view.form[editor: field])
                frame.cursor = view.form[editor: field].screenCursor
            } else {
                frame.buffer.setStyle(theme[.cursorLine], in: box)
                frame.buffer.write(view.form[field], x: box.x, y: box.y, style: theme[.text], maxX: box.right)
            }
        }
    }

    private static func runLines(_ view: LoadViewState, _ theme: Theme, width: Int, height: Int) -> [Line] {
        let snapshot = view.snapshot ?? LoadSnapshot()
        var lines: [Line] = []
        var head =
            view.phase == .running
            ? (view.isStopping ? "stopping · " : "running · ") : (view.isStopping ? "stopped · " : "over · ")
        head += String(format: "%.1f s", snapshot.elapsed.seconds)
        if let target = snapshot.targetRate {
            head += String(format: " · target %.1f/s · achieved %.1f/s", target, snapshot.achievedRate)
        }
        head += " · in flight \(snapshot.inFlight)"
        lines.append(Line(head, style: theme[view.phase == .running ? .info : .title].bold))
        let checks = snapshot.checksTotal > 0 ? " · checks \(snapshot.checksPassed)/\(snapshot.checksTotal)" : ""
        let errors = snapshot.errors.reduce(0) { $0 + $1.count }
        lines.append(
            Line([
                Span(
                    "\(snapshot.finished) finished · \(snapshot.lastSecond) req/s last second · ", style: theme[.text]),
                Span("errors \(errors)", style: theme[errors > 0 ? .error : .muted]),
                Span(checks, style: theme[.muted]),
            ]))
        lines.append(
            Line(
                [("p50", snapshot.p50Ms), ("p90", snapshot.p90Ms), ("p99", snapshot.p99Ms), ("max", snapshot.maxMs)].map
                {
                    Span("\($0.0) \(LoadCharts.label(milliseconds: $0.1))   ", style: theme[.text].bold)
                }))
        lines.append(Line(""))
        let peak = snapshot.timeline.map(\.p99Ms).max() ?? 0
        lines.append(Line("p99 each second (top \(LoadCharts.label(milliseconds: peak)))", style: theme[.title]))
        lines.append(Line(sparkline(snapshot.timeline.suffix(max(1, width)).map(\.p99Ms)), style: theme[.info]))
        let tail = tailLines(view, snapshot, theme)
        let room = max(0, height - lines.count - tail.count - 2)
        let bars = histogramLines(snapshot.bars, theme, width: width, rows: room)
        if !bars.isEmpty {
            lines.append(Line("Latency histogram", style: theme[.title]))
            lines += bars
        }
        return lines + tail
    }

    /// Errors by kind, statuses and, at the end, the thresholds.
    private static func tailLines(_ view: LoadViewState, _ snapshot: LoadSnapshot, _ theme: Theme) -> [Line] {
        var lines: [Line] = []
        if !snapshot.statuses.isEmpty {
            lines.append(
                Line(
                    "statuses " + snapshot.statuses.map { "\($0.name) × \($0.count)" }.joined(separator: ", "),
                    style: theme[.muted]))
        }
        if snapshot.keptAlive > 0 {
            lines.append(
                Line(
                    "sent by keep-alive engine \(snapshot.keptAlive) · libcurl "
                        + "\(max(0, snapshot.finished - snapshot.keptAlive))",
                    style: theme[.muted]))
        }
        for error in snapshot.errors.prefix(3) {
            lines.append(Line("✗ \(error.name) × \(error.count)", style: theme[.error]))
        }
        if view.phase == .finished {
            for verdict in view.verdicts {
                lines.append(
                    Line(
                        "\(verdict.passed ? "✓" : "✗") threshold \(verdict.threshold.text): "
                            + "\(verdict.passed ? "passed" : "FAILED") (\(LoadSummary.shown(verdict)))",
                        style: theme[verdict.passed ? .success : .error]))
            }
        }
        return lines
    }

    /// The histogram's non-empty bars, neighbours merged until they fit in `rows`.
    private static func histogramLines(_ bars: [LoadCharts.Bar], _ theme: Theme, width: Int, rows: Int) -> [Line] {
        // Neighbours whose upper bounds print alike (1.61 and 1.64 ms are both "1.6 ms") are one bar:
        // two rows with the same label read as a mistake.
        var shown = bars.filter { $0.count > 0 }.reduce(into: [LoadCharts.Bar]()) { merged, bar in
            if let last = merged.last,
                LoadCharts.label(milliseconds: last.upperMs) == LoadCharts.label(milliseconds: bar.upperMs)
            {
                merged[merged.count - 1] = LoadCharts.Bar(
                    lowerMs: last.lowerMs, upperMs: bar.upperMs, count: last.count + bar.count)
            } else {
                merged.append(bar)
            }
        }
        guard rows > 0, !shown.isEmpty else { return [] }
        while shown.count > rows, shown.count > 1 {
            shown = stride(from: 0, to: shown.count, by: 2).map { index in
                guard index + 1 < shown.count else { return shown[index] }
                return LoadCharts.Bar(
                    lowerMs: shown[index].lowerMs, upperMs: shown[index + 1].upperMs,
                    count: shown[index].count + shown[index + 1].count)
            }
        }
        let most = shown.map(\.count).max() ?? 1
        let barWidth = max(1, width - 22)
        return shown.map { bar in
            let length = max(1, Int((Double(bar.count) / Double(most) * Double(barWidth)).rounded()))
            let label = ("≤ " + LoadCharts.label(milliseconds: bar.upperMs)).padding(
                toLength: 12, withPad: " ", startingAt: 0)
            return Line([
                Span(label, style: theme[.muted]), Span(String(repeating: "█", count: length), style: theme[.info]),
                Span(" \(bar.count)", style: theme[.text]),
            ])
        }
    }

    /// Values as block characters, the largest the full block.
    static func sparkline(_ values: [Double]) -> String {
        let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let top = values.max() ?? 0
        guard top > 0 else { return String(repeating: "▁", count: values.count) }
        return String(values.map { blocks[min(7, max(0, Int(($0 / top * 7).rounded())))] })
    }
}

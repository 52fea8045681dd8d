import Replay
import TUI
import Workspace

/// The Runner view over the panes: a line per request of the run as it finishes (✓/✗, method,
/// `Folder/Name`, status, time), the failing checks under a failed request (expected against
/// actual), a translated failure under one without response, and the summary at the bottom.
enum RunnerView {
    static func render(_ state: ExplorerState, in area: Rect, buffer: inout Buffer) {
        guard let runner = state.runner, area.width >= 20, area.height >= 5 else { return }
        let theme = state.theme
        buffer.fill(area, with: .blank(theme.base))
        var title = " Runner · \(runner.title)"
        if let environment = runner.environment { title += " · env \(environment)" }
        let hints =
            runner.isRunning
            ? " Enter open · c cancel · Esc hide (F8 shows) " : " Enter open · r run again · Esc close (F8 shows) "
        Block(
            title: Line(title + " ", style: theme[.title].bold), bottomTitle: Line(hints, style: theme[.muted]),
            borderStyle: theme[.focusedBorder], style: theme.base
        ).render(in: area, buffer: &buffer)
        let progress = " \(progressText(runner, now: state.now)) "
        let progressWidth = CharacterWidth.of(progress)
        if area.width > progressWidth + CharacterWidth.of(title) + 6 {
            buffer.write(
                progress, x: area.right - 2 - progressWidth, y: area.y,
                style: theme[runner.isRunning ? .info : .title].bold)
        }

        let inner = area.inset(horizontal: 1, vertical: 1)
        let lines = RunnerLayout.displayLines(runner, width: inner.width, state)
        let listHeight = max(1, inner.height - 2)
        for (offset, display) in lines.dropFirst(runner.scroll).prefix(listHeight).enumerated() {
            let y = inner.y + offset
            _ = display.line.render(x: inner.x, y: y, width: inner.width, buffer: &buffer)
            if display.isRequest, display.row == runner.selected {
                buffer.setStyle(theme[.selection], in: Rect(x: inner.x, y: y, width: inner.width, height: 1))
            }
        }
        let summary = summaryLines(runner, theme, width: inner.width)
        for (offset, line) in summary.enumerated() {
            _ = line.render(x: inner.x, y: inner.bottom - summary.count + offset, width: inner.width, buffer: &buffer)
        }
    }

    /// `⠋ 3/8 · 0.4 s` while running, `8/8 · 0.03 s` when done.
    static func progressText(_ runner: RunnerState, now: Duration) -> String {
        let elapsed = runner.duration ?? (now - runner.startedAt)
        let count = "\(runner.finishedCount)/\(runner.rows.count) · \(DurationText.format(elapsed))"
        guard runner.isRunning else { return runner.isCancelling ? "cancelled · " + count : count }
        return RunnerLayout.spinner(elapsed) + " " + (runner.isCancelling ? "cancelling · " : "") + count
    }

    /// The summary on one line, or — when every kind of outcome makes it wider than the view (80
    /// columns) — the requests on one and the checks on the next, in place of the blank line above.
    private static func summaryLines(_ runner: RunnerState, _ theme: Theme, width: Int) -> [Line] {
        let requests = requestsSummary(runner, theme)
        let checks = checksSummary(runner, theme)
        let separator = Span(" · ", style: checks.spans.first?.style ?? theme[.muted])
        let oneLine = Line(requests.spans + [separator] + checks.spans)
        if oneLine.width <= width { return [oneLine] }
        if requests.width <= width, checks.width <= width { return [requests, checks] }
        // Narrower still (60 columns): the whole summary wrapped on the two lines (the requests'
        // line was cut at "1 not").
        return Array(Paragraph.wrapped(oneLine, width: width).prefix(2))
    }

    private static func checksSummary(_ runner: RunnerState, _ theme: Theme) -> Line {
        let summary = runner.summary
        let text = "\(summary.checks) checks" + (summary.checksFailed > 0 ? ", \(summary.checksFailed) failed" : "")
        return Line([Span(text, style: theme[summary.checksFailed > 0 ? .error : .muted])])
    }

    private static func requestsSummary(_ runner: RunnerState, _ theme: Theme) -> Line {
        let summary = runner.summary
        var spans = [Span("\(runner.rows.count) requests: ", style: theme[.text].bold)]
        spans.append(Span("\(summary.passed) passed", style: theme[.success]))
        for (count, text) in [
            (summary.failed, "failed"), (summary.errors, "without response"), (summary.notSent, "not sent"),
        ] where count > 0 {
            spans.append(Span(", \(count) \(text)", style: theme[.error]))
        }
        if summary.skipped > 0 { spans.append(Span(", \(summary.skipped) skipped", style: theme[.muted])) }
        let waiting = runner.rows.count - runner.finishedCount
        if waiting > 0 { spans.append(Span(", \(waiting) to go", style: theme[.info])) }
        return Line(spans)
    }
}

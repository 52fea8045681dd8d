import Replay
import TUI
import Workspace

/// The Runner view over the panes: a line per request of the run as it finishes (✓/✗, method,
/// `Folder/Name`, status, time), the failing checks under a failed request (expected against
/// actual), a translated failure under one without response, and the summary at the bottom.
enum RunnerView {
    /// One line on screen: a request row (selectable) or a detail line under it.
    struct DisplayLine {
        var row: Int
        var isRequest: Bool
        var line: Line
    }

    /// Where the view is drawn: over the panes, between the top line and the status bar.
    static func area(_ screen: Size) -> Rect {
        Rect(x: 0, y: 1, width: screen.width, height: max(0, screen.height - 2))
    }

    /// The request row drawn at `position` (a detail line counts as its request), as the last
    /// frame laid the list out; `nil` outside the list.
    static func row(at position: Position, _ state: ExplorerState) -> Int? {
        guard let runner = state.runner else { return nil }
        let area = area(state.size)
        guard area.width >= 20, area.height >= 5 else { return nil }
        let inner = area.inset(horizontal: 1, vertical: 1)
        let listHeight = max(1, inner.height - 2)
        guard position.x >= inner.x, position.x < inner.right, position.y >= inner.y,
            position.y < inner.y + listHeight
        else { return nil }
        let lines = displayLines(runner, width: inner.width, state)
        let index = runner.scroll + position.y - inner.y
        return lines.indices.contains(index) ? lines[index].row : nil
    }

    static func render(_ state: inout ExplorerState, in area: Rect, buffer: inout Buffer) {
        guard var runner = state.runner, area.width >= 20, area.height >= 5 else { return }
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
        let lines = displayLines(runner, width: inner.width, state)
        let listHeight = max(1, inner.height - 2)
        // Keep the selected request's line (and, when they fit, its details) on screen.
        let selectedLine = lines.firstIndex { $0.isRequest && $0.row == runner.selected } ?? 0
        let selectedEnd =
            (lines.indices.last { $0 >= selectedLine && lines[$0].row == runner.selected } ?? selectedLine)
        if selectedLine < runner.scroll { runner.scroll = selectedLine }
        if selectedEnd >= runner.scroll + listHeight {
            runner.scroll = min(selectedLine, selectedEnd - listHeight + 1)
        }
        runner.scroll = max(0, min(runner.scroll, max(0, lines.count - listHeight)))
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
        state.runner?.scroll = runner.scroll
    }

    /// `⠋ 3/8 · 0.4 s` while running, `8/8 · 0.03 s` when done.
    static func progressText(_ runner: RunnerState, now: Duration) -> String {
        let elapsed = runner.duration ?? (now - runner.startedAt)
        let count = "\(runner.finishedCount)/\(runner.rows.count) · \(DurationText.format(elapsed))"
        guard runner.isRunning else { return runner.isCancelling ? "cancelled · " + count : count }
        return spinner(elapsed) + " " + (runner.isCancelling ? "cancelling · " : "") + count
    }

    private static func spinner(_ elapsed: Duration) -> String {
        let tenths = Int(elapsed.components.seconds * 10 + elapsed.components.attoseconds / 100_000_000_000_000_000)
        return Spinner.frames[tenths % Spinner.frames.count]
    }

    static func displayLines(_ runner: RunnerState, width: Int, _ state: ExplorerState) -> [DisplayLine] {
        let theme = state.theme
        let statusWidth = min(26, max(10, width / 5))
        let timeWidth = 9
        let pathWidth = max(8, width - 2 - 8 - statusWidth - timeWidth)
        let running = runner.isRunning ? runner.rows.firstIndex { $0.result == nil } : nil
        var lines: [DisplayLine] = []
        for (index, row) in runner.rows.enumerated() {
            let result = row.result
            let (marker, markerRole) = mark(result, inFlight: index == running, runner, state.now)
            var status = ""
            var statusRole = ThemeRole.muted
            var time = ""
            switch result?.status {
            case .passed?, .failed?:
                if let code = result?.responseStatus {
                    status = "\(code) \(result?.responseReason ?? "")"
                    statusRole = .status(code)
                }
                time = DurationText.format(result?.duration ?? .zero)
            case .error?:
                status = "no response"
                statusRole = .error
                time = DurationText.format(result?.duration ?? .zero)
            case .notSent?:
                status = "not sent"
                statusRole = .error
            case .skipped?:
                status = "skipped"
            case nil:
                status = index == running ? (runner.isCancelling ? "cancelling…" : "running…") : ""
                statusRole = .info
            }
            if let attempts = result?.attempts, attempts > 1 { time = "\(attempts)× " + time }
            let spans = [
                Span(marker + " ", style: theme[markerRole]),
                Span(String(row.method.prefix(7)).padding(7), style: theme[.method(row.method)].bold),
                Span(fit(row.path, pathWidth).padding(pathWidth), style: theme[.text]),
                Span(fit(status, statusWidth).padding(statusWidth), style: theme[statusRole]),
                Span(time.padding(timeWidth), style: theme[.muted]),
            ]
            lines.append(DisplayLine(row: index, isRequest: true, line: Line(spans)))
            // Wrapped (at 80 columns a hint or an undefined variable's message ran past the edge),
            // continued under the detail's text.
            for detail in details(result, theme) {
                for (part, piece) in Paragraph.wrapped(detail, width: max(10, width - 6)).enumerated() {
                    let line = part == 0 ? piece : Line([Span("      ")] + piece.spans, style: piece.style)
                    lines.append(DisplayLine(row: index, isRequest: false, line: line))
                }
            }
        }
        return lines
    }

    private static func mark(
        _ result: RequestResult?, inFlight: Bool, _ runner: RunnerState, _ now: Duration
    ) -> (String, ThemeRole) {
        switch result?.status {
        case .passed?: ("✓", .success)
        case .failed?: ("✗", .error)
        case .error?, .notSent?: ("!", .error)
        case .skipped?: ("-", .muted)
        case nil: inFlight ? (spinner(now - runner.startedAt), .info) : (" ", .muted)
        }
    }

    /// What is shown under a request that did not pass.
    private static func details(_ result: RequestResult?, _ theme: Theme) -> [Line] {
        guard let result else { return [] }
        let indent = "      "
        switch result.status {
        case .failed:
            return result.checks.filter { !$0.passed }.map { check in
                Line([
                    Span(indent + "✗ ", style: theme[.error]),
                    Span(check.label + ": ", style: theme[.text].bold),
                    Span("expected ", style: theme[.muted]), Span(check.expected, style: theme[.success]),
                    Span(", actual ", style: theme[.muted]), Span(check.actual, style: theme[.error]),
                ])
            }
        case .error:
            guard let failure = result.failure else { return [] }
            // "transfer" and "request" are the report's catch-alls, not a stage a user can place
            // ("Cancelled (while transfer)"): said only for a stage the transport named.
            let stage = ["transfer", "request"].contains(failure.stage) ? "" : " (while \(failure.stage))"
            return [
                Line([
                    Span(indent + failure.title, style: theme[.error].bold),
                    Span(stage, style: theme[.muted]),
                ]),
                Line(indent + failure.hint, style: theme[.muted]),
            ]
        case .notSent:
            return result.problems.map { Line(indent + $0, style: theme[.warning]) }
        case .passed, .skipped:
            return []
        }
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

    /// `text` cut to `width` columns with `…`.
    private static func fit(_ text: String, _ width: Int) -> String {
        guard CharacterWidth.of(text) > width - 1 else { return text }
        var cut = ""
        for character in text {
            if CharacterWidth.of(cut + String(character)) > width - 2 { break }
            cut.append(character)
        }
        return cut + "…"
    }
}

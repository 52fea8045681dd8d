import Replay
import TUI
import Workspace

/// Where the Runner view's lines go: its area over the panes, a line per request and the detail
/// lines under it (which request each screen line belongs to, for the mouse), and the scroll that
/// keeps the selected request on screen (`settle`, in the layout pass).
enum RunnerLayout {
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

    /// Keeps the selected request's line (and, when they fit, its details) on screen, and never
    /// scrolls past the last screenful.
    static func settle(_ state: inout ExplorerState) {
        guard var runner = state.runner, runner.isShown else { return }
        let area = area(state.size)
        guard area.width >= 20, area.height >= 5 else { return }
        let inner = area.inset(horizontal: 1, vertical: 1)
        let lines = displayLines(runner, width: inner.width, state)
        let listHeight = max(1, inner.height - 2)
        let selectedLine = lines.firstIndex { $0.isRequest && $0.row == runner.selected } ?? 0
        let selectedEnd =
            (lines.indices.last { $0 >= selectedLine && lines[$0].row == runner.selected } ?? selectedLine)
        if selectedLine < runner.scroll { runner.scroll = selectedLine }
        if selectedEnd >= runner.scroll + listHeight {
            runner.scroll = min(selectedLine, selectedEnd - listHeight + 1)
        }
        runner.scroll = max(0, min(runner.scroll, max(0, lines.count - listHeight)))
        state.runner?.scroll = runner.scroll
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

    static func spinner(_ elapsed: Duration) -> String {
        let tenths = Int(elapsed.components.seconds * 10 + elapsed.components.attoseconds / 100_000_000_000_000_000)
        return Spinner.frames[tenths % Spinner.frames.count]
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

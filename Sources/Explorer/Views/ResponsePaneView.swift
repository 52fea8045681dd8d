import HTTPCore
import TUI
import Workspace

/// The response pane: the status line (status, time, size, version, live or mock, or the stage
/// while in flight), the tabs, and the tab's content; an error card when no response came.
enum ResponsePaneView {
    /// Which lines of a card taller than the pane are shown, in the pane's bottom border (at
    /// 80×24 the details and the timeline were below the fold without a sign).
    private static func scrollFooter(
        _ count: Int, _ scroll: Int, _ height: Int, _ rect: Rect, _ theme: Theme, _ buffer: inout Buffer
    ) {
        guard count > height, height > 0 else { return }
        let last = min(count, scroll + height)
        let text = " \(scroll + 1)–\(last) of \(count) \(last < count ? "↓" : "↑") j/k "
        let width = CharacterWidth.of(text)
        guard width + 4 <= rect.width else { return }
        buffer.write(text, x: rect.right - width - 2, y: rect.bottom - 1, style: theme[.muted], maxX: rect.right - 1)
    }

    static func render(_ state: ExplorerState, in rect: Rect, frame: inout Frame) {
        let theme = state.theme
        frame.render(ExplorerView.paneBlock("Response", .response, state), in: rect)
        let parts = ExplorerLayout.responseParts(rect)
        renderStatus(state, in: parts.status, buffer: &frame.buffer)
        let below = ResponseLayout.below(parts)
        // A send waiting for a person shows its card over whatever the pane showed (a past answer
        // opened from history too): the code or the address is nowhere else.
        if let exchange = state.exchange, exchange.inFlight != nil, let authorization = exchange.trace?.deviceCode {
            let lines = WaitingCardLines.lines(
                head: DeviceCodeCard.head(authorization, theme),
                advice: exchange.trace.map { DeviceCodeCard.advice($0, now: state.now, theme) } ?? [],
                state, width: below.width, height: below.height)
            ResponseContentView.lines(lines, from: 0, in: below, buffer: &frame.buffer)
            return
        }
        if let exchange = state.exchange, exchange.inFlight != nil, let prompt = exchange.trace?.authorization {
            let lines = WaitingCardLines.lines(
                head: BrowserAuthorizationCard.lines(prompt, width: below.width, theme), advice: [], state,
                width: below.width, height: below.height)
            ResponseContentView.lines(lines, from: 0, in: below, buffer: &frame.buffer)
            return
        }
        // A stream arriving: its events, live, in place of the (stale) result.
        if let stream = state.shownStream, state.exchange?.liveStream != nil, state.response.tab == .tree {
            if let index = state.response.openedStreamEvent {
                ResponseContentView.renderOpenedEvent(state, index, in: below, frame: &frame)
            } else {
                StreamView.render(state, stream, in: below, frame: &frame)
            }
            return
        }
        if let stream = state.shownStream, let head = ResponseLayout.failedStreamHead(state, width: below.width) {
            // At most a third of the pane: the events are what the user came back for.
            let shown = head.prefix(max(1, below.height / 3))
            ResponseContentView.lines(Array(shown), from: 0, in: below, buffer: &frame.buffer)
            let rest = Rect(
                x: below.x, y: below.y + shown.count, width: below.width, height: max(0, below.height - shown.count))
            if let index = state.response.openedStreamEvent {
                ResponseContentView.renderOpenedEvent(state, index, in: rest, frame: &frame)
            } else {
                StreamView.render(state, stream, in: rest, frame: &frame)
            }
            return
        }
        if let lines = ResponseLayout.cardLines(state, width: below.width) {
            // Scrolled like the other views: at 80×24 an error card's details and the timeline
            // sit below the fold.
            ResponseContentView.lines(lines, from: state.response.scroll, in: below, buffer: &frame.buffer)
            scrollFooter(lines.count, state.response.scroll, below.height, rect, theme, &frame.buffer)
            return
        }
        guard let result = state.shownResult, case .response(let response) = result.outcome else {
            let message =
                state.exchange?.inFlight != nil
                ? "" : state.selection == nil ? "" : "Not sent yet. F5, Ctrl+R or Alt+Enter sends it."
            frame.buffer.write(message, x: parts.tabs.x, y: parts.tabs.y, style: theme[.muted], maxX: parts.tabs.right)
            return
        }
        let timeline = TimelineLines.input(state, result: result)
        frame.render(
            Tabs(
                TabTitles.response(state, width: parts.tabs.width).map { Line($0) },
                selected: state.response.tab.rawValue,
                style: theme[.muted],
                highlightStyle: state.focus == .response ? theme[.selection] : theme[.title].bold),
            in: parts.tabs)
        let content = ResponseLayout.content(response, in: parts.content)
        let banner = ResponseLayout.banner(response, in: parts.content)
        for (index, piece) in banner.pieces.prefix(banner.rows).enumerated() {
            let text = piece.spans.map(\.text).joined()
            let fitted =
                index == banner.rows - 1 && banner.pieces.count > banner.rows
                ? String(text.reversed().drop { $0 == " " }.reversed()) + " "
                    + banner.pieces[banner.rows].spans.map(\.text).joined()
                : text
            _ = frame.buffer.writeFitted(
                fitted, x: parts.content.x, y: parts.content.y + index,
                style: theme[ThemeRole.status(response.status)], maxX: parts.content.right)
        }
        // The Timeline tab shows the send in flight, not the stale answer: not dimmed.
        let dims = state.exchange?.isStale == true && !(state.response.tab == .timeline && timeline?.live != nil)
        if dims {
            frame.buffer.setStyle(Style(modifiers: .dim), in: content)
        }
        ResponseContentView.render(state, response, result, in: content, frame: &frame)
        if dims {
            frame.buffer.setStyle(theme[.muted].dim, in: content)
        }
    }

    private static func renderStatus(_ state: ExplorerState, in area: Rect, buffer: inout Buffer) {
        let theme = state.theme
        var x = area.x
        // A history entry opened for a request not sent in this session has no exchange.
        if let exchange = state.exchange, let generation = exchange.inFlight {
            _ = generation
            let elapsed = state.now - exchange.startedAt
            let frameIndex = Int(
                elapsed.components.seconds * 10 + elapsed.components.attoseconds / 100_000_000_000_000_000)
            let spinner = Spinner.frames[frameIndex % Spinner.frames.count]
            if let stream = exchange.liveStream {
                // A stream arriving: the response is open, events come (the list says how many).
                x = buffer.write(
                    "● streaming · \(DurationText.format(elapsed))", x: x, y: area.y, style: theme[.info].bold,
                    maxX: area.right)
                x = buffer.write(
                    exchange.isMock ? "  mock" : "  live", x: x, y: area.y, style: theme[.muted], maxX: area.right)
                buffer.write(
                    stream.stopping ? "  stopping…" : "  Esc stops", x: x, y: area.y, style: theme[.muted],
                    maxX: area.right)
                return
            }
            let stage = exchange.stage.label
            x = buffer.write(
                "\(spinner) \(stage) · \(DurationText.format(elapsed))", x: x, y: area.y,
                style: theme[.info].bold, maxX: area.right)
            x = buffer.write(
                exchange.isMock ? "  mock" : "  live", x: x, y: area.y, style: theme[.muted], maxX: area.right)
            if exchange.isStale {
                x = buffer.write(
                    "  (below: the previous answer, stale)", x: x, y: area.y, style: theme[.muted], maxX: area.right)
            }
            x = buffer.write("  Esc cancels", x: x, y: area.y, style: theme[.muted], maxX: area.right)
            return
        }
        guard let result = state.shownResult else { return }
        if let entry = state.response.openedHistory {
            x = buffer.write(
                "⟲ \(ISOTimeText.short(entry.date)) ", x: x, y: area.y, style: theme[.info].bold, maxX: area.right)
        }
        switch result.outcome {
        case .response(let response):
            let status = "\(response.status) \(response.reason)"
            x = buffer.write(
                " " + status + " ", x: x, y: area.y, style: theme[ThemeRole.status(response.status)].reverse.bold,
                maxX: area.right)
            let total = response.timings.total.map(DurationText.format) ?? "–"
            var details = [total] + sizeParts(response, result)
            if state.response.openedHistory == nil {
                let kind = result.isMock ? "mock" : "live"
                details += [response.httpVersion, result.environmentName.map { "\(kind) (\($0))" } ?? kind]
            } else {
                // Not "recorded (mock)": that reads as an environment called recorded (the name `M`
                // suggests for a new mock environment).
                details.append("from history")
                if let name = result.environmentName { details.append("env \(name)") }
            }
            // Each part whole or not at all (at 80 columns the line stopped at "mock (d"); the
            // content type, last, may end in ….
            for part in details.map({ " · " + $0 }) {
                guard x + CharacterWidth.of(part) <= area.right else { return }
                x = buffer.write(part, x: x, y: area.y, style: theme[.text], maxX: area.right)
            }
            if let type = response.contentType, area.right - x >= 8 {
                _ = buffer.writeFitted(" · " + type, x: x, y: area.y, style: theme[.muted], maxX: area.right)
            }
        case .failure(let card):
            x = buffer.write(" no response ", x: x, y: area.y, style: theme[.error].reverse.bold, maxX: area.right)
            var details = card.elapsed.map { " · " + DurationText.format($0) } ?? ""
            if state.response.openedHistory == nil {
                details += result.isMock ? " · mock" : " · live"
                if let name = result.environmentName { details += " (\(name))" }
            } else {
                // As a response from history says it: history does not keep whether it was a mock.
                details += " · from history"
                if let name = result.environmentName { details += " · env \(name)" }
            }
            buffer.write(details, x: x, y: area.y, style: theme[.text], maxX: area.right)
        case .cancelled(_, let elapsed):
            x = buffer.write(" cancelled ", x: x, y: area.y, style: theme[.warning].reverse.bold, maxX: area.right)
            buffer.write(" · " + DurationText.format(elapsed), x: x, y: area.y, style: theme[.text], maxX: area.right)
        }
    }

    /// The body's size; a WebSocket conversation's (its body is the transcript of every row) is
    /// what came in, by messages and bytes, and what went out: `1.2 KB in 12 ↓`, `3 ↑`.
    private static func sizeParts(_ response: ReceivedResponse, _ result: ExchangeResult) -> [String] {
        guard let progress = result.trace?.bodyProgress, let messages = progress.messages else {
            return [ByteCount.format(response.size)]
        }
        return [
            "\(ByteCount.format(progress.bytes)) in \(CountText.format(messages.received)) ↓",
            "\(CountText.format(messages.sent)) ↑",
        ]
    }
}

import HTTPCore
import JSONTree
import TUI
import Workspace

/// The response pane's layout: the page size of its content, the lines shown in place of the tabs
/// (a first send's live timeline, an error card, a cancelled send), the banner above a 4xx or 5xx
/// body, the tree's search and filter line; `settle` keeps the scroll offsets within what there is
/// to show and the tree's selection on screen.
enum ResponseLayout {
    /// Where a card's lines go: the tabs line and the content below it.
    static func below(_ parts: (status: Rect, tabs: Rect, content: Rect)) -> Rect {
        Rect(x: parts.tabs.x, y: parts.tabs.y, width: parts.tabs.width, height: parts.content.bottom - parts.tabs.y)
    }

    /// The lines shown in place of the tabs, scrolled by `response.scroll`: the live timeline of a
    /// request's first send, an error card, a cancelled send's card; nil when the tabs show (or
    /// nothing does).
    static func cardLines(_ state: ExplorerState, width: Int) -> [Line]? {
        let theme = state.theme
        guard let result = state.shownResult else {
            // The first send of this request: its timeline, live, until the answer comes.
            return TimelineLines.input(state, result: nil).map { TimelineLines.lines($0, width: width, theme) }
        }
        let timeline = TimelineLines.input(state, result: result)
        switch result.outcome {
        case .failure(let card):
            return ErrorCardLines.lines(card, result: result, timeline: timeline, state, width: width)
        case .cancelled(let stage, let elapsed):
            var shown = [
                Line(
                    "✖ Cancelled after \(DurationText.format(elapsed)), while \(stage). r sends it again.",
                    style: theme[.warning])
            ]
            // Where it stopped, stage by stage.
            if let timeline { shown += [Line("")] + TimelineLines.lines(timeline, width: width, theme) }
            return shown
        case .response:
            return nil
        }
    }

    /// A stream that ended by an error after events had come (a connection reset, a WebSocket cut
    /// without a close frame, a subscription dropped): the card's title and explanation above the
    /// events, which the card alone hid for good; `t` opens the whole card instead.
    static func failedStreamHead(_ state: ExplorerState, width: Int) -> [Line]? {
        guard state.response.openedHistory == nil, state.response.tab == .tree, !state.response.detailsOpen,
            let exchange = state.exchange, exchange.inFlight == nil, let result = exchange.result,
            case .failure(let card) = result.outcome, let stream = state.shownStream,
            stream.generation == result.generation, stream.total > 0
        else { return nil }
        let theme = state.theme
        var lines = [
            Line([
                Span("✖ " + card.translation.title, style: theme[.error].bold), Span("   "),
                Span("r", style: theme[.keyHint]), Span(" retry  ", style: theme[.muted]),
                Span("t", style: theme[.keyHint]), Span(" the whole card", style: theme[.muted]),
            ])
        ]
        lines += Paragraph.wrapped(Line(card.translation.explanation, style: theme[.text]), width: max(1, width))
        return lines
    }

    /// A 4xx or 5xx status's banner above the content: two lines when it needs them and the pane
    /// has room, else one (ending in …); none in a content of two lines or less.
    static func banner(_ response: ReceivedResponse, in content: Rect) -> (pieces: [Line], rows: Int) {
        guard let banner = response.banner, content.height > 2 else { return ([], 0) }
        let line = "⚠ \(banner.title) — \(banner.hint)"
        let pieces = Paragraph.wrapped(Line(line), width: max(1, content.width))
        return (pieces, pieces.count > 1 && content.height > 6 ? 2 : 1)
    }

    /// The tab's content below the banner.
    static func content(_ response: ReceivedResponse, in content: Rect) -> Rect {
        let rows = banner(response, in: content).rows
        return Rect(x: content.x, y: content.y + rows, width: content.width, height: content.height - rows)
    }

    /// The tree shows its search or filter line above it.
    static func treeHasQueryLine(_ state: ExplorerState) -> Bool {
        let search = state.response.search
        let filter = state.response.filter
        return search.isEditing || filter.isEditing || filter.applied != nil || filter.error != nil
    }

    /// A GraphQL answer with errors has a line above the tree saying so (issue 28).
    static func treeHasGraphQLLine(_ state: ExplorerState) -> Bool {
        guard state.response.tree != nil, let graphql = state.response.graphql else { return false }
        return !graphql.errors.isEmpty
    }

    /// The GraphQL errors list's rows under its line: one per error, up to a third of the tab's
    /// height (at most 5, at least 1); the tree keeps the rest.
    static func graphqlErrorRows(_ state: ExplorerState, in area: Rect) -> Int {
        guard treeHasGraphQLLine(state), let count = state.response.graphql?.errors.count else { return 0 }
        let room = area.height - (treeHasQueryLine(state) ? 1 : 0) - 1
        return min(count, max(1, min(5, room / 3)))
    }

    /// The GraphQL line and its errors list: below the search or filter line (empty when the answer
    /// has no errors).
    static func graphqlArea(_ state: ExplorerState, in area: Rect) -> Rect {
        guard treeHasGraphQLLine(state) else { return Rect(x: area.x, y: area.y, width: area.width, height: 0) }
        let top = treeHasQueryLine(state) ? 1 : 0
        let height = min(max(0, area.height - top), 1 + graphqlErrorRows(state, in: area))
        return Rect(x: area.x, y: area.y + top, width: area.width, height: height)
    }

    /// The first error the list shows: the selected one stays in its rows.
    static func firstShownGraphQLError(selected: Int, rows: Int) -> Int {
        rows > 0 && selected >= rows ? selected - rows + 1 : 0
    }

    /// The tree's rows: below the search or filter line and the GraphQL errors when they show.
    static func treeArea(_ state: ExplorerState, in area: Rect) -> Rect {
        let lines =
            (treeHasQueryLine(state) ? 1 : 0) + graphqlArea(state, in: area).height
            + (partialLine(state) != nil ? 1 : 0)
        guard lines > 0 else { return area }
        return Rect(x: area.x, y: area.y + lines, width: area.width, height: max(0, area.height - lines))
    }

    /// The line above the tree of a body still arriving (the row just above the tree's rows).
    static func partialLine(_ state: ExplorerState) -> String? {
        guard state.response.tree != nil, let partial = state.shownResult?.response?.partial else { return nil }
        // The status line counts the bytes received; this says what the tree is, and how many
        // matches a search that is on has found in it so far (it grows with the tree).
        let search = state.response.search
        guard !search.lastPattern.isEmpty, !search.isEditing else {
            return partial.full
                ? "◐ partial: the first \(ByteCount.format(Int64(partial.shown))); the rest when all has come"
                : "◐ partial: what has come so far, growing as the body arrives"
        }
        // Shorter, so the count fits a narrow pane.
        let what = partial.full ? " (the first \(ByteCount.format(Int64(partial.shown))))" : ""
        return "◐ partial\(what) · /\(search.lastPattern): "
            + "\(ResponseReducer.matchCount(search.matches.count)) so far (n/N)"
    }

    /// The search's or filter's text field: after "/ " or "| " on the content's first row.
    static func queryField(in area: Rect) -> Rect {
        let line = area.row(0)
        let x = line.x + 2
        return Rect(x: x, y: line.y, width: max(0, line.right - x), height: 1)
    }

    /// The `/` field: over a stream's list it searches the events, else the tree.
    static func searchInput(_ state: ExplorerState) -> TextInput {
        queryInput(
            state,
            placeholder: showsStreamList(state)
                ? "search the events' data, names and ids; Enter finds" : "search keys and values, Enter finds")
    }

    /// The `|` field: over a stream's list it keeps events, else it narrows the tree.
    static func filterInput(_ state: ExplorerState) -> TextInput {
        queryInput(
            state,
            placeholder: showsStreamList(state)
                ? "JSONPath: keep the events it selects something in (empty: all)"
                : "JSONPath, e.g. $..id (empty: no filter)")
    }

    private static func queryInput(_ state: ExplorerState, placeholder: String) -> TextInput {
        let theme = state.theme
        return TextInput(
            placeholder: placeholder, style: theme.base, placeholderStyle: theme[.muted],
            selectionStyle: theme[.selection], focused: true)
    }

    /// The Tree tab shows a stream's list (not one of its events opened as a tree).
    static func showsStreamList(_ state: ExplorerState) -> Bool {
        state.shownStream != nil && state.response.openedStreamEvent == nil
    }

    /// The Timeline tab: the send's trace, else the response's timings as a waterfall.
    static func timelineTabLines(
        _ state: ExplorerState, _ response: ReceivedResponse, _ result: ExchangeResult, width: Int
    ) -> [Line] {
        let input = TimelineLines.input(state, result: result)
        let lines =
            input.map { TimelineLines.lines($0, width: width, state.theme) }
            ?? TimingLines.lines(response.timings, isMock: result.isMock, width: width, state.theme)
        guard let stream = state.shownStream, stream.generation == result.generation else { return lines }
        let eachConnection = input.map { !$0.trace.earlierAttempts.isEmpty } ?? false
        return streamLines(stream, eachConnection: eachConnection, state.theme) + [Line("")] + lines
    }

    /// The stream's life in one line, above the Timeline: "stream  3 events · first +0.100s · last
    /// +2.100s · closed by the server"; a stream connected again says how often, and whose phases
    /// are below: the last connection's under a line for each earlier one (`eachConnection`, when
    /// the transport reported them), else the first connection's.
    static func streamLines(_ stream: StreamLog, eachConnection: Bool = false, _ theme: Theme) -> [Line] {
        var parts = [stream.total == 1 ? "1 event" : "\(CountText.format(stream.total)) events"]
        if let reconnected = stream.reconnectedDescription { parts.append(reconnected) }
        if stream.firstIndex == 0, let first = stream.events.first { parts.append("first +" + seconds(first.offset)) }
        if stream.total > 0 { parts.append("last +" + seconds(stream.lastOffset)) }
        parts.append(
            stream.endDescription
                ?? (stream.stopping ? "stopping" : stream.reconnectingAfter != nil ? "reconnecting" : "open"))
        let line = Line([
            Span("stream  ", style: theme[.info].bold), Span(parts.joined(separator: " · "), style: theme[.text]),
        ])
        guard stream.reconnections > 0 else { return [line] }
        let whose =
            eachConnection
            ? "the phases below are the last connection's, the earlier ones a line each"
            : "the phases below are the first connection's"
        return [line, Line("        " + whose, style: theme[.muted])]
    }

    private static func seconds(_ offset: Duration) -> String {
        let milliseconds =
            Int(offset.components.seconds) * 1000 + Int(offset.components.attoseconds / 1_000_000_000_000_000)
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count) + fraction)s"
    }

    /// The Checks tab: each expectation, wrapped under its mark (at most three lines; a failed
    /// check's long actual value ends in …).
    static func checkLines(_ response: ReceivedResponse, width: Int, _ theme: Theme) -> [Line] {
        var shown: [Line] = []
        if response.checks.isEmpty {
            shown.append(
                Line(
                    "This request has no expectations (add them in the Checks tab of the request).",
                    style: theme[.muted]))
        }
        var script: String?
        for check in response.checks {
            // Script tests under a heading per script, after the expectations.
            if let origin = check.script, origin != script {
                script = origin
                shown.append(Line("\(origin) script", style: theme[.title]))
            }
            let actual = check.actual.count > 400 ? check.actual.prefix(400) + "…" : check.actual
            // A contract finding or a script test with nothing expected said apart is its message alone.
            let messageOnly = check.expected.isEmpty
            let line = Line([
                Span(check.passed ? "✓ " : "✗ ", style: theme[check.passed ? .success : .error].bold),
                Span(check.label + "  ", style: theme[.text]),
                Span(messageOnly ? "" : "expected " + check.expected, style: theme[.muted]),
                Span(check.passed ? "" : (messageOnly ? "" : "  actual ") + actual, style: theme[.error]),
            ])
            let pieces = Paragraph.wrapped(line, width: max(1, width - 3))
            for (index, piece) in pieces.prefix(3).enumerated() {
                var spans = (index == 0 ? [] : [Span("  ")]) + piece.spans
                if index == 2, pieces.count > 3 { spans.append(Span("…", style: theme[.error])) }
                shown.append(Line(spans))
            }
        }
        return shown
    }

    /// The Console tab: each `console` line of the request's scripts, under its stage.
    static func consoleLines(_ result: ExchangeResult, width: Int, _ theme: Theme) -> [Line] {
        guard let report = result.scripts else {
            return [
                Line("This request has no scripts (add them in the Scripts tab of the request).", style: theme[.muted])
            ]
        }
        var shown: [Line] = []
        var stage: ScriptJob.Stage?
        for line in report.console {
            if line.stage != stage {
                stage = line.stage
                shown.append(Line(line.stage.title + " scripts", style: theme[.title]))
            }
            let style: ThemeRole =
                switch line.level {
                case .error: .error
                case .warn: .warning
                case .info: .info
                case .log: .text
                }
            let prefix = line.level == .log ? "" : line.level.rawValue + ": "
            for piece in Paragraph.wrapped(Line(prefix + line.text, style: theme[style]), width: max(1, width)) {
                shown.append(piece)
            }
        }
        if report.console.isEmpty {
            shown.append(Line("The scripts wrote nothing with console.log.", style: theme[.muted]))
        }
        return shown
    }

    /// The first line shown of `count` lines in `height` rows from `scroll`: the last line can
    /// reach the bottom, not past it, so scrolling back up moves at once.
    static func clamped(_ scroll: Int, count: Int, height: Int) -> Int {
        max(0, min(scroll, max(0, count - height)))
    }

    static func settle(_ state: inout ExplorerState, in pane: Rect) {
        let parts = ExplorerLayout.responseParts(pane)
        state.response.pageSize = max(1, parts.content.height)
        if state.response.tab == .tree, state.shownStream != nil {
            // A stream's `/` and `|` fields (or the opened event's search) on the first row.
            let field = queryField(in: below(parts))
            if state.response.search.isEditing {
                searchInput(state).layout(in: field, state: &state.response.search.query)
            } else if state.response.filter.isEditing {
                filterInput(state).layout(in: field, state: &state.response.filter.query)
            }
        }
        if state.response.openedStreamEvent != nil {
            // The event's tree below its title line: the selection stays on screen.
            state.response.pageSize = max(1, below(parts).height - 1)
            state.response.scrollToSelection()
            return
        }
        let below = below(parts)
        if let lines = cardLines(state, width: below.width) {
            state.response.scroll = clamped(state.response.scroll, count: lines.count, height: below.height)
            return
        }
        guard let result = state.shownResult, case .response(let response) = result.outcome else { return }
        let area = content(response, in: parts.content)
        guard !area.isEmpty else { return }
        switch state.response.tab {
        case .tree:
            settleTree(&state, response, in: area)
        case .raw:
            settleRaw(&state, response, in: area)
        case .headers:
            state.response.scroll = clamped(
                state.response.scroll, count: HeadersTabLines.count(result, response, width: area.width),
                height: area.height)
        case .timeline:
            let lines = timelineTabLines(state, response, result, width: area.width)
            state.response.scroll = clamped(state.response.scroll, count: lines.count, height: area.height)
        case .checks:
            let lines = checkLines(response, width: area.width, state.theme)
            state.response.scroll = clamped(state.response.scroll, count: lines.count, height: area.height)
        case .console:
            let lines = consoleLines(result, width: area.width, state.theme)
            state.response.scroll = clamped(state.response.scroll, count: lines.count, height: area.height)
        case .history:
            break
        }
    }

    private static func settleTree(_ state: inout ExplorerState, _ response: ReceivedResponse, in area: Rect) {
        if state.response.search.isEditing {
            searchInput(state).layout(in: queryField(in: area), state: &state.response.search.query)
        } else if state.response.filter.isEditing {
            filterInput(state).layout(in: queryField(in: area), state: &state.response.filter.query)
        }
        guard state.response.tree != nil else { return }
        state.response.pageSize = max(1, treeArea(state, in: area).height)
        state.response.scrollToSelection()
    }

    /// The Raw tab's scroll: within the pretty-printed rows, the hex dump's lines (its first row
    /// is the size line), or at least 0 for text (whose lines the view counts as it draws).
    private static func settleRaw(_ state: inout ExplorerState, _ response: ReceivedResponse, in area: Rect) {
        let scroll = state.response.scroll
        switch response.content {
        case .empty:
            break
        case .json(let document) where state.response.rawPretty && !state.response.rawHex:
            var tree = JSONTreeView(document: document)
            tree.expandAll()
            state.response.scroll = clamped(scroll, count: tree.rowCount, height: area.height)
        case .binary(let body):
            state.response.scroll = hexClamped(scroll, byteCount: body.bytes.count, height: area.height)
        default:
            state.response.scroll =
                state.response.rawHex
                ? hexClamped(scroll, byteCount: response.content.bytes.count, height: area.height) : max(0, scroll)
        }
    }

    private static func hexClamped(_ scroll: Int, byteCount: Int, height: Int) -> Int {
        let lineCount = (byteCount + 15) / 16
        return max(0, min(scroll, max(0, lineCount - height + 1)))
    }
}

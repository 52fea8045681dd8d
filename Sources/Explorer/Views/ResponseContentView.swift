import JSONTree
import TUI
import Workspace

/// The response tabs' contents: Tree, Raw, Headers, Timeline, Checks, Console, History.
enum ResponseContentView {
    static func render(
        _ state: ExplorerState, _ response: ReceivedResponse, _ result: ExchangeResult, in area: Rect,
        frame: inout Frame
    ) {
        guard !area.isEmpty else { return }
        let theme = state.theme
        switch state.response.tab {
        case .tree:
            if let stream = state.shownStream {
                if let index = state.response.openedStreamEvent {
                    renderOpenedEvent(state, index, in: area, frame: &frame)
                } else {
                    StreamView.render(state, stream, in: area, frame: &frame)
                }
                return
            }
            renderTree(state, response, in: area, frame: &frame)
        case .raw:
            RawView.render(state, response, in: area, buffer: &frame.buffer)
        case .headers:
            // The request as sent, then the response's; only the lines on screen are built.
            let count = HeadersTabLines.count(result, response, width: area.width)
            let first = ResponseLayout.clamped(state.response.scroll, count: count, height: area.height)
            let shown = HeadersTabLines.lines(
                result, response, from: first, height: area.height, width: area.width, theme)
            lines(shown, from: 0, in: area, buffer: &frame.buffer)
        case .timeline:
            let shown = ResponseLayout.timelineTabLines(state, response, result, width: area.width)
            lines(shown, from: state.response.scroll, in: area, buffer: &frame.buffer)
        case .checks:
            lines(
                ResponseLayout.checkLines(response, width: area.width, theme), from: state.response.scroll, in: area,
                buffer: &frame.buffer)
        case .console:
            lines(
                ResponseLayout.consoleLines(result, width: area.width, theme), from: state.response.scroll, in: area,
                buffer: &frame.buffer)
        case .history:
            renderHistory(state, in: area, buffer: &frame.buffer)
        }
    }

    private static func renderTree(
        _ state: ExplorerState, _ response: ReceivedResponse, in area: Rect, frame: inout Frame
    ) {
        let theme = state.theme
        let treeArea = ResponseLayout.treeArea(state, in: area)
        let search = state.response.search
        let filter = state.response.filter
        if ResponseLayout.treeHasQueryLine(state) {
            let line = area.row(0)
            let field = ResponseLayout.queryField(in: area)
            let x = field.x
            if search.isEditing {
                frame.buffer.write("/ ", x: line.x, y: line.y, style: theme[.accent])
                frame.render(ResponseLayout.searchInput(state), in: field, laidOut: search.query)
                frame.cursor = search.query.screenCursor
            } else {
                frame.buffer.write("| ", x: line.x, y: line.y, style: theme[.accent])
                if filter.isEditing {
                    frame.render(ResponseLayout.filterInput(state), in: field, laidOut: filter.query)
                    frame.cursor = filter.query.screenCursor
                } else if let error = filter.error {
                    // The message's first line: its excerpt and caret lines, on one row, read as
                    // "…expression␊    $[?@.id >␊   ".
                    let message = error.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? error
                    frame.buffer.write("✖ " + message, x: x, y: line.y, style: theme[.error], maxX: line.right)
                } else if let applied = filter.applied {
                    frame.buffer.write(
                        applied + "   (| then Enter on empty: no filter)", x: x, y: line.y, style: theme[.info],
                        maxX: line.right)
                }
            }
        }
        if ResponseLayout.treeHasGraphQLLine(state), let graphql = state.response.graphql {
            GraphQLErrorsView.render(state, graphql, in: ResponseLayout.graphqlArea(state, in: area), frame: &frame)
        }
        guard let tree = state.response.tree else {
            switch response.content {
            case .empty:
                frame.buffer.write("Empty body.", x: area.x, y: treeArea.y, style: theme[.muted], maxX: area.right)
            case .text(_, let problem):
                let reason = problem.map { "Not JSON (\($0))." } ?? "Not JSON."
                frame.buffer.write(
                    reason + " See Raw (]).", x: area.x, y: treeArea.y, style: theme[.muted], maxX: area.right)
                RawView.renderText(
                    state, response,
                    in: Rect(
                        x: treeArea.x, y: treeArea.y + 1, width: treeArea.width, height: max(0, treeArea.height - 1)),
                    buffer: &frame.buffer)
            case .binary(let body):
                let problem = response.contentType?.contains("json") == true ? "Not valid JSON: " : ""
                frame.buffer.write(
                    problem + (problem.isEmpty ? "Binary" : "binary")
                        + " body, \(ByteCount.format(Int64(body.bytes.count))). Raw (]) shows a hex dump.",
                    x: area.x, y: treeArea.y, style: theme[.muted], maxX: area.right)
            case .json:
                break
            }
            return
        }
        if let line = ResponseLayout.partialLine(state), treeArea.y > area.y {
            _ = frame.buffer.writeFitted(line, x: area.x, y: treeArea.y - 1, style: theme[.info], maxX: area.right)
        }
        // A filtered tree is a document of its own: nothing in it is still open.
        let arriving =
            state.response.filter.applied == nil ? state.shownResult?.response?.partial?.arriving ?? [] : []
        JSONTreeRowsView.render(
            tree, offset: state.response.offset, selected: state.focus == .response ? state.response.selectedRow : nil,
            currentMatch: search.currentMatch, findings: state.response.findings, arriving: arriving, theme: theme,
            in: treeArea, buffer: &frame.buffer)
        if state.focus != .response {
            let y = treeArea.y + state.response.selectedRow - state.response.offset
            if y >= treeArea.y, y < treeArea.bottom {
                frame.buffer.setStyle(
                    theme[.cursorLine], in: Rect(x: treeArea.x, y: y, width: treeArea.width, height: 1))
            }
        }
    }

    /// A stream event opened as a tree (Enter): a title line, then the tree, its search field
    /// over the title while `/` is typed.
    static func renderOpenedEvent(_ state: ExplorerState, _ index: Int, in area: Rect, frame: inout Frame) {
        guard area.height > 1, let tree = state.response.tree else { return }
        let theme = state.theme
        let search = state.response.search
        if search.isEditing {
            frame.buffer.write("/ ", x: area.x, y: area.y, style: theme[.accent])
            frame.render(
                ResponseLayout.searchInput(state), in: ResponseLayout.queryField(in: area), laidOut: search.query)
            frame.cursor = search.query.screenCursor
        } else {
            let title = "─ event \(index + 1) as a tree · Esc returns to the stream "
            frame.buffer.writeFitted(
                title + String(repeating: "─", count: max(0, area.width - CharacterWidth.of(title))), x: area.x,
                y: area.y, style: theme[.border], maxX: area.right)
        }
        let treeArea = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
        JSONTreeRowsView.render(
            tree, offset: state.response.offset, selected: state.focus == .response ? state.response.selectedRow : nil,
            currentMatch: search.currentMatch, findings: [], theme: theme, in: treeArea, buffer: &frame.buffer)
    }

    private static func renderHistory(_ state: ExplorerState, in area: Rect, buffer: inout Buffer) {
        let theme = state.theme
        let entries = state.response.history
        guard !entries.isEmpty else {
            buffer.write(
                "No past exchanges of this request yet.", x: area.x, y: area.y, style: theme[.muted], maxX: area.right)
            return
        }
        let selected = state.response.historySelected
        let offset =
            max(0, min(selected - area.height + 1, entries.count - area.height)) < 0
            ? 0 : max(0, selected - area.height + 1)
        for (row, entry) in entries.dropFirst(offset).prefix(area.height).enumerated() {
            let y = area.y + row
            var x = buffer.write(
                ISOTimeText.short(entry.date) + "  ", x: area.x, y: y, style: theme[.muted], maxX: area.right)
            if let status = entry.status {
                x = buffer.write("\(status)", x: x, y: y, style: theme[ThemeRole.status(status)].bold, maxX: area.right)
            } else {
                x = buffer.write("✖", x: x, y: y, style: theme[.error].bold, maxX: area.right)
            }
            // As the status line writes durations ("<1 ms", "1.5 s"), not "1500 ms".
            let duration = entry.durationMilliseconds.map { milliseconds in
                "  " + DurationText.format(.microseconds(Int64((milliseconds * 1000).rounded())))
            }
            x = buffer.write(
                (duration ?? "") + "  " + entry.method + " " + entry.url, x: x, y: y, style: theme[.text],
                maxX: area.right)
            if let environment = entry.environment {
                x = buffer.write("  (\(environment))", x: x, y: y, style: theme[.muted], maxX: area.right)
            }
            if let error = entry.error {
                buffer.write("  " + error, x: x, y: y, style: theme[.error], maxX: area.right)
            }
            if offset + row == selected, state.focus == .response {
                buffer.setStyle(theme[.selection], in: Rect(x: area.x, y: y, width: area.width, height: 1))
            }
        }
    }

    /// Draws `shown` from line `scroll` (the layout pass keeps it within what there is to show).
    static func lines(_ shown: [Line], from scroll: Int, in area: Rect, buffer: inout Buffer) {
        for (row, line) in shown.dropFirst(scroll).prefix(area.height).enumerated() {
            _ = line.render(x: area.x, y: area.y + row, width: area.width, buffer: &buffer)
        }
    }
}

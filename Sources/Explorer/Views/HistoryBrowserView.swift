import StateStore
import TUI
import Workspace

/// The history browser over the panes: the search typed, the rows on screen (newest first), and
/// the keys; the clear question's dialog is drawn by `OverlayView` with the other questions.
enum HistoryBrowserView {
    static func render(_ browser: HistoryBrowserState, _ state: ExplorerState, into frame: inout Frame) {
        let theme = state.theme
        let screen = frame.area
        let box = HistoryBrowserLayout.box(screen)
        let parts = HistoryBrowserLayout.parts(screen)
        frame.buffer.fill(box, with: .blank(theme.base))
        let count = browser.rows.count
        var title = " History · " + (count == 1 ? "1 entry" : "\(count) entries")
        if count >= HistoryBrowserState.listLimit { title += " (the newest \(HistoryBrowserState.listLimit))" }
        if browser.loading { title += " · searching…" }
        var position: Line?
        if count > parts.list.height, parts.list.height > 0 {
            let last = min(count, browser.offset + parts.list.height)
            let arrows = (browser.offset > 0 ? "↑" : "") + (last < count ? "↓" : "")
            position = Line(" \(browser.offset + 1)–\(last) of \(count) \(arrows) ", style: theme[.focusedBorder])
        }
        frame.render(
            Block(
                title: Line(title + " ", style: theme[.title]), bottomTitle: position,
                borderStyle: theme[.focusedBorder], style: theme.base), in: box)
        let x = frame.buffer.write("> ", x: parts.query.x, y: parts.query.y, style: theme[.text].bold)
        let input = Rect(x: x, y: parts.query.y, width: max(1, parts.query.right - x), height: 1)
        frame.render(HistoryBrowserLayout.queryInput(state), in: input, laidOut: browser.query)
        frame.cursor = browser.query.screenCursor
        let columns = HistoryBrowserLayout.Columns(width: parts.list.width)
        row(
            ["time", "code", "method", "collection / request", "URL", "took"], columns, parts.header, theme[.muted],
            &frame)
        if let problem = browser.problem {
            frame.buffer.write(
                "✖ " + problem, x: parts.list.x + 1, y: parts.list.y, style: theme[.error], maxX: parts.list.right)
        } else if count == 0, !browser.loading {
            let empty =
                browser.query.text.isEmpty
                ? "No exchanges recorded yet in these collections: send a request"
                : "Nothing matches (each word is a prefix; all must match)"
            frame.buffer.write(
                empty, x: parts.list.x + 1, y: parts.list.y, style: theme[.muted], maxX: parts.list.right)
        }
        for line in 0..<max(0, parts.list.height) {
            let index = browser.offset + line
            guard index < count else { break }
            let summary = browser.rows[index]
            let status = HistoryBrowserLayout.statusText(summary)
            let collection = state.document(collectionID: summary.collectionID)?.collection.name ?? "?"
            let name = collection + " / " + (summary.requestName.isEmpty ? "(unnamed)" : summary.requestName)
            let area = Rect(x: parts.list.x, y: parts.list.y + line, width: parts.list.width, height: 1)
            let cells = [
                HistoryBrowserLayout.time(summary), status.text, summary.method, name, summary.url,
                HistoryBrowserLayout.duration(summary),
            ]
            row(cells, columns, area, theme[.text], &frame)
            let statusX = area.x + 1 + columns.time + 1
            let role = status.code.map(ThemeRole.status) ?? .error
            frame.buffer.write(status.text, x: statusX, y: area.y, style: theme[role].bold, maxX: area.right)
            if summary.id == state.diff.marked?.id {
                frame.buffer.write("●", x: area.x, y: area.y, style: theme[.warning].bold)
            }
            if index == browser.selected { frame.buffer.setStyle(theme[.selection], in: area) }
        }
        var keys = "↑/↓ PgUp/PgDn · Enter shows · Ctrl+O re-opens as a draft · Esc closes"
        for hint in [" · 5xx: status 500–599", " · 2026-11-27: that day", " · Ctrl+D marks two to compare"]
        where CharacterWidth.of(keys + hint) < parts.footer.width {
            keys += hint
        }
        frame.buffer.write(
            keys,
            x: parts.footer.x + 1, y: parts.footer.y, style: theme[.muted], maxX: parts.footer.right)
    }

    /// One line of columns; the URL takes what the others leave.
    private static func row(
        _ cells: [String], _ columns: HistoryBrowserLayout.Columns, _ area: Rect, _ style: Style, _ frame: inout Frame
    ) {
        let widths = [columns.time, columns.status, columns.method, columns.name]
        var x = area.x + 1
        for (cell, width) in zip(cells, widths) {
            frame.buffer.writeFitted(cell, x: x, y: area.y, style: style, maxX: min(area.right, x + width))
            x += width + 1
        }
        let durationX = area.right - columns.duration
        let url = HistoryBrowserLayout.shortURL(cells[4], width: max(0, durationX - 1 - x))
        frame.buffer.writeFitted(url, x: x, y: area.y, style: style, maxX: max(x, durationX - 1))
        frame.buffer.write(cells[5], x: durationX, y: area.y, style: style, maxX: area.right)
    }
}

import Foundation
import StateStore
import TUI

/// The history browser's box: the search field on its first line, a header, the rows (only those
/// on screen are drawn), and the keys at the bottom; `settle` keeps the selection in view.
package enum HistoryBrowserLayout {
    static let maximumWidth = 140

    static func box(_ screen: Rect) -> Rect {
        screen.centered(width: max(10, min(screen.width - 2, maximumWidth)), height: max(6, screen.height - 2))
    }

    /// Inside the borders: the query line, the header, the list, the footer.
    static func parts(_ screen: Rect) -> (query: Rect, header: Rect, list: Rect, footer: Rect) {
        let inner = box(screen).inset(horizontal: 1, vertical: 1)
        let list = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: max(0, inner.height - 3))
        return (inner.row(0).inset(horizontal: 1, vertical: 0), inner.row(1), list, inner.row(inner.height - 1))
    }

    static func queryInput(_ state: ExplorerState) -> TextInput {
        let theme = state.theme
        return TextInput(
            placeholder: "search: words (prefixes), 404, 5xx, 2026-11-27 …", style: theme.base,
            placeholderStyle: theme[.muted], selectionStyle: theme[.selection], focused: true)
    }

    static func settle(_ browser: inout HistoryBrowserState, _ state: ExplorerState) {
        let parts = parts(Rect(size: state.size))
        let input = Rect(x: parts.query.x + 2, y: parts.query.y, width: max(1, parts.query.width - 2), height: 1)
        queryInput(state).layout(in: input, state: &browser.query)
        let height = max(1, parts.list.height)
        browser.selected = max(0, min(browser.selected, browser.rows.count - 1))
        if browser.selected < browser.offset { browser.offset = browser.selected }
        if browser.selected >= browser.offset + height { browser.offset = browser.selected - height + 1 }
        browser.offset = max(0, min(browser.offset, browser.rows.count - height))
    }

    /// The columns of a row: time, status, method, collection / request, URL, duration.
    struct Columns {
        var time = 14
        var status = 5
        var method = 7
        var name: Int
        var duration = 8

        init(width: Int) { name = max(12, min(30, width / 4)) }
    }

    static func statusText(_ row: HistorySummary) -> (text: String, code: Int?) {
        if let code = Int(row.status) { return (row.status, code) }
        return ("error", nil)
    }

    static func time(_ row: HistorySummary) -> String {
        ISOTimeText.short(Date(timeIntervalSince1970: row.time))
    }

    static func duration(_ row: HistorySummary) -> String {
        guard let milliseconds = row.durationMilliseconds else { return "" }
        return DurationText.format(.milliseconds(Int64(milliseconds.rounded())))
    }

    /// The URL as a column of `width` shows it: without `http://` (the host and path tell entries
    /// apart; `https://` stays), and when still too long, its host and the end of its path, where
    /// what differs between entries is (`127.0.0.1:8080/…/orders/42`, not `http://127.0.0.1:8…`);
    /// narrower still, the end alone (`…/orders/42`).
    package static func shortURL(_ url: String, width: Int) -> String {
        let text = url.hasPrefix("http://") ? String(url.dropFirst(7)) : url
        guard CharacterWidth.of(text) > width, width > 8 else { return text }
        let start = text.range(of: "://").map { text[$0.upperBound...] } ?? text[...]
        let host = start.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
        let prefix = String(text[..<start.startIndex]) + host + "/…"
        let room = width - CharacterWidth.of(prefix)
        // Too narrow for the host and a tail (80 columns): the end of the path alone.
        guard room >= 6 else { return "…" + String(text.suffix(width - 1)) }
        return prefix + String(text.suffix(room))
    }
}

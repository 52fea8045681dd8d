import HTTPCore
import JSONTree
import TUI

/// A streamed response's events (SSE, NDJSON, json-seq) in the response pane: a header with the
/// count and rate, the events as a list (time since the send, SSE event name, id, size, a one-line
/// data preview; newest at the bottom, followed unless one is selected), and the selected event's data
/// below — pretty-printed when it is JSON, as text otherwise. Every text from the server is drawn
/// by `Buffer.write`, which makes unsafe characters visible.
enum StreamView {
    /// Data larger than this is shown as text, not parsed on every frame.
    static let parseLimit = 256 * 1024

    static func render(_ state: ExplorerState, _ stream: StreamLog, in area: Rect, frame: inout Frame) {
        guard area.height > 0 else { return }
        let theme = state.theme
        let selected = state.response.streamSelected.flatMap { stream.event(at: $0) }
        let search = state.response.search
        let filter = state.response.filter
        if search.isEditing || filter.isEditing {
            // `/` or `|` over a stream: the field takes the header's line while it is typed.
            frame.buffer.write(search.isEditing ? "/ " : "| ", x: area.x, y: area.y, style: theme[.accent])
            frame.render(
                search.isEditing ? ResponseLayout.searchInput(state) : ResponseLayout.filterInput(state),
                in: ResponseLayout.queryField(in: area), laidOut: search.isEditing ? search.query : filter.query)
            frame.cursor = search.isEditing ? search.query.screenCursor : filter.query.screenCursor
        } else if let error = filter.error {
            frame.buffer.write("| ✖ " + error, x: area.x, y: area.y, style: theme[.error], maxX: area.right)
        } else {
            var queries = HeaderQueries()
            if let kept = stream.filter {
                // `+…`: the older events are still being looked through in the spill file.
                let more = kept.olderPending == nil ? "" : "+…"
                queries.filter = (kept.path, ": \(CountText.format(kept.matching.count))\(more) shown")
            }
            if let count = state.response.streamMatchCount, !search.lastPattern.isEmpty {
                // The older events' matches are still being looked for in the spill file.
                let looking = state.response.streamOlderSearch.map {
                    $0.pattern == search.lastPattern && $0.indexes == nil
                }
                queries.search = (
                    search.lastPattern, ": \(CountText.format(count))" + (looking == true ? "+…" : ""),
                    looking == true ? "" : " (n/N)"
                )
            }
            let line = headerLine(
                stream, following: state.response.streamSelected == nil, queries: queries, width: area.width)
            frame.buffer.write(line, x: area.x, y: area.y, style: theme[.info], maxX: area.right)
        }
        render(state, stream, selected: selected, in: area, buffer: &frame.buffer)
    }

    /// The row of an older event still being read back from the spill file.
    static let pendingRow = "…"

    private static func render(
        _ state: ExplorerState, _ stream: StreamLog, selected: StreamEvent?, in area: Rect, buffer: inout Buffer
    ) {
        let theme = state.theme
        let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
        guard body.height > 0 else { return }
        let rows = StreamRows(stream)
        guard rows.count > 0, let last = stream.event(at: rows.index(at: rows.count - 1)) else {
            let waiting =
                stream.filter.map { "No event has anything at \($0.path) yet." } ?? "Waiting for the first event…"
            buffer.write(waiting, x: body.x, y: body.y, style: theme[.muted], maxX: body.right)
            return
        }
        // A selected event older than those in memory may still be on its way from the spill file.
        let shownIndex = state.response.streamSelected ?? last.index
        // The list takes the top half (at least 3 rows), the selected event's data the rest.
        let listHeight = body.height < 8 ? body.height : max(3, body.height / 2)
        let list = Rect(x: body.x, y: body.y, width: body.width, height: listHeight)
        renderList(stream, rows, shown: shownIndex, in: list, theme: theme, buffer: &buffer)
        let detail = Rect(x: body.x, y: list.bottom, width: body.width, height: body.bottom - list.bottom)
        guard detail.height > 1 else { return }
        guard let shown = selected ?? (state.response.streamSelected == nil ? last : nil) else {
            buffer.write(
                "─ event \(shownIndex + 1) · reading it back from the spill file…", x: detail.x, y: detail.y,
                style: theme[.muted], maxX: detail.right)
            return
        }
        // Following with a join path: the joined text; a selected event shows its own data.
        if selected == nil, let joined = stream.joined {
            JoinedStreamView.render(joined, in: detail, theme: theme, buffer: &buffer)
            return
        }
        let title =
            "─ event \(shown.index + 1)" + (shown.name.map { " · \($0)" } ?? "")
            + (shown.id.map { " · id \($0)" } ?? "")
            + " · \(ByteCount.format(Int64(shown.byteCount))) "
        // The heading in a text colour, the rule after it in the border's (in the border's colour
        // the heading could not be read: 1.3:1 in the dark and light themes).
        let end = buffer.writeFitted(title, x: detail.x, y: detail.y, style: theme[.muted], maxX: detail.right)
        buffer.write(
            String(repeating: "─", count: max(0, detail.right - end)), x: end, y: detail.y, style: theme[.border],
            maxX: detail.right)
        let lines =
            HexDump.isBinaryRow(shown)
            ? HexDump.lines(ofRow: shown.data, limit: detail.height - 1).map { Substring($0) }
            : dataLines(shown.data, limit: detail.height - 1)
        for (row, line) in lines.enumerated() {
            buffer.write(line, x: detail.x, y: detail.y + 1 + row, style: theme[.text], maxX: detail.right)
        }
    }

    /// A `|` filter's path and a `/` search's pattern, each with the count it shows after it.
    struct HeaderQueries {
        var filter: (path: String, count: String)?
        /// `hint` (" (n/N)") is the first to go when the line is short of room.
        var search: (pattern: String, count: String, hint: String)?
    }

    /// "12 events · | $.x: 3 shown · /a: 2 (n/N) · following · Esc stops · 3.4 KB · 3.4/s", fitted
    /// to `width`: the counts a filter and a search answer with come right after the event count;
    /// when the line is too long the rate, then the size, then the "oldest … on disk" note go, then
    /// the filter's path and the search's pattern are cut in the middle so the counts still fit (the
    /// stream's state, last, is what the edge cuts).
    static func headerLine(_ stream: StreamLog, following: Bool, queries: HeaderQueries, width: Int) -> String {
        let count = stream.total == 1 ? "1 event" : "\(CountText.format(stream.total)) events"
        var tail: [(text: String, drop: Int?)] = [
            (
                stream.endDescription ?? stream.reconnectingAfter.map {
                    "closed · reconnecting after " + DurationText.format($0)
                }
                    ?? (stream.stopping ? "stopping…" : following ? "following · Esc stops" : "paused · End follows"),
                nil
            ),
            (ByteCount.format(Int64(stream.bytes)), 1),
        ]
        if let reconnected = stream.reconnectedDescription { tail.append((reconnected, 2)) }
        if let rate = stream.rate, stream.end == nil {
            tail.append((rate >= 10 ? "\(Int(rate.rounded()))/s" : "\((rate * 10).rounded() / 10)/s", 0))
        }
        if stream.firstIndex > 0 {
            tail.append(
                ("oldest \(CountText.format(stream.firstIndex)) " + (stream.spilled ? "on disk" : "not kept"), 2))
        }
        var hint = queries.search?.hint ?? ""
        func line(filter: String?, search: String?, withTail: Bool = true) -> String {
            var texts = [count]
            if let filter, let kept = queries.filter { texts.append("| " + filter + kept.count) }
            if let search, let found = queries.search { texts.append("/" + search + found.count + hint) }
            if withTail { texts += tail.map(\.text) }
            return texts.joined(separator: " · ")
        }
        var filter = queries.filter?.path
        var search = queries.search?.pattern
        var text = line(filter: filter, search: search)
        for step in 0...2 where CharacterWidth.of(text) > width {
            tail.removeAll { $0.drop == step }
            text = line(filter: filter, search: search)
        }
        // The count and the queries alone must fit: the path and the pattern give what they take
        // beyond that, the longer giving more.
        let excess = CharacterWidth.of(line(filter: filter, search: search, withTail: false)) - width
        if excess > 0 {
            let lengths = [filter, search].map { $0.map { CharacterWidth.of($0) } ?? 0 }
            let total = max(1, lengths.reduce(0, +))
            let filterShare = (excess * lengths[0] + total - 1) / total
            filter = filter.map { shortened($0, by: filterShare) }
            search = search.map { shortened($0, by: excess - filterShare + 1) }
            if CharacterWidth.of(line(filter: filter, search: search, withTail: false)) > width { hint = "" }
            text = line(filter: filter, search: search)
        }
        return text
    }

    /// `text` with `excess` characters (and one for the `…`) taken from its middle, at least 6 kept.
    private static func shortened(_ text: String, by excess: Int) -> String {
        let characters = Array(text)
        guard excess > 0, characters.count > 6 else { return text }
        let keep = max(6, characters.count - excess - 1)
        guard keep + 1 < characters.count else { return text }
        let head = (keep + 1) / 2
        return String(characters.prefix(head)) + "…" + String(characters.suffix(keep - head))
    }

    private static func renderList(
        _ stream: StreamLog, _ rows: StreamRows, shown: Int, in area: Rect, theme: Theme, buffer: inout Buffer
    ) {
        // The window ends at the newest event, or keeps the selected one on screen.
        let lastRow = rows.count - 1
        let shownRow = rows.position(atOrBefore: shown) ?? lastRow
        let end = min(lastRow, max(shownRow + area.height / 2, area.height - 1))
        let start = max(0, end - area.height + 1)
        guard start <= end else { return }
        for (row, position) in (start...end).enumerated() {
            let index = rows.index(at: position)
            let y = area.y + row
            guard let event = stream.event(at: index) else {
                if index == shown { buffer.setStyle(theme[.selection], in: area.row(row)) }
                buffer.write(Self.pendingRow, x: area.x + 7, y: y, style: theme[.muted], maxX: area.right)
                continue
            }
            let style = index == shown ? theme[.selection] : theme[.text]
            if index == shown { buffer.setStyle(theme[.selection], in: area.row(row)) }
            var x = buffer.write(
                offsetText(event.offset).leftPadded(to: 8), x: area.x, y: y,
                style: index == shown ? style : theme[.muted], maxX: area.right)
            x = buffer.write("  ", x: x, y: y, style: style, maxX: area.right)
            if let name = event.name {
                x = buffer.write(
                    String(name.prefix(18)), x: x, y: y, style: index == shown ? style : theme[.accent],
                    maxX: area.right)
                x = buffer.write("  ", x: x, y: y, style: style, maxX: area.right)
            }
            if let id = event.id {
                x = buffer.write(
                    "#" + String(id.prefix(12)), x: x, y: y, style: index == shown ? style : theme[.muted],
                    maxX: area.right)
                x = buffer.write("  ", x: x, y: y, style: style, maxX: area.right)
            }
            // The one-line preview, and the size at the row's end.
            let size = ByteCount.format(Int64(event.byteCount))
            let sizeX = area.right - size.count
            let previewEnd = sizeX - 2 > x + 8 ? sizeX - 2 : area.right
            buffer.writeFitted(
                event.data.prefix(max(0, previewEnd - x) + 1), x: x, y: y, style: style, maxX: previewEnd)
            if previewEnd < area.right {
                buffer.write(size, x: sizeX, y: y, style: index == shown ? style : theme[.muted], maxX: area.right)
            }
        }
    }

    /// The data's lines: pretty-printed JSON when it parses (and is not huge), else the text's lines.
    static func dataLines(_ data: String, limit: Int) -> [Substring] {
        guard limit > 0 else { return [] }
        var text = Substring(data)
        if data.utf8.count <= parseLimit, let document = try? JSONDocument(bytes: Array(data.utf8)) {
            text = Substring(JSONPrinter.string(document, options: JSONPrintOptions(indent: 2, colored: false)))
        }
        return Array(text.split(separator: "\n", maxSplits: limit, omittingEmptySubsequences: false).prefix(limit))
    }

    /// "+1.204s".
    static func offsetText(_ offset: Duration) -> String {
        let milliseconds =
            Int(offset.components.seconds) * 1000 + Int(offset.components.attoseconds / 1_000_000_000_000_000)
        let fraction = String(milliseconds % 1000)
        return "+\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count) + fraction)s"
    }
}

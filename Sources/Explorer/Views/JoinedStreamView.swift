package import TUI

/// The joined view of a stream (issue 25, `J`): the text the request's `stream.join` selects in
/// each event, joined, word-wrapped, its newest lines in view as it grows — a streamed answer read
/// as prose. Only the tail that can show is wrapped, so a long answer costs a frame no more than a
/// short one.
package enum JoinedStreamView {
    static func render(_ joined: JoinedStreamText, in area: Rect, theme: Theme, buffer: inout Buffer) {
        guard area.height > 1, area.width > 0 else { return }
        let events = joined.contributing == 1 ? "1 event" : "\(CountText.format(joined.contributing)) events"
        let title =
            "─ joined \(joined.path) · \(events) · \(ByteCount.format(Int64(joined.text.utf8.count)))"
            + (joined.truncated ? " · the oldest text not kept" : "") + " · J changes "
        buffer.writeFitted(
            title + String(repeating: "─", count: max(0, area.width - CharacterWidth.of(title))), x: area.x, y: area.y,
            style: theme[.border], maxX: area.right)
        let text = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
        if joined.text.isEmpty {
            buffer.write(
                "Nothing at \(joined.path) yet.", x: text.x, y: text.y, style: theme[.muted], maxX: text.right)
            return
        }
        let rows = tailRows(joined.text, width: text.width, height: text.height)
        for (index, row) in rows.enumerated() {
            _ = row.render(x: text.x, y: text.y + index, width: text.width, buffer: &buffer)
        }
    }

    /// The last `height` rows of `text` wrapped at `width` (at most `width × height × 2` characters
    /// of its end are looked at: enough for every row that can show).
    package static func tailRows(_ text: String, width: Int, height: Int) -> [Line] {
        let tail = text.suffix(max(1, width * height * 2))
        var rows: [Line] = []
        for line in LineBreak.lines(of: String(tail)) {
            rows += Paragraph.wrapped(Line(line), width: width)
        }
        return Array(rows.suffix(height))
    }
}

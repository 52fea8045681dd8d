import HTTPCore
import JSONTree
import TUI

/// The Raw tab: JSON pretty-printed (or the exact bytes), other text as text, binary as a hex
/// dump; long lines cut or wrapped. Only the lines on screen are produced.
enum RawView {
    static func render(_ state: ExplorerState, _ response: ReceivedResponse, in area: Rect, buffer: inout Buffer) {
        let theme = state.theme
        switch response.content {
        case .empty:
            buffer.write("Empty body.", x: area.x, y: area.y, style: theme[.muted], maxX: area.right)
        case .json(let document) where state.response.rawPretty && !state.response.rawHex:
            var tree = JSONTreeView(document: document)
            tree.expandAll()
            var y = area.y
            for row in tree.rows(from: state.response.scroll, count: area.height) where y < area.bottom {
                if state.response.rawWrap {
                    // Never more of a value than the rows left can show.
                    let line = prettyLine(row, document, theme, maxLength: area.width * (area.bottom - y))
                    for piece in Paragraph.wrapped(line, width: area.width) where y < area.bottom {
                        _ = piece.render(x: area.x, y: y, width: area.width, buffer: &buffer)
                        y += 1
                    }
                } else {
                    // Scrolled sideways (←/→) as text is: each cut end marked with …, and a line
                    // shorter than the distance scrolled shows its end rather than nothing.
                    let line = prettyLine(
                        row, document, theme, maxLength: state.response.rawColumn + area.width)
                    let column = min(state.response.rawColumn, max(0, line.width - area.width + 1))
                    var shown = line.dropping(columns: column)
                    if column > 0 { shown.spans.insert(Span("…", style: theme[.jsonPunctuation]), at: 0) }
                    shown.renderFitted(
                        x: area.x, y: y, width: area.width, ellipsis: theme[.jsonPunctuation], buffer: &buffer)
                    y += 1
                }
            }
        case .binary(let body):
            hexDump(body.bytes, state.response.scroll, theme, in: area, &buffer)
        default:
            if state.response.rawHex {
                hexDump(response.content.bytes, state.response.scroll, theme, in: area, &buffer)
            } else {
                renderText(state, response, in: area, buffer: &buffer)
            }
        }
    }

    /// Text bodies line by line from the scroll offset, cut or soft-wrapped.
    static func renderText(_ state: ExplorerState, _ response: ReceivedResponse, in area: Rect, buffer: inout Buffer) {
        let body = response.rawLines
        var y = area.y
        let kept = Int64(response.content.bytes.count)
        if kept < response.size, area.height > 1 {
            // A long stream's body is read back only so far (`ResponseProcessing.streamBodyLimit`).
            buffer.write(
                "The first \(ByteCount.format(kept)) of \(ByteCount.format(response.size)) are shown.",
                x: area.x, y: y, style: state.theme[.muted], maxX: area.right)
            y += 1
        }
        var index = min(state.response.scroll, max(0, body.lineCount - 1))
        while y < area.bottom, index < body.lineCount {
            // Never more of a line than the rows left can show (a character is at most 4 bytes).
            let limit = state.response.rawWrap ? area.width * (area.bottom - y) * 4 : area.width * 4
            if state.response.rawWrap {
                let text = body.line(index, limit: limit)
                for piece in Paragraph.wrapped(Line(text, style: state.theme[.text]), width: area.width)
                where y < area.bottom {
                    _ = piece.render(x: area.x, y: y, width: area.width, buffer: &buffer)
                    y += 1
                }
                if text.isEmpty { y += 1 }
            } else {
                // Scrolled sideways (←/→), each cut end marked with … so a line never looks whole.
                // A line shorter than the distance scrolled shows its end rather than nothing.
                let column = min(state.response.rawColumn, max(0, body.lineByteCount(index) - area.width + 1))
                let text = body.line(index, from: column, limit: limit)
                _ = buffer.writeFitted(
                    (column > 0 ? "…" : "") + text, x: area.x, y: y, style: state.theme[.text], maxX: area.right)
                y += 1
            }
            index += 1
        }
    }

    /// One row of the pretty-printed body: indentation, key, value (cut to `maxLength`
    /// characters), comma.
    private static func prettyLine(_ row: JSONTreeRow, _ document: JSONDocument, _ theme: Theme, maxLength: Int)
        -> Line
    {
        var spans = [Span(String(repeating: " ", count: row.depth * 2), style: theme[.text])]
        let isLast = (row.position ?? 0) == (document.parent(row.node).map { document.childCount($0) - 1 } ?? 0)
        let comma = row.position != nil && !isLast ? "," : ""
        if row.isClosing {
            spans.append(Span((document.kind(row.node) == .object ? "}" : "]") + comma, style: theme[.jsonPunctuation]))
            return Line(spans)
        }
        if row.parentKind == .object, let key = document.key(row.node) {
            spans.append(Span("\"" + key + "\"", style: theme[.jsonKey]))
            spans.append(Span(": ", style: theme[.jsonPunctuation]))
        }
        let kind = document.kind(row.node)
        if kind.isContainer {
            let empty = document.childCount(row.node) == 0
            let open = kind == .object ? "{" : "["
            spans.append(
                Span(empty ? open + (kind == .object ? "}" : "]") + comma : open, style: theme[.jsonPunctuation]))
        } else {
            let value = document.preview(row.node, maxLength: max(8, maxLength - Line(spans).width))
            spans.append(Span(value, style: JSONTreeRowsView.style(of: kind, theme)))
            spans.append(Span(comma, style: theme[.jsonPunctuation]))
        }
        return Line(spans)
    }

    private static func hexDump(
        _ bytes: JSONBytes, _ scroll: Int, _ theme: Theme, in area: Rect, _ buffer: inout Buffer
    ) {
        let lineCount = (bytes.count + 15) / 16
        buffer.write(
            "\(ByteCount.format(Int64(bytes.count))) (\(CountText.format(bytes.count)) bytes) — s saves it to a file",
            x: area.x, y: area.y, style: theme[.muted], maxX: area.right)
        for row in 0..<max(0, area.height - 1) {
            let line = scroll + row
            guard line < lineCount else { break }
            let start = line * 16
            let text = HexDump.line(offset: start, bytes[start..<min(bytes.count, start + 16)])
            buffer.write(text, x: area.x, y: area.y + 1 + row, style: theme[.text], maxX: area.right)
        }
    }
}

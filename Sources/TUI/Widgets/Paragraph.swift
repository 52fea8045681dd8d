/// Lines of styled text, optionally word-wrapped, scrolled by whole rows.
package struct Paragraph: Widget, Sendable {
    package var lines: [Line]
    package var wrap: Bool
    /// Rows (after wrapping) skipped at the top.
    package var scroll: Int
    package var style: Style

    package init(_ lines: [Line], wrap: Bool = true, scroll: Int = 0, style: Style = .plain) {
        self.lines = lines
        self.wrap = wrap
        self.scroll = scroll
        self.style = style
    }

    /// A paragraph of plain text; `\n` and `\r\n` start a new line (a lone `\r` is drawn as `␍`).
    package init(text: String, wrap: Bool = true, scroll: Int = 0, style: Style = .plain) {
        self.init(LineBreak.lines(of: text).map { Line($0) }, wrap: wrap, scroll: scroll, style: style)
    }

    /// How many rows the text takes at `width` (for scroll limits and dialog sizing).
    package func rowCount(width: Int) -> Int {
        wrap ? lines.reduce(0) { $0 + Self.wrapped($1, width: width).count } : lines.count
    }

    package func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        if style != .plain { buffer.setStyle(style, in: area) }
        var row = 0
        var skipped = 0
        for line in lines {
            let rows = wrap ? Self.wrapped(line, width: area.width) : [line]
            for piece in rows {
                if skipped < scroll {
                    skipped += 1
                    continue
                }
                if row >= area.height { return }
                piece.render(x: area.x, y: area.y + row, width: area.width, buffer: &buffer)
                row += 1
            }
        }
    }

    /// Splits a line into rows of at most `width` columns, breaking after spaces where possible.
    package static func wrapped(_ line: Line, width: Int) -> [Line] {
        guard width > 0 else { return [line] }
        if line.width <= width { return [line] }
        // Flatten into (character, style, width) units.
        var units: [(Character, Style, Int)] = []
        for span in line.spans {
            for character in span.text {
                VisibleText.forEachCell(of: character) { cluster, w in units.append((cluster, span.style, w)) }
            }
        }
        var rows: [Line] = []
        var start = 0
        while start < units.count {
            var used = 0
            var end = start
            var lastBreak = -1
            while end < units.count, used + units[end].2 <= width {
                used += units[end].2
                if units[end].0 == " " { lastBreak = end }
                end += 1
            }
            if end < units.count, lastBreak >= start, lastBreak + 1 > start {
                end = lastBreak + 1
            }
            if end == start { end = start + 1 }
            var spans: [Span] = []
            for unit in units[start..<end] {
                if let last = spans.last, last.style == unit.1 {
                    spans[spans.count - 1].text.append(unit.0)
                } else {
                    spans.append(Span(String(unit.0), style: unit.1))
                }
            }
            rows.append(Line(spans, style: line.style, alignment: line.alignment))
            start = end
        }
        return rows.isEmpty ? [line] : rows
    }
}

/// Lines scrolled sideways and cut at a pane's edge: a cut end reads as cut (…), never as the
/// whole line.
extension Line {
    /// The line without its first `columns` cells; a wide character the cut would split goes
    /// whole.
    package func dropping(columns: Int) -> Line {
        guard columns > 0 else { return self }
        var left = columns
        var kept: [Span] = []
        for span in spans {
            guard left > 0 else {
                kept.append(span)
                continue
            }
            let width = span.width
            if width <= left {
                left -= width
                continue
            }
            var text = Substring(span.text)
            while left > 0, let first = text.first {
                left -= CharacterWidth.of(first)
                text = text.dropFirst()
            }
            kept.append(Span(String(text), style: span.style))
        }
        var line = self
        line.spans = kept
        return line
    }

    /// Draws the line like `render`, its end replaced by `…` (in `ellipsis`) when it is wider than
    /// `width`. Returns the end column.
    @discardableResult
    package func renderFitted(x: Int, y: Int, width: Int, ellipsis: Style, buffer: inout Buffer) -> Int {
        guard width > 1, self.width > width else { return render(x: x, y: y, width: width, buffer: &buffer) }
        let end = render(x: x, y: y, width: width - 1, buffer: &buffer)
        return buffer.write("…", x: end, y: y, style: style.patched(with: ellipsis), maxX: x + width)
    }
}

extension Line {
    /// `line` with the characters at `positions` (character offsets in its text) patched with
    /// `style`: used for filter and fuzzy-match hits.
    package static func highlighting(_ line: Line, positions: Set<Int>, style: Style) -> Line {
        guard !positions.isEmpty else { return line }
        var spans: [Span] = []
        var offset = 0
        for span in line.spans {
            for character in span.text {
                let characterStyle = positions.contains(offset) ? span.style.patched(with: style) : span.style
                if let last = spans.last, last.style == characterStyle {
                    spans[spans.count - 1].text.append(character)
                } else {
                    spans.append(Span(String(character), style: characterStyle))
                }
                offset += 1
            }
        }
        return Line(spans, style: line.style, alignment: line.alignment)
    }
}

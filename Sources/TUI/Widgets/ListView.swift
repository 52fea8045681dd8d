/// A scrolling, filterable list with one selected row.
package struct ListView: StatefulWidget {
    package var items: [Line]
    package var highlightStyle: Style
    /// Style of the characters that match the filter.
    package var matchStyle: Style
    /// Drawn before the selected row (and as spaces before the others).
    package var highlightSymbol: String
    package var emptyText: String

    package init(
        _ items: [Line], highlightStyle: Style = Style(modifiers: .reverse),
        matchStyle: Style = Style(modifiers: .underline),
        highlightSymbol: String = "▶ ", emptyText: String = "(no matches)"
    ) {
        self.items = items
        self.highlightStyle = highlightStyle
        self.matchStyle = matchStyle
        self.highlightSymbol = highlightSymbol
        self.emptyText = emptyText
    }

    package init(_ items: [String]) {
        self.init(items.map { Line($0) })
    }

    package func render(in area: Rect, buffer: inout Buffer, state: inout ListState) {
        guard !area.isEmpty else { return }
        state.lastArea = area
        let texts = items.map(\.text)
        let visible = state.visibleIndices(of: texts)
        if visible.isEmpty {
            buffer.write(emptyText, x: area.x, y: area.y, style: Style(modifiers: .dim), maxX: area.right)
            state.scrollIntoView(position: nil, count: 0, height: area.height)
            return
        }
        let position = state.selected.flatMap { visible.firstIndex(of: $0) }
        state.scrollIntoView(position: position, count: visible.count, height: area.height)
        let symbolWidth = CharacterWidth.of(highlightSymbol)
        for row in 0..<area.height {
            let index = state.offset + row
            guard index < visible.count else { break }
            let item = visible[index]
            let y = area.y + row
            let isSelected = item == state.selected
            let prefix = isSelected ? highlightSymbol : String(repeating: " ", count: symbolWidth)
            let x = buffer.write(prefix, x: area.x, y: y, maxX: area.right)
            var line = items[item]
            if !state.filter.isEmpty { line = Self.highlight(line, matching: state.filter, style: matchStyle) }
            line.render(x: x, y: y, width: area.right - x, buffer: &buffer)
            if isSelected { buffer.setStyle(highlightStyle, in: Rect(x: area.x, y: y, width: area.width, height: 1)) }
        }
    }

    /// The line with the first case-insensitive occurrence of `filter` styled with `style`.
    static func highlight(_ line: Line, matching filter: String, style: Style) -> Line {
        guard let range = TextMatch.substring(filter, in: line.text) else { return line }
        return Line.highlighting(line, positions: Set(range), style: style)
    }
}

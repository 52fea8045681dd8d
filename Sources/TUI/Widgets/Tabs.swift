/// A row of tab titles with the selected one highlighted.
///
/// When the titles do not all fit, the row scrolls so the selected tab is whole and shown: a `‹`
/// in the first column says tabs are hidden to the left, a `›` in the last one that more follow
/// (a tab is never drawn cut, so a selected tab can always be seen and clicked).
package struct Tabs: Widget, Sendable {
    package var titles: [Line]
    package var selected: Int
    package var style: Style
    package var highlightStyle: Style
    package var divider: String

    package init(
        _ titles: [Line], selected: Int, style: Style = .plain,
        highlightStyle: Style = Style(modifiers: [.reverse, .bold]),
        divider: String = "│"
    ) {
        self.titles = titles
        self.selected = selected
        self.style = style
        self.highlightStyle = highlightStyle
        self.divider = divider
    }

    /// Where each tab is drawn in a row `width` columns wide (offsets from its start, nil for a
    /// tab scrolled out of sight), and whether the `‹` and `›` markers are shown. One
    /// definition for drawing and for the mouse's hit-testing.
    package struct Strip: Equatable, Sendable {
        package var ranges: [Range<Int>?]
        package var hiddenBefore: Bool
        package var hiddenAfter: Bool
    }

    /// The strip for titles `titleWidths` columns wide (each drawn as " title ", a one-column
    /// divider between two), keeping `selected` in sight.
    package static func strip(titleWidths: [Int], selected: Int, width: Int) -> Strip {
        let widths = titleWidths.map { $0 + 2 }
        let total = widths.reduce(0, +) + max(0, widths.count - 1)
        guard total > width, !widths.isEmpty else {
            return Strip(ranges: offsets(widths, from: 0, limit: .max), hiddenBefore: false, hiddenAfter: false)
        }
        let chosen = min(max(0, selected), widths.count - 1)
        // The first tab shown: as far left as still shows the selected one whole, with room for
        // the markers (one column each).
        var first = 0
        while first < chosen {
            let before = first > 0 ? 1 : 0
            let after = chosen < widths.count - 1 ? 1 : 0
            let needed = widths[first...chosen].reduce(0, +) + (chosen - first)
            if before + needed + after <= width { break }
            first += 1
        }
        let start = first > 0 ? 1 : 0
        var ranges = offsets(widths, from: first, limit: width - 1, start: start)
        if ranges[chosen] == nil {
            // Too narrow for the selected tab alone: it is drawn from the start, cut before `›`.
            let end = width - (chosen < widths.count - 1 ? 1 : 0)
            ranges[chosen] = start..<max(start, min(end, start + widths[chosen]))
        }
        let hiddenAfter = ranges.last.flatMap { $0 } == nil
        if !hiddenAfter {
            // Every tab from `first` on fits: the last column needs no marker either.
            ranges = offsets(widths, from: first, limit: width, start: start)
        }
        return Strip(ranges: ranges, hiddenBefore: first > 0, hiddenAfter: hiddenAfter)
    }

    /// The ranges of the tabs from `first` that end by `limit`, laid out from `start`.
    private static func offsets(_ widths: [Int], from first: Int, limit: Int, start: Int = 0) -> [Range<Int>?] {
        var ranges = [Range<Int>?](repeating: nil, count: widths.count)
        var column = start
        for index in widths.indices where index >= first {
            if index > first { column += 1 }
            guard column + widths[index] <= limit else { break }
            ranges[index] = column..<(column + widths[index])
            column += widths[index]
        }
        return ranges
    }

    package func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        if style != .plain { buffer.setStyle(style, in: area.row(0)) }
        let strip = Self.strip(titleWidths: titles.map(\.width), selected: selected, width: area.width)
        if strip.hiddenBefore { _ = buffer.write("‹", x: area.x, y: area.y, style: style, maxX: area.right) }
        var previous: Range<Int>?
        for (index, title) in titles.enumerated() {
            guard let range = strip.ranges[index] else { continue }
            if let previous { _ = buffer.write(divider, x: area.x + previous.upperBound, y: area.y, style: style) }
            var x = buffer.write(" ", x: area.x + range.lowerBound, y: area.y, maxX: area.right)
            x = title.render(x: x, y: area.y, width: area.right - x, buffer: &buffer)
            _ = buffer.write(" ", x: x, y: area.y, maxX: area.right)
            if index == selected {
                buffer.setStyle(
                    highlightStyle, in: Rect(x: area.x + range.lowerBound, y: area.y, width: range.count, height: 1))
            }
            previous = range
        }
        if strip.hiddenAfter { _ = buffer.write("›", x: area.right - 1, y: area.y, style: style, maxX: area.right) }
    }
}

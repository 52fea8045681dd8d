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

    /// The columns a row of titles `titleWidths` wide takes drawn whole: " title " each, a
    /// one-column divider between two (none after the last).
    package static func rowWidth(titleWidths: some Collection<Int>) -> Int {
        titleWidths.reduce(0) { $0 + $1 + 2 } + max(0, titleWidths.count - 1)
    }

    /// The strip for titles `titleWidths` columns wide, keeping `selected` in sight.
    package static func strip(titleWidths: [Int], selected: Int, width: Int) -> Strip {
        let widths = titleWidths.map { $0 + 2 }
        guard rowWidth(titleWidths: titleWidths) > width, !widths.isEmpty else {
            return Strip(ranges: offsets(widths, from: 0, limit: .max), hiddenBefore: false, hiddenAfter: false)
        }
        let chosen = min(max(0, selected), widths.count - 1)
        let last = widths.count - 1
        // The first tab shown: as far left as still shows the selected one whole, with room for
        // the markers (one column each).
        var first = 0
        while first < chosen {
            let markers = (first > 0 ? 1 : 0) + (chosen < last ? 1 : 0)
            if rowWidth(titleWidths: titleWidths[first...chosen]) + markers <= width { break }
            first += 1
        }
        let start = first > 0 ? 1 : 0
        let hiddenAfter = chosen < last && start + rowWidth(titleWidths: titleWidths[first...]) > width
        let end = width - (hiddenAfter ? 1 : 0)
        var ranges = offsets(widths, from: first, limit: end, start: start)
        if ranges[chosen] == nil {
            // Too narrow for the selected tab alone: it is drawn from the start, cut before `›`.
            ranges[chosen] = start..<max(start, min(end, start + widths[chosen]))
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

/// A row of tab titles with the selected one highlighted.
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

    package func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        if style != .plain { buffer.setStyle(style, in: area.row(0)) }
        var x = area.x
        for (index, title) in titles.enumerated() {
            if index > 0 { x = buffer.write(divider, x: x, y: area.y, style: style, maxX: area.right) }
            let start = x
            x = buffer.write(" ", x: x, y: area.y, maxX: area.right)
            x = title.render(x: x, y: area.y, width: area.right - x, buffer: &buffer)
            x = buffer.write(" ", x: x, y: area.y, maxX: area.right)
            if index == selected {
                buffer.setStyle(highlightStyle, in: Rect(x: start, y: area.y, width: x - start, height: 1))
            }
            if x >= area.right { break }
        }
    }
}

/// A one-row bar: a message on the left, key hints after it, and text on the right. Hints that
/// do not fit are dropped from the end rather than cut in half.
package struct StatusBar: Widget, Sendable {
    package var message: Line
    package var hints: [KeyHint]
    package var right: Line
    package var style: Style
    package var keyStyle: Style

    package init(
        message: Line = Line(""), hints: [KeyHint] = [], right: Line = Line(""),
        style: Style = Style(modifiers: .reverse),
        keyStyle: Style = Style(modifiers: .bold)
    ) {
        self.message = message
        self.hints = hints
        self.right = right
        self.style = style
        self.keyStyle = keyStyle
    }

    package func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let row = area.row(0)
        buffer.fill(row, with: .blank(.plain))
        buffer.setStyle(style, in: row)
        let rightWidth = min(right.width, area.width)
        let limit = area.right - rightWidth - (rightWidth > 0 ? 1 : 0)
        var x = message.render(x: area.x + 1, y: area.y, width: max(0, limit - area.x - 1), buffer: &buffer)
        if message.width > 0 { x += 2 }
        for hint in hints {
            let width = CharacterWidth.of(hint.keys) + 1 + CharacterWidth.of(hint.label)
            if x + width > limit { break }
            x = buffer.write(hint.keys, x: x, y: area.y, style: keyStyle)
            x = buffer.write(" " + hint.label, x: x, y: area.y)
            x += 2
        }
        if rightWidth > 0 { right.render(x: area.right - rightWidth, y: area.y, width: rightWidth, buffer: &buffer) }
    }
}

/// A modal listing every key of the active contexts, generated from the keymap.
package struct HelpOverlay: Widget, Sendable {
    package var keymap: Keymap
    package var contexts: [String]
    package var scroll: Int
    package var style: Style
    package var borderStyle: Style
    package var keyStyle: Style

    package init(
        keymap: Keymap, contexts: [String] = ["global"], scroll: Int = 0, style: Style = .plain,
        borderStyle: Style = .plain, keyStyle: Style = Style(modifiers: .bold)
    ) {
        self.keymap = keymap
        self.contexts = contexts
        self.scroll = scroll
        self.style = style
        self.borderStyle = borderStyle
        self.keyStyle = keyStyle
    }

    package func render(in area: Rect, buffer: inout Buffer) {
        let lines = keymap.helpLines(contexts: contexts, keyStyle: keyStyle)
        let width = min(area.width, (lines.map(\.width).max() ?? 20) + 4)
        let box = area.centered(width: width, height: min(area.height, lines.count + 2))
        guard !box.isEmpty else { return }
        buffer.fill(box, with: .blank(style))
        let block = Block(title: "Keys", bottomTitle: "esc close", borderStyle: borderStyle, style: style)
        block.render(in: box, buffer: &buffer)
        Paragraph(lines, wrap: false, scroll: scroll).render(
            in: block.inner(box).inset(horizontal: 1, vertical: 0), buffer: &buffer)
    }
}

/// A centred, bordered box over the screen for any content: it clears what is underneath and
/// tells the caller where to draw inside. `Dialog`, `HelpOverlay` and `CommandPalette` are
/// ready-made modals; use this one for custom content.
package struct Modal: Widget, Sendable {
    package var title: String
    package var width: Int
    package var height: Int
    package var style: Style
    package var borderStyle: Style

    package init(title: String, width: Int, height: Int, style: Style = .plain, borderStyle: Style = .plain) {
        self.title = title
        self.width = width
        self.height = height
        self.style = style
        self.borderStyle = borderStyle
    }

    /// The box inside `screen`.
    package func frame(in screen: Rect) -> Rect { screen.centered(width: width, height: height) }

    /// Where content goes inside the box (one column of padding on each side).
    package func inner(in screen: Rect) -> Rect { frame(in: screen).inset(horizontal: 2, vertical: 1) }

    package func render(in area: Rect, buffer: inout Buffer) {
        let box = frame(in: area)
        guard !box.isEmpty else { return }
        buffer.fill(box, with: .blank(style))
        Block(title: Line(title, style: Style(modifiers: .bold)), borderStyle: borderStyle, style: style).render(
            in: box, buffer: &buffer
        )
    }
}

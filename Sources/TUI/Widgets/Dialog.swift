/// A modal box centred over the screen: a bordered block with a message and buttons. The area
/// under it is cleared so nothing from the screen behind shows through.
package struct Dialog: Widget, Sendable {
    package var title: String
    package var message: String
    package var buttons: [String]
    package var selectedButton: Int
    package var width: Int
    package var style: Style
    package var borderStyle: Style
    package var buttonStyle: Style

    package init(
        title: String, message: String, buttons: [String] = ["OK"], selectedButton: Int = 0, width: Int = 50,
        style: Style = .plain, borderStyle: Style = .plain, buttonStyle: Style = Style(modifiers: .reverse)
    ) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.selectedButton = selectedButton
        self.width = width
        self.style = style
        self.borderStyle = borderStyle
        self.buttonStyle = buttonStyle
    }

    /// Where the dialog goes inside `screen`.
    package func frame(in screen: Rect) -> Rect {
        let width = min(self.width, screen.width)
        let text = Paragraph(text: message)
        let height = text.rowCount(width: max(1, width - 4)) + (buttons.isEmpty ? 2 : 4)
        return screen.centered(width: width, height: height)
    }

    package func render(in area: Rect, buffer: inout Buffer) {
        let box = frame(in: area)
        guard !box.isEmpty else { return }
        buffer.fill(box, with: .blank(style))
        let block = Block(title: Line(title, style: Style(modifiers: .bold)), borderStyle: borderStyle, style: style)
        block.render(in: box, buffer: &buffer)
        let inner = block.inner(box).inset(horizontal: 1, vertical: 0)
        Paragraph(text: message).render(
            in: Rect(x: inner.x, y: inner.y, width: inner.width, height: max(0, inner.height - 2)), buffer: &buffer
        )
        guard !buttons.isEmpty, inner.height > 0 else { return }
        var labels = buttons.map { "[ \($0) ]" }
        func width(_ labels: [String]) -> Int {
            labels.reduce(0) { $0 + CharacterWidth.of($1) } + 2 * (labels.count - 1)
        }
        // Too narrow for every button whole (the last was cut at 60 columns): their key hints,
        // in parentheses and said in the message too, are left out first.
        if width(labels) > inner.width {
            labels = buttons.map { button in
                guard let open = button.lastIndex(of: "("), button.hasSuffix(")"), open > button.startIndex else {
                    return "[ \(button) ]"
                }
                var name = button[..<open]
                while name.last == " " { name = name.dropLast() }
                return "[ \(name) ]"
            }
        }
        let total = width(labels)
        var x = inner.x + max(0, (inner.width - total) / 2)
        let y = inner.bottom - 1
        for (index, label) in labels.enumerated() {
            let start = x
            x = buffer.write(label, x: x, y: y, maxX: inner.right)
            if index == selectedButton {
                buffer.setStyle(buttonStyle, in: Rect(x: start, y: y, width: x - start, height: 1))
            }
            x += 2
        }
    }
}

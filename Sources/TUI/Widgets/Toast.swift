/// A short notice in the bottom-right corner, above the status bar. The app removes it after a
/// few seconds (timing is the app's business, so tests stay deterministic).
package struct Toast: Widget, Sendable {
    /// The tone of a toast, used to pick its colour.
    package enum Kind: Sendable {
        case info
        case success
        case warning
        case error
    }

    package var message: String
    package var kind: Kind
    package var style: Style

    package init(_ message: String, kind: Kind = .info, style: Style = .plain) {
        self.message = message
        self.kind = kind
        self.style = style
    }

    package func render(in area: Rect, buffer: inout Buffer) {
        let icon: String
        switch kind {
        case .info: icon = "ℹ"
        case .success: icon = "✔"
        case .warning: icon = "⚠"
        case .error: icon = "✖"
        }
        let text = "\(icon) \(message)"
        let width = min(area.width, CharacterWidth.of(text) + 4)
        guard width > 4, area.height >= 3 else { return }
        let box = Rect(x: area.right - width - 1, y: area.bottom - 4, width: width, height: 3).intersection(area)
        buffer.fill(box, with: .blank(style))
        Block(borderStyle: style, style: style).render(in: box, buffer: &buffer)
        buffer.write(text, x: box.x + 2, y: box.y + 1, style: style, maxX: box.right - 2)
    }
}

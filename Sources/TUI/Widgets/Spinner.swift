/// A one-cell activity indicator; the app advances `frame` on its timer.
package struct Spinner: Widget, Sendable {
    package static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    package var frame: Int
    package var label: String
    package var style: Style

    package init(frame: Int, label: String = "", style: Style = .plain) {
        self.frame = frame
        self.label = label
        self.style = style
    }

    package func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let symbol = Self.frames[((frame % Self.frames.count) + Self.frames.count) % Self.frames.count]
        let x = buffer.write(symbol, x: area.x, y: area.y, style: style, maxX: area.right)
        if !label.isEmpty { buffer.write(" " + label, x: x, y: area.y, maxX: area.right) }
    }
}

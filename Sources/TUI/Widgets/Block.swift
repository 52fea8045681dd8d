/// A frame around other widgets: borders, a title, an optional background.
///
/// Render the block first, then its content into `inner(area)`.
package struct Block: Widget, Sendable {
    /// The characters a border is drawn with.
    package enum BorderType: Sendable {
        case plain
        case rounded
        case double
        case thick
        /// ASCII only (`+`, `-`, `|`) for terminals without line drawing.
        case ascii

        var symbols:
            (
                horizontal: String, vertical: String, topLeft: String, topRight: String, bottomLeft: String,
                bottomRight: String
            )
        {
            switch self {
            case .plain: ("─", "│", "┌", "┐", "└", "┘")
            case .rounded: ("─", "│", "╭", "╮", "╰", "╯")
            case .double: ("═", "║", "╔", "╗", "╚", "╝")
            case .thick: ("━", "┃", "┏", "┓", "┗", "┛")
            case .ascii: ("-", "|", "+", "+", "+", "+")
            }
        }
    }

    package var title: Line?
    /// A second title drawn in the bottom border (key hints, counts).
    package var bottomTitle: Line?
    package var borders: Bool
    package var borderType: BorderType
    package var borderStyle: Style
    /// Style of the whole area (background), laid down before the border.
    package var style: Style

    package init(
        title: Line? = nil, bottomTitle: Line? = nil, borders: Bool = true, borderType: BorderType = .rounded,
        borderStyle: Style = .plain, style: Style = .plain
    ) {
        self.title = title
        self.bottomTitle = bottomTitle
        self.borders = borders
        self.borderType = borderType
        self.borderStyle = borderStyle
        self.style = style
    }

    /// The area left for content inside the border.
    package func inner(_ area: Rect) -> Rect {
        borders
            ? area.inset(horizontal: 1, vertical: 1)
            : (title == nil ? area : Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1))
    }

    package func render(in area: Rect, buffer: inout Buffer) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else { return }
        if style != .plain { buffer.setStyle(style, in: area) }
        if borders {
            let s = borderType.symbols
            let right = area.right - 1
            let bottom = area.bottom - 1
            for x in area.x..<area.right {
                buffer.write(s.horizontal, x: x, y: area.y, style: borderStyle)
                buffer.write(s.horizontal, x: x, y: bottom, style: borderStyle)
            }
            for y in area.y..<area.bottom {
                buffer.write(s.vertical, x: area.x, y: y, style: borderStyle)
                buffer.write(s.vertical, x: right, y: y, style: borderStyle)
            }
            if area.width > 1, area.height > 1 {
                buffer.write(s.topLeft, x: area.x, y: area.y, style: borderStyle)
                buffer.write(s.topRight, x: right, y: area.y, style: borderStyle)
                buffer.write(s.bottomLeft, x: area.x, y: bottom, style: borderStyle)
                buffer.write(s.bottomRight, x: right, y: bottom, style: borderStyle)
            }
        }
        let inset = borders ? 2 : 0
        if let title, area.width > inset + 2 {
            buffer.write(" ", x: area.x + inset / 2 + 1, y: area.y, style: borderStyle)
            let room = area.width - inset - 4
            let end = title.render(x: area.x + inset / 2 + 2, y: area.y, width: room, buffer: &buffer)
            // A title cut at the border ends in … (cut mid-word it read as the whole title).
            if title.width > room, room > 1 {
                let style = title.spans.last?.style ?? title.style
                buffer.write("…", x: area.x + inset / 2 + 1 + room, y: area.y, style: title.style.patched(with: style))
            }
            buffer.write(" ", x: end, y: area.y, style: borderStyle, maxX: area.right - inset / 2)
        }
        if let bottomTitle, borders, area.height > 1, area.width > 6 {
            let width = min(bottomTitle.width, area.width - 6)
            let x = area.right - 3 - width
            buffer.write(" ", x: x - 1, y: area.bottom - 1, style: borderStyle)
            let end = bottomTitle.render(x: x, y: area.bottom - 1, width: width, buffer: &buffer)
            buffer.write(" ", x: end, y: area.bottom - 1, style: borderStyle)
        }
    }
}

/// One line of styled spans.
package struct Line: Hashable, Sendable, ExpressibleByStringLiteral {
    package var spans: [Span]
    /// Style laid under every span of the line.
    package var style: Style
    package var alignment: Alignment

    /// Horizontal placement of a line within its area.
    package enum Alignment: Hashable, Sendable {
        case left
        case center
        case right
    }

    package init(_ spans: [Span], style: Style = .plain, alignment: Alignment = .left) {
        self.spans = spans
        self.style = style
        self.alignment = alignment
    }

    package init(_ text: String, style: Style = .plain, alignment: Alignment = .left) {
        self.init([Span(text)], style: style, alignment: alignment)
    }

    package init(stringLiteral value: String) {
        self.init(value)
    }

    package var width: Int { spans.reduce(0) { $0 + $1.width } }

    /// The plain text of the line.
    package var text: String { spans.map(\.text).joined() }

    /// Draws the line into row `y` between `x` and `x + width`, clipped. Returns the end column.
    @discardableResult
    package func render(x: Int, y: Int, width: Int, buffer: inout Buffer) -> Int {
        guard width > 0 else { return x }
        let lineWidth = self.width
        var column = x
        switch alignment {
        case .left: break
        case .center: column += max(0, (width - lineWidth) / 2)
        case .right: column += max(0, width - lineWidth)
        }
        for span in spans {
            column = buffer.write(span.text, x: column, y: y, style: style.patched(with: span.style), maxX: x + width)
            if column >= x + width { break }
        }
        return column
    }
}

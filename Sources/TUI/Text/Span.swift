/// A run of text in one style: the unit widgets compose lines from.
package struct Span: Hashable, Sendable, ExpressibleByStringLiteral {
    package var text: String
    package var style: Style

    package init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    package init(stringLiteral value: String) {
        self.init(value)
    }

    /// Columns the span takes once drawn.
    package var width: Int { CharacterWidth.of(text) }
}

/// A run of text in one style: the unit widgets compose lines from.
public struct Span: Hashable, Sendable, ExpressibleByStringLiteral {
    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Columns the span takes once drawn.
    public var width: Int { CharacterWidth.of(text) }
}

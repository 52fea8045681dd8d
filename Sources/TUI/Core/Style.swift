/// Colours and attributes of a cell. `nil` colours mean "keep what is underneath" when a style
/// is patched onto a cell; a fully resolved cell style uses `.default` for the terminal default.
public struct Style: Hashable, Sendable {
    public var foreground: Color?
    public var background: Color?
    public var modifiers: TextModifiers

    public init(foreground: Color? = nil, background: Color? = nil, modifiers: TextModifiers = []) {
        self.foreground = foreground
        self.background = background
        self.modifiers = modifiers
    }

    /// The plain style: terminal default colours, no attributes.
    public static let plain = Style()

    public static func fg(_ color: Color) -> Style { Style(foreground: color) }

    /// This style with `other` laid on top: its colours win where set, attributes add up.
    public func patched(with other: Style) -> Style {
        Style(
            foreground: other.foreground ?? foreground,
            background: other.background ?? background,
            modifiers: modifiers.union(other.modifiers)
        )
    }

    public func foreground(_ color: Color?) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    public func background(_ color: Color?) -> Style {
        var copy = self
        copy.background = color
        return copy
    }

    public func adding(_ modifiers: TextModifiers) -> Style {
        var copy = self
        copy.modifiers.formUnion(modifiers)
        return copy
    }

    public var bold: Style { adding(.bold) }
    public var dim: Style { adding(.dim) }
    public var italic: Style { adding(.italic) }
    public var underline: Style { adding(.underline) }
    public var reverse: Style { adding(.reverse) }

    /// Concrete foreground (`.default` when unset).
    public var resolvedForeground: Color { foreground ?? .default }
    /// Concrete background (`.default` when unset).
    public var resolvedBackground: Color { background ?? .default }

    /// The style with both colours downgraded to `capability`.
    public func downgraded(to capability: ColorCapability) -> Style {
        Style(
            foreground: foreground.map { $0.downgraded(to: capability) },
            background: background.map { $0.downgraded(to: capability) },
            modifiers: modifiers
        )
    }
}

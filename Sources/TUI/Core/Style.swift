/// Colours and attributes of a cell. `nil` colours mean "keep what is underneath" when a style
/// is patched onto a cell; a fully resolved cell style uses `.default` for the terminal default.
///
/// Stored packed in one integer (27 bits per colour, 8 for the modifiers), so comparing, hashing
/// and patching styles (done for every cell of every frame) are a few integer operations.
package struct Style: Hashable, Sendable {
    /// Bits 0–26 the foreground, 27–53 the background (see `code(of:)`), 54–61 the modifiers.
    private var bits: UInt64

    private static let colorBits: UInt64 = 27
    private static let colorMask: UInt64 = (1 << colorBits) - 1
    private static let modifierShift: UInt64 = 2 * colorBits

    package init(foreground: Color? = nil, background: Color? = nil, modifiers: TextModifiers = []) {
        bits =
            Style.code(of: foreground) | Style.code(of: background) << Style.colorBits
            | UInt64(modifiers.rawValue) << Style.modifierShift
    }

    package var foreground: Color? {
        get { Style.color(from: bits & Style.colorMask) }
        set { bits = bits & ~Style.colorMask | Style.code(of: newValue) }
    }

    package var background: Color? {
        get { Style.color(from: bits >> Style.colorBits & Style.colorMask) }
        set { bits = bits & ~(Style.colorMask << Style.colorBits) | Style.code(of: newValue) << Style.colorBits }
    }

    package var modifiers: TextModifiers {
        get { TextModifiers(rawValue: UInt8(truncatingIfNeeded: bits >> Style.modifierShift)) }
        set { bits = bits & ~(0xFF << Style.modifierShift) | UInt64(newValue.rawValue) << Style.modifierShift }
    }

    /// A colour as 27 bits: a kind (0 none, 1 default, 2 ANSI, 3 indexed, 4 RGB) above 24 bits of value.
    private static func code(of color: Color?) -> UInt64 {
        switch color {
        case nil: 0
        case .default: 1 << 24
        case .ansi(let n): 2 << 24 | UInt64(n)
        case .indexed(let n): 3 << 24 | UInt64(n)
        case .rgb(let r, let g, let b): 4 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
        }
    }

    private static func color(from code: UInt64) -> Color? {
        let value = UInt8(truncatingIfNeeded: code)
        switch code >> 24 {
        case 1: return .default
        case 2: return .ansi(value)
        case 3: return .indexed(value)
        case 4: return .rgb(UInt8(truncatingIfNeeded: code >> 16), UInt8(truncatingIfNeeded: code >> 8), value)
        default: return nil
        }
    }

    /// The plain style: terminal default colours, no attributes.
    package static let plain = Style()

    package static func fg(_ color: Color) -> Style { Style(foreground: color) }

    /// This style with `other` laid on top: its colours win where set, attributes add up.
    package func patched(with other: Style) -> Style {
        var result = Style()
        let foreground = other.bits & Style.colorMask
        let background = other.bits & Style.colorMask << Style.colorBits
        result.bits =
            (foreground != 0 ? foreground : bits & Style.colorMask)
            | (background != 0 ? background : bits & Style.colorMask << Style.colorBits)
            | (bits | other.bits) & 0xFF << Style.modifierShift
        return result
    }

    package func foreground(_ color: Color?) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    package func background(_ color: Color?) -> Style {
        var copy = self
        copy.background = color
        return copy
    }

    package func adding(_ modifiers: TextModifiers) -> Style {
        var copy = self
        copy.modifiers.formUnion(modifiers)
        return copy
    }

    package var bold: Style { adding(.bold) }
    package var dim: Style { adding(.dim) }
    package var italic: Style { adding(.italic) }
    package var underline: Style { adding(.underline) }
    package var reverse: Style { adding(.reverse) }

    /// Concrete foreground (`.default` when unset).
    package var resolvedForeground: Color { foreground ?? .default }
    /// Concrete background (`.default` when unset).
    package var resolvedBackground: Color { background ?? .default }

    /// The style with both colours downgraded to `capability`. On 16 colours two different
    /// colours can become the same ANSI colour (a dark grey border on a near-black background
    /// both turn black); the foreground then takes the next-nearest colour so it stays visible.
    package func downgraded(to capability: ColorCapability) -> Style {
        var result = Style(
            foreground: foreground.map { $0.downgraded(to: capability) },
            background: background.map { $0.downgraded(to: capability) },
            modifiers: modifiers
        )
        if capability == .ansi16, let original = foreground, original != background,
            let collapsed = result.foreground, collapsed == result.background, collapsed != .default
        {
            result.foreground = original.nearestANSI(excluding: collapsed)
        }
        return result
    }
}

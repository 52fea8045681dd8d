/// How many colours a terminal can show. Backends report it; `Terminal` downgrades to it.
package enum ColorCapability: Int, Comparable, Sendable, CaseIterable {
    /// No colour at all (`NO_COLOR`, dumb terminals): only bold/underline/reverse remain.
    case monochrome
    /// The 16 ANSI colours.
    case ansi16
    /// The xterm 256-colour palette.
    case indexed256
    /// 24-bit colour.
    case trueColor

    package static func < (lhs: ColorCapability, rhs: ColorCapability) -> Bool { lhs.rawValue < rhs.rawValue }
}

public import TUI

/// How TUI colours become ncurses colour numbers, given how many colours the terminal has.
///
/// `Terminal` has already downgraded every colour to the backend's `ColorCapability`; this maps
/// the result onto the terminal's numbering (including direct-colour terminfo entries such as
/// `xterm-direct`, where a colour number is the packed 24-bit RGB value).
public enum CursesPalette {
    /// The number of colours at which terminfo describes a direct-colour (24-bit) terminal.
    public static let directColorCount = 1 << 24

    /// What a terminal with `colors` colours (`COLORS` after `start_color`) can show.
    /// `NO_COLOR` (any value, per no-color.org) or a terminal without colours gives monochrome.
    public static func capability(colors: Int, hasColors: Bool, environment: [String: String]) -> ColorCapability {
        if environment["NO_COLOR"] != nil || !hasColors { return .monochrome }
        if colors >= directColorCount { return .trueColor }
        if colors >= 256 { return .indexed256 }
        if colors >= 8 { return .ansi16 }
        return .monochrome
    }

    /// The ncurses colour number for `color` on a terminal with `colors` colours (-1: default).
    public static func number(for color: Color, colors: Int) -> Int32 {
        switch color {
        case .default:
            return -1
        case .ansi(let n):
            return Int32(colors >= 16 ? n & 15 : n & 7)
        case .indexed(let n):
            if colors >= 256 { return Int32(n) }
            return number(for: color.downgraded(to: .ansi16), colors: colors)
        case .rgb(let r, let g, let b):
            if colors >= directColorCount { return Int32(r) << 16 | Int32(g) << 8 | Int32(b) }
            let capability: ColorCapability = colors >= 256 ? .indexed256 : .ansi16
            return number(for: color.downgraded(to: capability), colors: colors)
        }
    }
}

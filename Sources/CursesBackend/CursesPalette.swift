package import TUI

/// How TUI colours become ncurses colour numbers, given how many colours the terminal has.
///
/// `Terminal` has already downgraded every colour to the backend's `ColorCapability`; this maps
/// the result onto the terminal's numbering (including direct-colour terminfo entries such as
/// `xterm-direct`, where a colour number is the packed 24-bit RGB value).
package enum CursesPalette {
    /// The number of colours at which terminfo describes a direct-colour (24-bit) terminal.
    package static let directColorCount = 1 << 24

    /// What a terminal with `colors` colours (`COLORS` after `start_color`) can show.
    /// `NO_COLOR` (any value, per no-color.org) or a terminal without colours gives monochrome.
    package static func capability(colors: Int, hasColors: Bool, environment: [String: String]) -> ColorCapability {
        if environment["NO_COLOR"] != nil || !hasColors { return .monochrome }
        if colors >= directColorCount { return .trueColor }
        if colors >= 256 { return .indexed256 }
        if colors >= 8 { return .ansi16 }
        return .monochrome
    }

    /// The ncurses colour number for `color` on a terminal with `colors` colours (-1: default).
    ///
    /// On a direct-colour terminal numbers below 8 are the terminal's own ANSI colours (the
    /// `xterm-direct` convention) and everything else is packed RGB, so bright ANSI and palette
    /// colours are sent as their xterm RGB values, and RGB values below 8 are nudged to 8.
    package static func number(for color: Color, colors: Int) -> Int32 {
        let direct = colors >= directColorCount
        switch color {
        case .default:
            return -1
        case .ansi(let n):
            if direct { return n & 15 < 8 ? Int32(n & 7) : packed(xtermRGB(n & 15)) }
            return Int32(colors >= 16 ? n & 15 : n & 7)
        case .indexed(let n):
            if direct { return n < 8 ? Int32(n) : packed(xtermRGB(n)) }
            if colors >= 256 { return Int32(n) }
            return number(for: color.downgraded(to: .ansi16), colors: colors)
        case .rgb(let r, let g, let b):
            if direct { return packed((r, g, b)) }
            let capability: ColorCapability = colors >= 256 ? .indexed256 : .ansi16
            return number(for: color.downgraded(to: capability), colors: colors)
        }
    }

    /// What an 8-colour terminal draws for a foreground and background given as 16-colour
    /// numbers (-1: default): the colour numbers, and whether to add bold or dim.
    ///
    /// Dropping the bright bit alone would turn grey borders into black on black. So a bright
    /// foreground becomes its base colour in bold (which most 8-colour terminals show bright),
    /// grey (bright black) becomes dim white, and a foreground that still matches its
    /// background switches to white or black so the text stays readable.
    package static func eightColor(
        foreground: Int32, background: Int32
    ) -> (foreground: Int32, background: Int32, bold: Bool, dim: Bool) {
        var foreground = foreground
        var bold = false
        var dim = false
        if foreground == 8 {
            foreground = 7
            dim = true
        } else if foreground > 8 {
            foreground -= 8
            bold = true
        }
        let background = background >= 8 ? background - 8 : background
        if foreground >= 0, foreground == background {
            // Black, red, blue and magenta backgrounds are dark; the others are light.
            foreground = [0, 1, 4, 5].contains(background) ? 7 : 0
            dim = false
        }
        return (foreground, background, bold, dim)
    }

    private static func packed(_ rgb: (UInt8, UInt8, UInt8)) -> Int32 {
        max(8, Int32(rgb.0) << 16 | Int32(rgb.1) << 8 | Int32(rgb.2))
    }

    /// The xterm default RGB of palette entry `n` (16 system colours, 6×6×6 cube, 24 greys).
    static func xtermRGB(_ n: UInt8) -> (UInt8, UInt8, UInt8) {
        let system: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
            (0, 255, 255), (255, 255, 255),
        ]
        if n < 16 { return system[Int(n)] }
        if n >= 232 {
            let level = UInt8(8 + Int(n - 232) * 10)
            return (level, level, level)
        }
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        let index = Int(n) - 16
        return (levels[index / 36], levels[(index / 6) % 6], levels[index % 6])
    }
}

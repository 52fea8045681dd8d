/// A foreground or background colour, from the terminal's own default up to 24-bit true colour.
///
/// Widgets and themes may use any kind; `Terminal` downgrades each colour to the backend's
/// `ColorCapability` before it is drawn.
package enum Color: Hashable, Sendable {
    /// Whatever the user's terminal uses (keeps transparent backgrounds transparent).
    case `default`
    /// One of the 16 ANSI colours, 0–7 normal and 8–15 bright.
    case ansi(UInt8)
    /// One of the 256 xterm palette entries.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    package static let black = Color.ansi(0)
    package static let red = Color.ansi(1)
    package static let green = Color.ansi(2)
    package static let yellow = Color.ansi(3)
    package static let blue = Color.ansi(4)
    package static let magenta = Color.ansi(5)
    package static let cyan = Color.ansi(6)
    package static let white = Color.ansi(7)
    package static let brightBlack = Color.ansi(8)
    package static let brightRed = Color.ansi(9)
    package static let brightGreen = Color.ansi(10)
    package static let brightYellow = Color.ansi(11)
    package static let brightBlue = Color.ansi(12)
    package static let brightMagenta = Color.ansi(13)
    package static let brightCyan = Color.ansi(14)
    package static let brightWhite = Color.ansi(15)

    /// Names accepted in theme files for the 16 ANSI colours, in palette order.
    package static let ansiNames = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "brightBlack", "brightRed", "brightGreen", "brightYellow", "brightBlue", "brightMagenta", "brightCyan",
        "brightWhite",
    ]

    /// The same colour expressed with what a terminal of `capability` can show.
    package func downgraded(to capability: ColorCapability) -> Color {
        switch (self, capability) {
        case (.default, _): return .default
        case (_, .monochrome): return .default
        case (_, .trueColor): return self
        case (.ansi(let n), _): return .ansi(n & 15)
        case (.indexed, .indexed256): return self
        case (.indexed(let n), .ansi16): return n < 16 ? .ansi(n) : Color.ansiApproximation(Color.rgbOfIndex(n))
        case (.rgb(let r, let g, let b), .indexed256): return .indexed(Color.nearestIndex(r, g, b))
        case (.rgb(let r, let g, let b), .ansi16): return Color.ansiApproximation((r, g, b))
        }
    }

    /// The ANSI colour a 16-colour terminal shows for `rgb`. The nearest colour by distance
    /// would turn every pastel into white (all of the dark theme's method colours read as white),
    /// so a colourful input keeps its hue: red, yellow, green, cyan, blue or magenta, the bright
    /// variant when it is light. Greys, near-greys and very dark colours go by lightness to
    /// black, bright black, white or bright white.
    static func ansiApproximation(_ rgb: (UInt8, UInt8, UInt8)) -> Color {
        let (r, g, b) = (Int(rgb.0), Int(rgb.1), Int(rgb.2))
        let high = max(r, g, b)
        let low = min(r, g, b)
        let chroma = high - low
        let lightness = (high + low) / 2
        if chroma < 48 || high < 90 {
            switch lightness {
            case ..<48: return .black
            case ..<140: return .brightBlack
            case ..<210: return .white
            default: return .brightWhite
            }
        }
        let sixths: Double  // hue in sixths of the colour wheel, 0 = red, may be negative
        if high == r {
            sixths = Double(g - b) / Double(chroma)
        } else if high == g {
            sixths = Double(b - r) / Double(chroma) + 2
        } else {
            sixths = Double(r - g) / Double(chroma) + 4
        }
        let degrees = (sixths * 60 + 360).truncatingRemainder(dividingBy: 360)
        // Where each ANSI hue ends. Purples (mauve, violet) read as magenta rather than blue,
        // and pinks up to 335° (Solarized magenta) too.
        let ends: [(below: Double, ansi: UInt8)] = [(30, 1), (90, 3), (150, 2), (210, 6), (260, 4), (335, 5), (360, 1)]
        let base = ends.first { degrees < $0.below }?.ansi ?? 1
        return .ansi(lightness >= 140 || high >= 240 ? base + 8 : base)
    }

    /// Approximate RGB of a 256-palette entry (xterm defaults).
    static func rgbOfIndex(_ n: UInt8) -> (UInt8, UInt8, UInt8) {
        if n < 16 { return ansiRGB[Int(n)] }
        if n >= 232 {
            let level = UInt8(8 + Int(n - 232) * 10)
            return (level, level, level)
        }
        let i = Int(n) - 16
        return (cubeLevels[i / 36], cubeLevels[(i / 6) % 6], cubeLevels[i % 6])
    }

    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    private static let ansiRGB: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
        (0, 255, 255), (255, 255, 255),
    ]

    private static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let dr = Int(a.0) - Int(b.0)
        let dg = Int(a.1) - Int(b.1)
        let db = Int(a.2) - Int(b.2)
        return dr * dr * 3 + dg * dg * 4 + db * db * 2
    }

    /// The nearest of the 16 ANSI colours other than `excluded`: a foreground that must stay
    /// readable on a background that downgraded to the same ANSI colour.
    func nearestANSI(excluding excluded: Color) -> Color {
        let rgb: (UInt8, UInt8, UInt8)
        switch self {
        case .rgb(let r, let g, let b): rgb = (r, g, b)
        case .indexed(let n): rgb = Color.rgbOfIndex(n)
        case .ansi(let n): rgb = Color.ansiRGB[Int(n & 15)]
        case .default: return self
        }
        return Color.nearestANSI(to: rgb, excluding: excluded)
    }

    private static func nearestANSI(to rgb: (UInt8, UInt8, UInt8), excluding excluded: Color? = nil) -> Color {
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in ansiRGB.enumerated() where Color.ansi(UInt8(index)) != excluded {
            let d = distance(rgb, candidate)
            if d < bestDistance {
                bestDistance = d
                best = index
            }
        }
        return .ansi(UInt8(best))
    }

    private static func nearestIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func level(_ v: UInt8) -> Int {
            var best = 0
            for (i, l) in cubeLevels.enumerated() where abs(Int(l) - Int(v)) < abs(Int(cubeLevels[best]) - Int(v)) {
                best = i
            }
            return best
        }
        let cube = UInt8(16 + 36 * level(r) + 6 * level(g) + level(b))
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let grey = UInt8(232 + min(23, max(0, (average - 3) / 10)))
        let target = (r, g, b)
        return distance(rgbOfIndex(cube), target) <= distance(rgbOfIndex(grey), target) ? cube : grey
    }
}

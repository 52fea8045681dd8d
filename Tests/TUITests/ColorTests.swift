import TUI
import Testing

@Suite struct ColorTests {
    @Test func trueColourDowngradesToTheNearestPaletteEntry() {
        #expect(Color.rgb(255, 0, 0).downgraded(to: .indexed256) == .indexed(196))
        #expect(Color.rgb(128, 128, 128).downgraded(to: .indexed256) == .indexed(244))
        #expect(Color.rgb(0, 0, 0).downgraded(to: .ansi16) == .black)
        #expect(Color.rgb(250, 250, 250).downgraded(to: .ansi16) == .brightWhite)
        #expect(Color.indexed(196).downgraded(to: .ansi16) == .brightRed)
        #expect(Color.indexed(3).downgraded(to: .ansi16) == .yellow)
    }

    @Test("on 16 colours, soft theme colours keep their hue instead of all turning white")
    func pastelsKeepTheirHueOnSixteenColours() {
        // The default dark theme's method and status colours.
        #expect(Color.rgb(0xA6, 0xE3, 0xA1).downgraded(to: .ansi16) == .brightGreen)
        #expect(Color.rgb(0xF9, 0xE2, 0xAF).downgraded(to: .ansi16) == .brightYellow)
        #expect(Color.rgb(0x89, 0xB4, 0xFA).downgraded(to: .ansi16) == .brightBlue)
        #expect(Color.rgb(0xF3, 0x8B, 0xA8).downgraded(to: .ansi16) == .brightRed)
        #expect(Color.rgb(0x94, 0xE2, 0xD5).downgraded(to: .ansi16) == .brightCyan)
        #expect(Color.rgb(0xCB, 0xA6, 0xF7).downgraded(to: .ansi16) == .brightMagenta)
        // Darker, saturated colours take the normal variant (Solarized yellow, red, magenta).
        #expect(Color.rgb(0xB5, 0x89, 0x00).downgraded(to: .ansi16) == .yellow)
        #expect(Color.rgb(0xDC, 0x32, 0x2F).downgraded(to: .ansi16) == .red)
        #expect(Color.rgb(0xD3, 0x36, 0x82).downgraded(to: .ansi16) == .magenta)
        #expect(Color.indexed(18).downgraded(to: .ansi16) == .blue)
        // Greys and near-greys go by lightness; very dark tints are black.
        #expect(Color.rgb(0x1E, 0x1E, 0x2E).downgraded(to: .ansi16) == .black)
        #expect(Color.rgb(0x31, 0x32, 0x44).downgraded(to: .ansi16) == .brightBlack)
        #expect(Color.rgb(0xA6, 0xAD, 0xC8).downgraded(to: .ansi16) == .white)
        #expect(Color.rgb(0xCD, 0xD6, 0xF4).downgraded(to: .ansi16) == .brightWhite)
        #expect(Color.indexed(244).downgraded(to: .ansi16) == .brightBlack)
    }

    @Test func monochromeDropsEveryColourButKeepsAttributes() {
        let style = Style(foreground: .rgb(1, 2, 3), background: .indexed(17), modifiers: [.reverse, .bold])
        #expect(
            style.downgraded(to: .monochrome)
                == Style(foreground: .default, background: .default, modifiers: [.reverse, .bold]))
    }

    @Test func capableTerminalsKeepColours() {
        #expect(Color.rgb(1, 2, 3).downgraded(to: .trueColor) == .rgb(1, 2, 3))
        #expect(Color.indexed(100).downgraded(to: .indexed256) == .indexed(100))
        #expect(Color.default.downgraded(to: .ansi16) == .default)
    }
}

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

import TUI
import Testing

@testable import CursesBackend

@Suite("Colours for ncurses")
struct CursesPaletteTests {
    @Test("the capability follows COLORS, and NO_COLOR or no colour support means monochrome")
    func capability() {
        #expect(CursesPalette.capability(colors: 1 << 24, hasColors: true, environment: [:]) == .trueColor)
        #expect(CursesPalette.capability(colors: 256, hasColors: true, environment: [:]) == .indexed256)
        #expect(CursesPalette.capability(colors: 8, hasColors: true, environment: [:]) == .ansi16)
        #expect(CursesPalette.capability(colors: 256, hasColors: true, environment: ["NO_COLOR": ""]) == .monochrome)
        #expect(CursesPalette.capability(colors: 256, hasColors: false, environment: [:]) == .monochrome)
    }

    @Test("colours map to ncurses numbers: default -1, ANSI, 256 palette, packed RGB on direct colour")
    func numbers() {
        #expect(CursesPalette.number(for: .default, colors: 256) == -1)
        #expect(CursesPalette.number(for: .brightRed, colors: 256) == 9)
        #expect(CursesPalette.number(for: .brightRed, colors: 8) == 1)
        #expect(CursesPalette.number(for: .indexed(208), colors: 256) == 208)
        #expect(CursesPalette.number(for: .rgb(0x12, 0x34, 0x56), colors: 1 << 24) == 0x123456)
        #expect(CursesPalette.number(for: .rgb(255, 0, 0), colors: 256) == 196)
        #expect((0..<8).contains(CursesPalette.number(for: .rgb(255, 0, 0), colors: 8)))
    }

    @Test("on a direct-colour terminal ANSI 0–7 stay the terminal's own, everything else is packed RGB")
    func directColour() {
        let direct = CursesPalette.directColorCount
        #expect(CursesPalette.number(for: .red, colors: direct) == 1)
        #expect(CursesPalette.number(for: .brightRed, colors: direct) == 0xFF0000)
        #expect(CursesPalette.number(for: .indexed(4), colors: direct) == 4)
        #expect(CursesPalette.number(for: .indexed(196), colors: direct) == 0xFF0000)
        #expect(CursesPalette.number(for: .indexed(232), colors: direct) == 0x080808)
        #expect(CursesPalette.number(for: .rgb(0x89, 0xB4, 0xFA), colors: direct) == 0x89B4FA)
        // Near-black RGB must not turn into an ANSI colour number.
        #expect(CursesPalette.number(for: .rgb(0, 0, 3), colors: direct) == 8)
    }

    @Test("on 8 colours bright colours turn bold, grey turns dim white, and text never matches its background")
    func eightColours() {
        // A grey border on the dark theme's black background: dim white, not black on black.
        #expect(CursesPalette.eightColor(foreground: 8, background: 0) == (7, 0, false, true))
        #expect(CursesPalette.eightColor(foreground: 10, background: 0) == (2, 0, true, false))
        #expect(CursesPalette.eightColor(foreground: 3, background: 12) == (3, 4, false, false))
        // Still the same after folding: the foreground switches to white on dark, black on light.
        #expect(CursesPalette.eightColor(foreground: 12, background: 4) == (7, 4, true, false))
        #expect(CursesPalette.eightColor(foreground: 0, background: 8) == (7, 0, false, false))
        #expect(CursesPalette.eightColor(foreground: 15, background: 7) == (0, 7, true, false))
        #expect(CursesPalette.eightColor(foreground: -1, background: -1) == (-1, -1, false, false))
    }

    @Test("colour pairs are defined once, reused, pair 0 is the default, and a full table starts over")
    func pairs() {
        var cache = ColorPairCache(capacity: 3)
        let red = ColorPairCache.Colors(foreground: 1, background: -1)
        let blue = ColorPairCache.Colors(foreground: 4, background: -1)
        let green = ColorPairCache.Colors(foreground: 2, background: -1)
        let defaults = ColorPairCache.Colors(foreground: -1, background: -1)
        #expect(cache.pair(for: defaults) == .init(number: 0, isNew: false, startedOver: false))
        #expect(cache.pair(for: red) == .init(number: 1, isNew: true, startedOver: false))
        #expect(cache.pair(for: red) == .init(number: 1, isNew: false, startedOver: false))
        #expect(cache.pair(for: blue) == .init(number: 2, isNew: true, startedOver: false))
        #expect(cache.pair(for: green) == .init(number: 1, isNew: true, startedOver: true))
        #expect(cache.count == 1)
    }
}

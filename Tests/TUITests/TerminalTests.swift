import TUI
import Testing

@Suite struct TerminalTests {
    private func drawText(_ terminal: Terminal<TestBackend>, _ lines: [String]) -> FrameReport {
        terminal.draw { frame in
            for (row, line) in lines.enumerated() { frame.buffer.write(line, x: 0, y: row) }
        }
    }

    @Test func firstFrameIsAFullRedraw() {
        let terminal = Terminal(backend: TestBackend(width: 10, height: 2))
        let report = drawText(terminal, ["hello", "world"])
        #expect(report.fullRedraw)
        #expect(terminal.backend.clearCount == 1)
        #expect(terminal.backend.textDump() == "hello     \nworld     ")
    }

    @Test func aOneCellChangeSendsOneCell() {
        let terminal = Terminal(backend: TestBackend(width: 20, height: 5))
        _ = drawText(terminal, ["hello", "world"])
        let report = drawText(terminal, ["hello", "worle"])
        #expect(!report.fullRedraw)
        #expect(report.cellsSent == 1)
        #expect(terminal.backend.lastUpdates == [CellUpdate(x: 4, y: 1, cell: Cell("e"))])
        #expect(terminal.backend.textDump().hasPrefix("hello               \nworle"))
    }

    @Test func anUnchangedFrameSendsNothing() {
        let terminal = Terminal(backend: TestBackend(width: 20, height: 5))
        _ = drawText(terminal, ["same"])
        #expect(drawText(terminal, ["same"]).cellsSent == 0)
    }

    @Test func replacingAWideCharacterWithNarrowOnesUpdatesBothColumns() {
        let terminal = Terminal(backend: TestBackend(width: 4, height: 1))
        _ = drawText(terminal, ["日x"])
        _ = drawText(terminal, ["abx"])
        #expect(terminal.backend.textDump() == "abx ")
        _ = drawText(terminal, ["a本"])
        #expect(terminal.backend.textDump() == "a本 ")
    }

    @Test func resizeTriggersAFullRedrawDownToOneByOneAndBack() {
        let backend = TestBackend(width: 30, height: 10)
        let terminal = Terminal(backend: backend)
        let content = ["┌ title ─────┐", "│ 日本語 text │", "└────────────┘"]
        _ = drawText(terminal, content)
        for (width, height) in [(5, 2), (1, 1), (0, 0), (1, 1), (2, 1), (30, 10)] {
            backend.resize(width: width, height: height)
            let report = drawText(terminal, content)
            #expect(report.fullRedraw)
            #expect(terminal.backend.size == Size(width: width, height: height))
        }
        #expect(backend.textDump().hasPrefix("┌ title ─────┐"))
        #expect(backend.textDump().contains("│ 日本語 text │"))
    }

    @Test func oneColumnScreenDropsWideCharacters() {
        let terminal = Terminal(backend: TestBackend(width: 1, height: 1))
        _ = drawText(terminal, ["日"])
        #expect(terminal.backend.textDump() == " ")
    }

    @Test func invalidateRedrawsEverything() {
        let terminal = Terminal(backend: TestBackend(width: 5, height: 1))
        _ = drawText(terminal, ["abc"])
        terminal.invalidate()
        let report = drawText(terminal, ["abc"])
        #expect(report.fullRedraw)
        #expect(report.cellsSent == 3)
        #expect(terminal.backend.clearCount == 2)
    }

    @Test func coloursAreDowngradedToTheBackendsCapability() {
        let backend = TestBackend(width: 2, height: 1, colorCapability: .ansi16)
        let terminal = Terminal(backend: backend)
        terminal.draw { frame in frame.buffer.write("x", x: 0, y: 0, style: .fg(.rgb(250, 10, 10))) }
        #expect(backend.buffer[x: 0, y: 0].style.foreground == .brightRed)
        backend.colorCapability = .monochrome
        terminal.invalidate()
        terminal.draw { frame in frame.buffer.write("x", x: 0, y: 0, style: Style(foreground: .red).bold) }
        #expect(backend.buffer[x: 0, y: 0].style == Style(foreground: .default, modifiers: .bold))
    }

    @Test func cursorOutsideTheScreenIsHidden() {
        let terminal = Terminal(backend: TestBackend(width: 5, height: 1))
        terminal.draw { frame in frame.cursor = Position(x: 2, y: 0) }
        #expect(terminal.backend.cursor == Position(x: 2, y: 0))
        terminal.draw { frame in frame.cursor = Position(x: 9, y: 0) }
        #expect(terminal.backend.cursor == nil)
    }
}

import TUI
import TUITesting
import Testing

/// Long lines keep a cached length and wrap layout that edits update in place. Whatever the
/// edits, the screen must be the one a freshly loaded copy of the same text draws.
@Suite struct LongLineTests {
    /// A small deterministic generator, so a failure replays.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Text pieces that stress width and grapheme joining: wide characters, a combining accent
    /// typed after its base, skin-tone and flag halves that join their neighbours, tabs, a lone CR.
    static let pieces = [
        "abc ", "日本", "e", "\u{301}", "👍", "\u{1F3FD}", "🇩", "🇪", "\t", "x\ry", "\u{FE0F}", "{\"k\":1}", "ü",
    ]

    private static func draw(_ state: inout TextEditorState, softWrap: Bool) -> (String, Position?) {
        let terminal = Terminal(backend: TestBackend(width: 23, height: 8))
        terminal.draw { frame in frame.render(TextArea(softWrap: softWrap), in: frame.area, state: &state) }
        return (terminal.backend.textDump(), state.screenCursor)
    }

    private static func document(lines: Int, generator: inout Generator) -> String {
        (0..<lines).map { _ in
            (0..<900).map { _ in pieces[generator.next(pieces.count)] }.joined()
        }.joined(separator: generator.next(2) == 0 ? "\n" : "\r\n")
    }

    @Test(arguments: [(1, true), (3, true), (1, false), (3, false)])
    func editsMatchAFreshlyLoadedCopy(lineCount: Int, softWrap: Bool) throws {
        var generator = Generator(state: UInt64(lineCount * 10 + (softWrap ? 1 : 0)))
        var state = TextEditorState(text: Self.document(lines: lineCount, generator: &generator))
        for step in 0..<300 {
            switch generator.next(12) {
            case 0:
                let line = generator.next(state.lineCount)
                state.cursor = TextPosition(line: line, column: generator.next(state.lines[line].count + 1))
            case 1: _ = state.handle(KeyEvent(.backspace))
            case 2: _ = state.handle(KeyEvent(.delete))
            case 3: state.undo()
            case 4: state.redo()
            case 5: state.move([.pageDown, .pageUp, .down, .up, .wordLeft, .wordRight][generator.next(6)])
            case 6: _ = state.handle(KeyEvent(.enter))
            case 7: _ = state.handle(.ctrl("w"))
            case 8: _ = state.handle(KeyEvent(.right, modifiers: .shift))
            default: _ = state.handle(.paste(Self.pieces[generator.next(Self.pieces.count)]))
            }
            let drawn = Self.draw(&state, softWrap: softWrap)
            var fresh = TextEditorState(text: state.text)
            fresh.cursor = state.cursor
            fresh.anchor = state.anchor
            fresh.topLine = state.topLine
            fresh.topRow = state.topRow
            fresh.leftColumn = state.leftColumn
            let expected = Self.draw(&fresh, softWrap: softWrap)
            #expect(drawn.0 == expected.0, "screen differs after step \(step)")
            #expect(drawn.1 == expected.1, "cursor differs after step \(step)")
            var end = state
            end.move(.lineEnd)
            #expect(end.cursor.column == state.lines[state.cursor.line].count, "length differs after step \(step)")
            if drawn.0 != expected.0 || drawn.1 != expected.1 { return }
        }
    }

    @Test func downAndUpMoveByScreenRowsWhenWrapping() {
        var state = TextEditorState(text: String(repeating: "0123456789", count: 1000))
        let terminal = Terminal(backend: TestBackend(width: 12, height: 4))
        let area = TextArea(lineNumbers: false, softWrap: true)
        terminal.draw { frame in frame.render(area, in: frame.area, state: &state) }
        state.cursor = TextPosition(line: 0, column: 3)
        state.move(.down)
        #expect(state.cursor.column == 15)
        state.move(.pageDown)
        #expect(state.cursor.column == 15 + 3 * 12)
        terminal.draw { frame in frame.render(area, in: frame.area, state: &state) }
        #expect(state.screenCursor == Position(x: 3, y: 3))
        state.move(.up)
        #expect(state.cursor.column == 15 + 2 * 12)
        state.move(.documentEnd)
        state.move(.up)
        #expect(state.cursor.column == 10_000 - 12)
    }

    @Test func aMultiMegabyteLineIsEditedInPlace() {
        let text = String(repeating: "{\"id\":1,\"name\":\"日本\"},", count: 100_000)
        var state = TextEditorState(text: text)
        let terminal = Terminal(backend: TestBackend(width: 80, height: 10))
        state.cursor = TextPosition(line: 0, column: 1_000_000)
        for character in "typed" { _ = state.handle(.char(character)) }
        terminal.draw { frame in frame.render(TextArea(softWrap: true), in: frame.area, state: &state) }
        #expect(terminal.backend.textDump().contains("typed"))
        state.move(.lineEnd)
        #expect(state.cursor.column == text.count + 5)
        state.undo()
        #expect(state.text == text)
    }
}

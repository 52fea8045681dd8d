import TUI
import Testing

/// Server data reaches the screen: nothing in it may ever reach the terminal as a control.
@Suite struct SafetyTests {
    static let hostileStrings: [String] = [
        "\u{1B}]52;c;SGVsbG8=\u{7}",  // OSC 52 clipboard write
        "\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\",  // OSC 8 hyperlink
        "\u{1B}[2J\u{1B}[H",  // erase screen, cursor home
        "\u{1B}[10;10Hmoved\u{1B}[K",  // cursor move, erase line
        "\u{1B}]0;pwned title\u{7}",  // window title set
        "\u{1B}]2;title\u{1B}\\",
        "ding\u{7}\u{7}",  // BEL
        "nul\u{0}byte",
        "\u{9B}31mC1 CSI\u{9D}0;t\u{9C}",  // C1 CSI, OSC, ST
        "\u{85}next line\u{84}",
        "\u{202E}txt.exe\u{202C}",  // bidi override
        "a\u{2066}b\u{2069}c\u{200F}d\u{061C}",
        "zero\u{200D}width\u{200B}joiner\u{2060}",
        "\u{200D}",
        "back\u{8}\u{8}space\rcarriage\nnewline\ttab\u{7F}del",
        "\u{1B}P+q\u{1B}\\",  // DCS
        "\u{1B}c",  // full reset
        "\u{1B}[?1049h\u{1B}[?25l",  // alternate screen, hide cursor
    ]

    static let invalidUTF8: [[UInt8]] = [
        [0xFF, 0xFE, 0x1B, 0x5B, 0x32, 0x4A],
        [0xC3, 0x28, 0xE2, 0x82],
        [0xED, 0xA0, 0x80],  // encoded surrogate
        [0xF8, 0x88, 0x80, 0x80, 0x80],
        [0xC2, 0x9B, 0x33, 0x31, 0x6D],  // C1 CSI as valid UTF-8
    ]

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || v == 0x200E || v == 0x200F || v == 0x61C
    }

    private static var corpus: [String] {
        hostileStrings + invalidUTF8.map { VisibleText.decode($0) }
    }

    @Test(arguments: corpus)
    func nothingUnsafeIsEverEmitted(_ text: String) {
        let backend = TestBackend(width: 80, height: 3)
        backend.recordsEmitted = true
        let terminal = Terminal(backend: backend)
        terminal.draw { frame in
            frame.buffer.write(text, x: 0, y: 0)
            frame.buffer.write(text, x: 70, y: 1)
            frame.buffer.write(text, x: 3, y: 2, maxX: 9)
        }
        let emitted = backend.emitted.joined()
        #expect(!emitted.unicodeScalars.contains(where: Self.isUnsafe))
        for line in backend.textDump().split(separator: "\n") {
            #expect(!line.unicodeScalars.contains(where: Self.isUnsafe))
        }
        #expect(!VisibleText.sanitize(text).unicodeScalars.contains(where: Self.isUnsafe))
    }

    @Test func escapeIsShownAsAControlPicture() {
        #expect(VisibleText.sanitize("\u{1B}[2J") == "␛[2J")
        #expect(VisibleText.sanitize("a\u{0}b\u{7}") == "a␀b␇")
        #expect(VisibleText.sanitize("\u{7F}") == "␡")
        #expect(VisibleText.sanitize("\r\n") == "␍␊")
    }

    @Test func c1AndBidiControlsAreShownAsCodePoints() {
        #expect(VisibleText.sanitize("\u{9B}31m") == "<U+009B>31m")
        #expect(VisibleText.sanitize("\u{202E}exe") == "<U+202E>exe")
        #expect(VisibleText.sanitize("a\u{200B}b") == "a<U+200B>b")
    }

    @Test func emojiJoinersInsideASequenceAreKept() {
        #expect(VisibleText.sanitize("👨‍👩‍👧") == "👨‍👩‍👧")
        #expect(VisibleText.sanitize("\u{200D}") == "<U+200D>")
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        #expect(VisibleText.decode([0x61, 0xFF, 0x62]) == "a\u{FFFD}b")
    }

    @Test func textWidthMatchesWhatIsDrawn() {
        for text in Self.corpus {
            var buffer = Buffer(size: Size(width: 400, height: 1))
            let end = buffer.write(text, x: 0, y: 0)
            #expect(end == CharacterWidth.of(text), "\(VisibleText.sanitize(text))")
        }
    }

    @Test func cellsBuiltDirectlyFromControlsAreReplaced() {
        #expect(Cell("\u{1B}").symbol == "␛")
        #expect(Cell("\u{9B}").symbol == "\u{FFFD}")
    }
}

/// The same corpus through the widgets that show server data.
@Suite struct WidgetSafetyTests {
    @Test func widgetsNeverEmitControls() {
        let corpus = SafetyTests.hostileStrings
        let backend = TestBackend(width: 100, height: 40)
        backend.recordsEmitted = true
        let terminal = Terminal(backend: backend)
        var list = ListState()
        var table = TableState()
        var editor = TextEditorState(text: corpus.joined(separator: "\n"))
        var input = TextEditorState(text: corpus.joined(), singleLine: true)
        terminal.draw { frame in
            let rows = Layout.vertical([.length(8), .length(8), .length(8), .length(8), .fill(1)]).split(frame.area)
            frame.render(Paragraph(text: corpus.joined(separator: "\n")), in: rows[0])
            frame.render(ListView(corpus), in: rows[1], state: &list)
            frame.render(
                Table(header: ["a", "b"], rows: corpus.map { [Line($0), Line($0)] }, widths: [.fill(1), .fill(1)]),
                in: rows[2], state: &table)
            frame.render(TextArea(softWrap: true), in: rows[3], state: &editor)
            frame.render(TextInput(), in: rows[4].row(0), state: &input)
            frame.render(
                Block(title: Line(corpus[0]), bottomTitle: Line(corpus[4])), in: rows[4].row(1).union(rows[4].row(3)))
            frame.render(Dialog(title: corpus[4], message: corpus.joined(separator: " ")), in: frame.area)
            frame.render(Toast(corpus[0]), in: frame.area)
        }
        let emitted = backend.emitted.joined()
        #expect(!emitted.unicodeScalars.contains { VisibleText.isUnsafe($0) })
        #expect(emitted.contains("␛"))
    }
}

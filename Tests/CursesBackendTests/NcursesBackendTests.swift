import CCurses
import Foundation
import Glibc
import TUI
import TerminalTesting
import Testing

@testable import CursesBackend

@Suite("NcursesBackend on a pseudo-terminal", .serialized)
struct NcursesBackendTests {
    /// Starts the backend on a fresh pseudo-terminal, runs `body`, and always shuts it down.
    private func withBackend(
        rows: Int32 = 10, columns: Int32 = 40, environment: [String: String] = ["TERM": "xterm-256color"],
        _ body: (NcursesBackend, PseudoTerminal) throws -> Void
    ) throws {
        try NcursesTestLock.withLock {
            let pty = try PseudoTerminal(rows: rows, columns: columns)
            let options = NcursesBackend.Options(
                environment: environment, inputDescriptor: pty.follower, outputDescriptor: pty.follower,
                captureStandardError: false)
            let backend = try NcursesBackend(options: options)
            defer { backend.shutdown() }
            try body(backend, pty)
        }
    }

    /// The characters, attributes and colour pair ncurses holds for the cell at (x, y).
    private func cell(x: Int32, y: Int32) throws -> (text: String, attributes: attr_t, pair: Int32) {
        let window = try #require(ccurses_stdscr())
        var cell = cchar_t()
        #expect(mvwin_wch(window, y, x, &cell) == OK)
        var characters = [wchar_t](repeating: 0, count: Int(ccurses_ccharw_max()) + 1)
        var attributes: attr_t = 0
        var pair: Int32 = 0
        #expect(ccurses_getcchar(&cell, &characters, &attributes, &pair) == OK)
        let scalars = characters.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }
        return (String(String.UnicodeScalarView(scalars)), attributes, pair)
    }

    @Test("the size and colours come from the terminal; xterm-256color gets 256 colours")
    func sizeAndCapability() throws {
        try withBackend(rows: 12, columns: 50) { backend, _ in
            #expect(backend.size == Size(width: 50, height: 12))
            #expect(backend.colorCapability == .indexed256)
        }
    }

    @Test("NO_COLOR makes the screen monochrome")
    func noColor() throws {
        try withBackend(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]) { backend, _ in
            #expect(backend.colorCapability == .monochrome)
        }
    }

    @Test("a styled wide character is drawn with its attributes and a colour pair of its colours")
    func styledWideCharacter() throws {
        try withBackend { backend, _ in
            let style = Style(foreground: .indexed(196), background: .blue, modifiers: [.bold, .underline])
            backend.draw([CellUpdate(x: 2, y: 1, cell: Cell("界", style: style))])
            backend.flush()
            let drawn = try cell(x: 2, y: 1)
            #expect(drawn.text == "界")
            #expect(drawn.attributes & ccurses_a_bold() != 0)
            #expect(drawn.attributes & ccurses_a_underline() != 0)
            #expect(drawn.attributes & ccurses_a_italic() == 0)
            var foreground: Int32 = 0
            var background: Int32 = 0
            #expect(extended_pair_content(drawn.pair, &foreground, &background) == OK)
            #expect(foreground == 196)
            #expect(background == 4)

            // The same colours reuse the pair; default colours are pair 0.
            backend.draw([
                CellUpdate(x: 5, y: 1, cell: Cell("x", style: style)),
                CellUpdate(x: 6, y: 1, cell: Cell("y", style: .plain)),
            ])
            let same = try cell(x: 5, y: 1)
            let plain = try cell(x: 6, y: 1)
            #expect(same.pair == drawn.pair)
            #expect(plain.pair == 0)
        }
    }

    @Test("where the C library's widths differ from the toolkit's, ncurses' grid still matches the toolkit's")
    func widthDisagreements() throws {
        try withBackend(rows: 3, columns: 40) { backend, _ in
            let terminal = Terminal(backend: backend)
            // U+1FAE8 is newer than glibc's data (wcwidth -1); a flag is two spacing characters; a
            // heart with VS16 is one column to wcwidth and two to the toolkit.
            terminal.draw { frame in frame.buffer.write("a\u{1FAE8}b🇫🇷c❤\u{FE0F}d界e", x: 0, y: 0) }
            let texts = try (0..<13).map { try cell(x: Int32($0), y: 0).text }
            #expect(texts[0] == "a")
            // A C library with newer Unicode data knows it as a wide character.
            #expect(texts[1] == (ccurses_wcwidth(0x1FAE8) == 2 ? "\u{1FAE8}" : "\u{FFFD}"))
            #expect(texts[3] == "b")
            #expect(texts[4] == "\u{FFFD}")
            #expect(texts[6] == "c")
            #expect(texts[7] == "❤")
            #expect(texts[9] == "d")
            #expect(texts[10] == "界")
            #expect(texts[12] == "e")
        }
    }

    @Test("a run of adjacent cells keeps each cell's own symbol, attributes and colours")
    func runOfMixedCells() throws {
        try withBackend(rows: 3, columns: 20) { backend, _ in
            let red = Style(foreground: .indexed(196))
            let bold = Style(modifiers: [.bold])
            backend.draw([
                CellUpdate(x: 1, y: 1, cell: Cell("a", style: red)),
                CellUpdate(x: 2, y: 1, cell: Cell("e\u{301}", style: bold)),
                CellUpdate(x: 3, y: 1, cell: Cell("界", style: red)),
                CellUpdate(x: 5, y: 1, cell: Cell("b", style: .plain)),
                // Not adjacent: a second run on the same row.
                CellUpdate(x: 9, y: 1, cell: Cell("c", style: bold)),
            ])
            backend.flush()
            let drawn = try [1, 2, 3, 5, 9].map { try cell(x: Int32($0), y: 1) }
            #expect(drawn.map(\.text) == ["a", "e\u{301}", "界", "b", "c"])
            #expect(drawn[0].pair != 0 && drawn[2].pair == drawn[0].pair)
            #expect(drawn[1].pair == 0 && drawn[3].pair == 0)
            #expect(drawn[1].attributes & ccurses_a_bold() != 0 && drawn[4].attributes & ccurses_a_bold() != 0)
            #expect(drawn[0].attributes & ccurses_a_bold() == 0 && drawn[3].attributes & ccurses_a_bold() == 0)
            #expect(try cell(x: 8, y: 1).text == " ")
        }
    }

    @Test("a frame that changes one cell sends one cell through Terminal, and the screen shows it")
    func terminalDiff() throws {
        try withBackend { backend, pty in
            let terminal = Terminal(backend: backend)
            terminal.draw { frame in frame.buffer.write("hello 世界", x: 0, y: 0) }
            _ = pty.drain()
            let report = terminal.draw { frame in frame.buffer.write("hellO 世界", x: 0, y: 0) }
            #expect(report.cellsSent == 1)
            let changed = try cell(x: 4, y: 0)
            let wide = try cell(x: 6, y: 0)
            #expect(changed.text == "O")
            #expect(wide.text == "世")
            #expect(pty.drain().contains("O"))
        }
    }

    @Test("hostile text never reaches the terminal as escape sequences, only as visible symbols")
    func hostileText() throws {
        try withBackend(rows: 5, columns: 80) { backend, pty in
            let terminal = Terminal(backend: backend)
            terminal.draw { _ in }
            _ = pty.drain()
            let hostile = "a\u{1B}]52;c;aGk=\u{07}b\u{1B}[2J\u{9B}31m\u{1B}]0;title\u{1B}\\c\u{0}"
            terminal.draw { frame in frame.buffer.write(hostile, x: 0, y: 0) }
            let written = pty.drain()
            #expect(!written.contains("\u{1B}]"))
            #expect(!written.contains("\u{07}"))
            #expect(!written.contains("\u{1B}[2J"))
            #expect(!written.contains("\u{9B}"))
            #expect(!written.contains("\u{0}"))
            #expect(written.contains("]52;c;aGk="))
        }
    }

    @Test("typed keys, an arrow, pasted text and a mouse click arrive as events")
    func input() throws {
        try withBackend { backend, pty in
            pty.type("a界\u{1B}[A\u{1B}[200~pasted\u{1B}[201~\u{1B}[<0;5;3M\u{03}")
            let events = backend.readEvents()
            #expect(
                events == [
                    .key(.char("a")), .key(.char("界")), .key(KeyEvent(.up)), .paste("pasted"),
                    .mouse(MouseEvent(kind: .press(.left), position: Position(x: 4, y: 2))), .key(.ctrl("c")),
                ])
            #expect(!backend.hasPendingInput)
        }
    }

    @Test("bytes that are not UTF-8 arrive as U+FFFD and the keys after them still arrive")
    func invalidUTF8Input() throws {
        try withBackend { backend, pty in
            pty.type(bytes: [
                0x61, 0xFF, 0x62, 0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E, 0xC3, 0x28, 0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E,
            ])
            #expect(
                backend.readEvents() == [
                    .key(.char("a")), .key(.char("\u{FFFD}")), .key(.char("b")), .paste("\u{FFFD}("),
                ])
            pty.type("x")
            #expect(backend.readEvents() == [.key(.char("x"))])
        }
    }

    @Test("a lone ESC waits for the ESC delay, then is the Esc key; ESC x is Alt+x")
    func escape() throws {
        try withBackend { backend, pty in
            pty.type("\u{1B}")
            #expect(backend.readEvents().isEmpty)
            #expect(backend.hasPendingInput)
            #expect(backend.flushPendingInput() == [.key(KeyEvent(.escape))])
            pty.type("\u{1B}x")
            #expect(backend.readEvents() == [.key(.char("x", .alt))])
        }
    }

    @Test("an empty read is told apart from a hang-up without blocking")
    func hangUp() throws {
        try withBackend { backend, pty in
            #expect(backend.checkForHangUp() == (false, []))
            pty.type("x")
            // The pty hands typed bytes to the follower side asynchronously: wait until they are there.
            var ready = pollfd(fd: pty.follower, events: Int16(POLLIN), revents: 0)
            #expect(poll(&ready, 1, 10_000) == 1)
            let arrived = backend.checkForHangUp()
            #expect(arrived.hungUp == false)
            #expect(arrived.events == [.key(.char("x"))])
            pty.hangUp()
            #expect(backend.checkForHangUp().hungUp)
        }
    }

    @Test("resizing down to 1x1 and back never crashes and redraws in full")
    func resize() throws {
        try withBackend { backend, pty in
            let terminal = Terminal(backend: backend)
            terminal.draw { frame in frame.buffer.write("some text that is wide 界", x: 0, y: 0) }
            for (rows, columns) in [(1, 1), (2, 1), (1, 3), (24, 80), (10, 40)] as [(Int32, Int32)] {
                _ = ccurses_set_winsize(pty.leader, rows, columns)
                #expect(backend.resizeEvent() == .resize(Size(width: Int(columns), height: Int(rows))))
                let report = terminal.draw { frame in
                    frame.buffer.write("some text that is wide 界", x: 0, y: 0)
                    frame.cursor = Position(x: 0, y: 0)
                }
                #expect(report.fullRedraw)
                #expect(backend.size == Size(width: Int(columns), height: Int(rows)))
            }
            #expect(backend.resizeEvent() == nil)
        }
    }

    @Test("the terminal modes are turned on at start and off again, with termios restored, on shutdown")
    func modesAndRestore() throws {
        try NcursesTestLock.withLock {
            let pty = try PseudoTerminal(rows: 10, columns: 40)
            var before = termios()
            #expect(tcgetattr(pty.follower, &before) == 0)
            let options = NcursesBackend.Options(
                environment: ["TERM": "xterm-256color"], inputDescriptor: pty.follower, outputDescriptor: pty.follower,
                captureStandardError: false)
            let backend = try NcursesBackend(options: options)
            var during = termios()
            #expect(tcgetattr(pty.follower, &during) == 0)
            #expect(during.c_lflag & tcflag_t(ICANON) == 0)
            let started = pty.drain()
            #expect(started.contains("\u{1B}[?2004h"))
            #expect(started.contains("\u{1B}[?1006h"))

            backend.mouseEnabled = false
            #expect(pty.drain().contains("\u{1B}[?1000l"))
            backend.mouseEnabled = true
            #expect(pty.drain().contains("\u{1B}[?1000h"))

            backend.shutdown()
            let ended = pty.drain()
            #expect(ended.contains("\u{1B}[?2004l"))
            #expect(ended.contains("\u{1B}[?1000l"))
            #expect(ended.contains("\u{1B}[?1049l"))
            var after = termios()
            #expect(tcgetattr(pty.follower, &after) == 0)
            #expect(after.c_lflag == before.c_lflag)
            #expect(after.c_iflag == before.c_iflag)
            #expect(backend.readEvents().isEmpty)
            backend.shutdown()
        }
    }

    @Test("handing the terminal to another program leaves and re-enters the screen")
    func runInTerminal() throws {
        try withBackend { backend, pty in
            _ = pty.drain()
            #expect(backend.runInTerminal(["sh", "-c", "exit 3"]) == 3)
            #expect(backend.runInTerminal(["/nonexistent/program"]) == -1)
            let written = pty.drain()
            #expect(written.contains("\u{1B}[?2004l"))
            #expect(written.contains("\u{1B}[?2004h"))
            #expect(backend.size == Size(width: 40, height: 10))
        }
    }

    @Test("a terminal that is not a tty is refused with a clear error, not a crash")
    func notATerminal() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer { for descriptor in descriptors { close(descriptor) } }
        let options = NcursesBackend.Options(inputDescriptor: descriptors[0], outputDescriptor: descriptors[1])
        #expect(throws: NcursesBackendError.notATerminal) { try NcursesBackend(options: options) }
    }

    @Test("COLORTERM=truecolor switches xterm-256color to xterm-direct, and RGB colours go out as 24-bit")
    func trueColorThroughTheDirectEntry() throws {
        try withBackend(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) { backend, pty in
            #expect(backend.terminalType == "xterm-direct")
            #expect(backend.colorCapability == .trueColor)
            let terminal = Terminal(backend: backend)
            terminal.draw { _ in }
            _ = pty.drain()
            terminal.draw { frame in frame.buffer.write("x", x: 0, y: 0, style: .fg(.rgb(250, 20, 10))) }
            // xterm-direct's setaf uses the colon form of the 24-bit SGR.
            #expect(pty.drain().contains("38:2::250:20:10m"))
        }
    }

    @Test("without COLORTERM, or without a -direct entry for TERM, the screen keeps TERM's 256 colours")
    func trueColorFallsBack() throws {
        try withBackend(environment: ["TERM": "xterm-256color"]) { backend, _ in
            #expect(backend.terminalType == "xterm-256color")
            #expect(backend.colorCapability == .indexed256)
        }
        try withBackend(environment: ["TERM": "screen-256color", "COLORTERM": "24bit"]) { backend, _ in
            #expect(backend.terminalType == "screen-256color")
            #expect(backend.colorCapability == .indexed256)
        }
    }

    @Test("the -direct candidate: only when COLORTERM announces true colour and NO_COLOR is not set")
    func directCandidate() {
        let truecolor = ["COLORTERM": "truecolor"]
        #expect(DirectColorTerminal.candidate(for: "xterm-256color", environment: truecolor) == "xterm-direct")
        #expect(
            DirectColorTerminal.candidate(for: "tmux-256color", environment: ["COLORTERM": "24bit"]) == "tmux-direct")
        #expect(DirectColorTerminal.candidate(for: "xterm", environment: truecolor) == "xterm-direct")
        #expect(DirectColorTerminal.candidate(for: "xterm-direct", environment: truecolor) == nil)
        #expect(DirectColorTerminal.candidate(for: "xterm-256color", environment: [:]) == nil)
        #expect(DirectColorTerminal.candidate(for: "xterm-256color", environment: ["COLORTERM": "yes"]) == nil)
        #expect(
            DirectColorTerminal.candidate(
                for: "xterm-256color", environment: ["COLORTERM": "truecolor", "NO_COLOR": ""])
                == nil)
    }

    @Test("an unknown terminal type is refused with a message naming it")
    func unknownTerminal() throws {
        try NcursesTestLock.withLock {
            let pty = try PseudoTerminal(rows: 10, columns: 40)
            let options = NcursesBackend.Options(
                terminalType: "no-such-terminal", inputDescriptor: pty.follower, outputDescriptor: pty.follower,
                captureStandardError: false)
            let error = #expect(throws: NcursesBackendError.self) { try NcursesBackend(options: options) }
            #expect(error?.description.contains("no-such-terminal") == true)
        }
    }
}

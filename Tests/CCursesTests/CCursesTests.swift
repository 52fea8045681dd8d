import CCurses
import Foundation
import Glibc
import TerminalTesting
import Testing

@Suite("CCurses: ncursesw reachable from Swift", .serialized)
struct CCursesTests {
    /// Starts ncurses on a fresh pseudo-terminal, runs `body`, and always ends it again.
    private func withScreen(rows: Int32 = 10, columns: Int32 = 40, _ body: (PseudoTerminal) throws -> Void) throws {
        try NcursesTestLock.withLock {
            #expect(ccurses_setlocale_utf8())
            let pty = try PseudoTerminal(rows: rows, columns: columns)
            let screen = try #require(newterm("xterm-256color", pty.stream, pty.stream))
            let previous = set_term(screen)
            defer {
                endwin()
                set_term(previous)
                delscreen(screen)
            }
            try body(pty)
        }
    }

    @Test("a wide character written with wadd_wch reads back with mvwin_wch, taking two columns")
    func wideCharacterRoundTrip() throws {
        try withScreen { _ in
            let window = try #require(ccurses_stdscr())
            var cell = cchar_t()
            let text: [wchar_t] = [wchar_t(UnicodeScalar("界").value), 0]
            #expect(ccurses_setcchar(&cell, text, ccurses_a_bold(), 0) == OK)
            #expect(mvwadd_wch(window, 2, 3, &cell) == OK)
            #expect(ccurses_getcurx(window) == 5)

            var readBack = cchar_t()
            #expect(mvwin_wch(window, 2, 3, &readBack) == OK)
            var characters = [wchar_t](repeating: 0, count: Int(ccurses_ccharw_max()) + 1)
            var attributes: attr_t = 0
            var pair: Int32 = -1
            #expect(ccurses_getcchar(&readBack, &characters, &attributes, &pair) == OK)
            #expect(characters[0] == wchar_t(UnicodeScalar("界").value))
            #expect(characters[1] == 0)
            #expect(attributes & ccurses_a_bold() != 0)
            #expect(ccurses_wcwidth(wchar_t(UnicodeScalar("界").value)) == 2)
        }
    }

    @Test("a combining mark stays in the same cell as its base character")
    func combiningMark() throws {
        try withScreen { _ in
            let window = try #require(ccurses_stdscr())
            var cell = cchar_t()
            let text: [wchar_t] = [wchar_t(UnicodeScalar("e").value), 0x301, 0]
            #expect(ccurses_setcchar(&cell, text, ccurses_a_normal(), 0) == OK)
            #expect(mvwadd_wch(window, 0, 0, &cell) == OK)
            var readBack = cchar_t()
            #expect(wmove(window, 0, 0) == OK)
            #expect(win_wch(window, &readBack) == OK)
            var characters = [wchar_t](repeating: 0, count: Int(ccurses_ccharw_max()) + 1)
            var attributes: attr_t = 0
            var pair: Int32 = 0
            #expect(ccurses_getcchar(&readBack, &characters, &attributes, &pair) == OK)
            #expect(Array(characters.prefix(3)) == [wchar_t(UnicodeScalar("e").value), 0x301, 0])
        }
    }

    @Test("LINES and COLS follow the terminal size, and the text reaches the terminal")
    func sizeAndOutput() throws {
        try withScreen(rows: 12, columns: 50) { pty in
            #expect(ccurses_lines() == 12)
            #expect(ccurses_cols() == 50)
            let window = try #require(ccurses_stdscr())
            #expect(ccurses_getmaxy(window) == 12)
            #expect(ccurses_getmaxx(window) == 50)
            _ = pty.drain()
            var cell = cchar_t()
            for (column, scalar) in "héllo 世界".unicodeScalars.enumerated() {
                let text: [wchar_t] = [wchar_t(scalar.value), 0]
                _ = ccurses_setcchar(&cell, text, ccurses_a_normal(), 0)
                _ = mvwadd_wch(window, 1, Int32(column), &cell)
            }
            wrefresh(window)
            let written = pty.drain()
            #expect(written.contains("héllo"))
            #expect(written.contains("世"))
        }
    }

    @Test("colours: 256 colours and extended colour pairs on xterm-256color")
    func colours() throws {
        try withScreen { _ in
            #expect(start_color() == OK)
            #expect(use_default_colors() == OK)
            #expect(ccurses_colors() >= 256)
            #expect(ccurses_color_pairs() >= 256)
            #expect(init_extended_pair(300, 196, -1) == OK)
            var foreground: Int32 = 0
            var background: Int32 = 0
            #expect(extended_pair_content(300, &foreground, &background) == OK)
            #expect(foreground == 196)
            #expect(background == -1)
            var cell = cchar_t()
            let text: [wchar_t] = [wchar_t(UnicodeScalar("x").value), 0]
            #expect(ccurses_setcchar(&cell, text, ccurses_a_normal(), 300) == OK)
            var characters = [wchar_t](repeating: 0, count: Int(ccurses_ccharw_max()) + 1)
            var attributes: attr_t = 0
            var pair: Int32 = 0
            #expect(ccurses_getcchar(&cell, &characters, &attributes, &pair) == OK)
            #expect(pair == 300)
            #expect(ccurses_pair_number(ccurses_color_pair(7)) == 7)
        }
    }

    @Test("typed input arrives through wget_wch: a wide character, and a key code for an arrow key")
    func input() throws {
        try withScreen { pty in
            let window = try #require(ccurses_stdscr())
            raw()
            noecho()
            keypad(window, true)
            nodelay(window, true)
            // xterm in keypad-transmit mode (which keypad() turns on) sends ESC O A for the up arrow.
            pty.type("界\u{1B}OA")
            var character: wint_t = 0
            #expect(wget_wch(window, &character) == OK)
            #expect(character == wint_t(UnicodeScalar("界").value))
            #expect(wget_wch(window, &character) == ccurses_key_code_yes())
            #expect(character == wint_t(KEY_UP))
            #expect(wget_wch(window, &character) == ERR)

            // Sequences terminfo does not list can be taught with define_key (the backend does this
            // for bracketed paste and the ESC [ A form of the arrows).
            #expect(define_key("\u{1B}[200~", 0x1000) == OK)
            pty.type("\u{1B}[200~")
            #expect(wget_wch(window, &character) == ccurses_key_code_yes())
            #expect(character == 0x1000)
        }
    }

    @Test("attribute, line-drawing, mouse and key accessors give distinct, usable values")
    func accessors() throws {
        try withScreen { _ in
            let attributes = [
                ccurses_a_bold(), ccurses_a_dim(), ccurses_a_italic(), ccurses_a_underline(), ccurses_a_reverse(),
            ]
            #expect(Set(attributes).count == attributes.count)
            #expect(attributes.allSatisfy { $0 != 0 })
            #expect(ccurses_a_normal() == 0)
            #expect(ccurses_acs_hline() != 0)
            #expect(ccurses_acs_ulcorner() & ccurses_a_altcharset() != 0 || ccurses_acs_ulcorner() != 0)
            #expect(ccurses_acs(CChar(UInt8(ascii: "q"))) == ccurses_acs_hline())
            let buttons = [
                ccurses_button1_pressed(), ccurses_button1_released(), ccurses_button4_pressed(),
                ccurses_button5_pressed(),
            ]
            #expect(Set(buttons).count == buttons.count)
            #expect(buttons.allSatisfy { ccurses_all_mouse_events() & $0 != 0 })
            #expect(ccurses_key_resize() == KEY_RESIZE)
            #expect(ccurses_key_f(1) == KEY_F0 + 1)
            #expect(set_escdelay(25) == OK)
            #expect(ccurses_escdelay() == 25)
        }
    }

    @Test("the crash-safe restore puts back the saved termios and leaves the alternate screen")
    func terminalRestore() throws {
        try NcursesTestLock.withLock {
            let pty = try PseudoTerminal(rows: 10, columns: 40)
            var original = termios()
            #expect(tcgetattr(pty.follower, &original) == 0)
            #expect(original.c_lflag & tcflag_t(ICANON) != 0)
            #expect(ccurses_terminal_save(pty.follower) == 0)

            var raw = original
            cfmakeraw(&raw)
            #expect(tcsetattr(pty.follower, TCSANOW, &raw) == 0)
            ccurses_terminal_restore()
            ccurses_terminal_forget()

            var restored = termios()
            #expect(tcgetattr(pty.follower, &restored) == 0)
            #expect(restored.c_lflag == original.c_lflag)
            #expect(restored.c_iflag == original.c_iflag)
            let written = pty.drain()
            #expect(written.contains("\u{1B}[?1049l"))
            #expect(written.contains("\u{1B}[?25h"))
            #expect(written.contains("\u{1B}[?2004l"))

            // After forget, a restore does nothing.
            ccurses_terminal_restore()
            #expect(pty.drain().isEmpty)
        }
    }

    @Test("a terminal size set on the pty reads back through TIOCGWINSZ")
    func winsize() throws {
        let pty = try PseudoTerminal(rows: 33, columns: 77)
        var rows: Int32 = 0
        var columns: Int32 = 0
        #expect(ccurses_get_winsize(pty.follower, &rows, &columns) == 0)
        #expect(rows == 33)
        #expect(columns == 77)
        #expect(ccurses_get_winsize(-1, &rows, &columns) == -1)
    }
}

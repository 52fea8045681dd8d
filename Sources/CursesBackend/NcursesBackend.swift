import CCurses
import Foundation
package import TUI

/// The real screen: a `TerminalBackend` on ncursesw.
///
/// It starts ncurses with `newterm` (never `initscr`, which exits the process when the terminal
/// is unusable), in raw mode with keypad translation off: every byte the terminal sends is read
/// with `wget_wch` and decoded by TUI's `InputDecoder`, so keys, bracketed paste, SGR mouse and
/// focus reports are decoded the same way everywhere. A crash handler installed before `newterm`
/// restores the terminal on SIGILL/SIGTRAP/SIGSEGV/SIGABRT/SIGBUS/SIGFPE (Swift traps included) on
/// any thread, and a forked crash watcher restores it when the process dies where no handler can
/// run (a stack overflow on a thread without a signal stack, SIGKILL).
///
/// Threading: ncurses has one current screen per process and no locking. Create, use and shut
/// down the backend on the main thread only; `TerminalEventLoop` delivers its input there.
package final class NcursesBackend: TerminalBackend {
    /// How the screen starts.
    package struct Options: Sendable {
        /// Report mouse clicks, drags and the wheel. Off leaves the terminal's own text selection.
        package var mouse: Bool
        /// How long a lone ESC waits for the rest of a sequence before it counts as the Esc key.
        package var escapeDelayMilliseconds: Int
        /// The terminal type; `nil` uses `TERM`.
        package var terminalType: String?
        /// The environment consulted for `TERM` and `NO_COLOR`.
        package var environment: [String: String]
        /// Hold standard error back while the screen runs and show it after (see
        /// `ccurses_stderr_capture_begin`). Off only for tests that share a process.
        package var captureStandardError: Bool
        /// The terminal to read from (standard input unless a test passes a pseudo-terminal).
        package var inputDescriptor: Int32
        /// The terminal to draw on (standard output unless a test passes a pseudo-terminal).
        package var outputDescriptor: Int32

        package init(
            mouse: Bool = true,
            escapeDelayMilliseconds: Int = 25,
            terminalType: String? = nil,
            environment: [String: String]? = nil,
            inputDescriptor: Int32 = 0,
            outputDescriptor: Int32 = 1,
            captureStandardError: Bool = true
        ) {
            self.captureStandardError = captureStandardError
            self.mouse = mouse
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.terminalType = terminalType
            self.environment = environment ?? ProcessInfo.processInfo.environment
            self.inputDescriptor = inputDescriptor
            self.outputDescriptor = outputDescriptor
        }
    }

    /// Terminal private modes turned on while the screen runs (and off again on every exit path).
    enum Mode {
        static let pasteOn = "\u{1B}[?2004h"
        static let pasteOff = "\u{1B}[?2004l"
        static let focusOn = "\u{1B}[?1004h"
        static let focusOff = "\u{1B}[?1004l"
        /// Button presses, drags, the wheel; SGR encoding (any column, unambiguous releases).
        static let mouseOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
        static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
    }

    package let options: Options
    /// The terminfo entry in use: `TERM` (or `Options.terminalType`), or its `-direct` variant
    /// when `COLORTERM` announced true colour (see `DirectColorTerminal`).
    package let terminalType: String
    package let colorCapability: ColorCapability
    /// True when the process locale (after the UTF-8 fallback) encodes text as UTF-8.
    package let localeIsUTF8: Bool
    /// The ESC delay in effect, for the event loop's timer.
    package var escapeDelayMilliseconds: Int { options.escapeDelayMilliseconds }

    let inputDescriptor: Int32
    let outputDescriptor: Int32
    private let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    let colorCount: Int
    var pairs: ColorPairCache
    private var cursor: Position?
    private var cursorShown = false
    var characters = [wchar_t](repeating: 0, count: 8)
    /// The cells of the run `draw` is building; reused across frames.
    var run: [cchar_t] = []
    /// A blank in the current style (`lastAttributes`, `lastPair`); a cell changes only `chars.0`.
    var styleCell = cchar_t()
    var lastStyle: Style?
    var lastAttributes: attr_t = 0
    var lastPair: Int32 = 0
    var decoder = InputDecoder()
    /// True while the terminal belongs to the program (between start/resume and shutdown/suspend).
    private(set) var isActive = false
    private var isShutDown = false

    /// Whether mouse reporting is on. Turning it off lets users select text with the mouse.
    package var mouseEnabled: Bool {
        didSet {
            guard isActive, mouseEnabled != oldValue else { return }
            writeToTerminal(mouseEnabled ? Mode.mouseOn : Mode.mouseOff)
        }
    }

    /// Starts ncurses on the process's terminal (standard input and output).
    package init(options: Options = Options()) throws(NcursesBackendError) {
        self.options = options
        inputDescriptor = options.inputDescriptor
        outputDescriptor = options.outputDescriptor
        guard isatty(inputDescriptor) == 1, isatty(outputDescriptor) == 1 else { throw .notATerminal }
        localeIsUTF8 = ccurses_setlocale_utf8()
        // ncurses installs its own SIGINT/SIGTERM/SIGTSTP/SIGWINCH handlers only where the action
        // is the default one; the event loop handles these on the main queue instead.
        // Shutdown puts the previous dispositions back.
        ccurses_job_signals_take()
        _ = ccurses_terminal_save(outputDescriptor)
        ccurses_crash_guard_install()
        if options.captureStandardError { _ = ccurses_stderr_capture_begin() }
        // For deaths no handler sees: a stack overflow off the main thread, SIGKILL.
        _ = ccurses_crash_watcher_start()

        let requestedType = options.terminalType ?? options.environment["TERM"] ?? "xterm-256color"
        var type = requestedType
        var opened: OpaquePointer?
        let output = fdopen(outputDescriptor, "w")
        let input = fdopen(inputDescriptor, "r")
        if let output, let input {
            // COLORTERM=truecolor: the `-direct` entry when it exists, else TERM as given.
            if let direct = DirectColorTerminal.candidate(for: requestedType, environment: options.environment),
                let screen = newterm(direct, output, input)
            {
                type = direct
                opened = screen
            } else {
                opened = newterm(requestedType, output, input)
            }
        }
        terminalType = type
        guard let screen = opened else {
            ccurses_crash_watcher_stop()
            ccurses_stderr_capture_end()
            ccurses_crash_guard_uninstall()
            ccurses_terminal_forget()
            ccurses_job_signals_release()
            throw .unknownTerminal(requestedType)
        }
        self.screen = screen
        set_term(screen)
        guard let window = ccurses_stdscr() else {
            ccurses_crash_watcher_stop()
            ccurses_stderr_capture_end()
            ccurses_crash_guard_uninstall()
            ccurses_terminal_forget()
            ccurses_job_signals_release()
            throw .unknownTerminal(type)
        }
        self.window = window
        raw()
        noecho()
        nonl()
        keypad(window, false)
        nodelay(window, true)
        leaveok(window, true)
        scrollok(window, false)
        _ = set_escdelay(Int32(options.escapeDelayMilliseconds))
        curs_set(0)

        if has_colors() {
            start_color()
            use_default_colors()
        }
        colorCount = Int(ccurses_colors())
        colorCapability = CursesPalette.capability(
            colors: colorCount, hasColors: has_colors(), environment: options.environment)
        pairs = ColorPairCache(capacity: ccurses_color_pairs())
        mouseEnabled = options.mouse
        wrefresh(window)
        enterModes()
        isActive = true
    }

    deinit {
        shutdown()
    }

    // MARK: - TerminalBackend

    package var size: Size {
        guard isActive else { return Size(width: 0, height: 0) }
        return Size(width: Int(ccurses_getmaxx(window)), height: Int(ccurses_getmaxy(window)))
    }

    package func clear() {
        guard isActive else { return }
        werase(window)
        clearok(window, true)
    }

    package func setCursor(_ position: Position?) {
        cursor = position
    }

    package func flush() {
        guard isActive else { return }
        if let cursor {
            if !cursorShown {
                curs_set(1)
                cursorShown = true
            }
            leaveok(window, false)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            if cursorShown {
                curs_set(0)
                cursorShown = false
            }
            leaveok(window, true)
        }
        wrefresh(window)
    }

    // MARK: - Terminal modes

    /// Writes bytes straight to the terminal, after whatever ncurses has buffered.
    func writeToTerminal(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(outputDescriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    private func enterModes() {
        writeToTerminal(Mode.pasteOn + Mode.focusOn + (mouseEnabled ? Mode.mouseOn : ""))
    }

    private func leaveModes() {
        writeToTerminal(Mode.mouseOff + Mode.focusOff + Mode.pasteOff)
    }

    /// Gives the terminal back to the shell's modes (before suspending or running another program).
    func leaveTerminal() {
        guard isActive else { return }
        leaveModes()
        if cursorShown { curs_set(0) }
        curs_set(1)
        endwin()
        isActive = false
        // The shell (or $EDITOR) owns the terminal now: a restore would undo its modes.
        ccurses_crash_watcher_arm(false)
    }

    /// Takes the terminal back after `leaveTerminal` and repaints everything ncurses had on screen.
    func reenterTerminal() {
        guard !isActive, !isShutDown else { return }
        reset_prog_mode()
        isActive = true
        ccurses_crash_watcher_arm(true)
        curs_set(cursorShown ? 1 : 0)
        if let rows = terminalRows() { resizeIfNeeded(rows) }
        clearok(ccurses_curscr(), true)
        wrefresh(window)
        enterModes()
        decoder = InputDecoder()
    }

    /// After SIGCONT: the shell may have changed the terminal modes and the screen while the
    /// process was stopped from outside, so put the program's modes back and repaint.
    package func resumed() {
        guard isActive else { return }
        reset_prog_mode()
        clearok(ccurses_curscr(), true)
        wrefresh(window)
        enterModes()
    }

    /// Restores the terminal for good: modes off, `endwin`, crash handlers removed. Idempotent.
    package func shutdown() {
        guard !isShutDown else { return }
        if isActive {
            leaveModes()
            curs_set(1)
            endwin()
            isActive = false
        }
        isShutDown = true
        delscreen(screen)
        ccurses_crash_watcher_stop()
        ccurses_stderr_capture_end()
        ccurses_crash_guard_uninstall()
        ccurses_terminal_forget()
        ccurses_job_signals_release()
    }

    // MARK: - Size

    /// The terminal's size as the kernel reports it (rows, columns), if it has one.
    func terminalRows() -> (rows: Int32, columns: Int32)? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard ccurses_get_winsize(outputDescriptor, &rows, &columns) == 0, rows > 0, columns > 0 else { return nil }
        return (rows, columns)
    }

    /// Tells ncurses about a new terminal size. Returns true if the size changed.
    @discardableResult
    func resizeIfNeeded(_ size: (rows: Int32, columns: Int32)) -> Bool {
        guard size.rows != ccurses_getmaxy(window) || size.columns != ccurses_getmaxx(window) else { return false }
        resizeterm(size.rows, size.columns)
        lastStyle = nil
        return true
    }
}

/// Why the ncurses screen could not start.
package enum NcursesBackendError: Error, CustomStringConvertible, Equatable {
    /// Standard input or output is not a terminal (piped, redirected, or run without a tty).
    case notATerminal
    /// `newterm` refused the terminal type (unknown `TERM`, missing terminfo entry).
    case unknownTerminal(String)

    package var description: String {
        switch self {
        case .notATerminal:
            "the screen needs a terminal: standard input and output must not be redirected"
        case .unknownTerminal(let name):
            "cannot start the screen on terminal type \"\(name)\": is TERM right and its terminfo entry installed?"
        }
    }
}

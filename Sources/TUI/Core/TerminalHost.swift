/// What an application drawn with this toolkit needs from the terminal it runs in, beyond drawing:
/// mouse reporting, Ctrl+Z, handing the terminal to `$EDITOR` or `$PAGER`, the clipboard, and
/// leaving. One protocol for the explorer and the UI demo: `CursesBackend`'s `CursesTerminalHost`
/// implements it over ncurses, and tests use a recording stand-in, so neither application imports
/// a terminal library.
@MainActor
package protocol TerminalHost: AnyObject {
    /// Whether the terminal reports mouse events (off leaves the terminal's own text selection).
    var mouseEnabled: Bool { get set }
    /// Whether Ctrl+Z suspends the program (off while a text field uses it as undo).
    func setSuspendsOnControlZ(_ suspends: Bool)
    /// Copies `text` (OSC 52 and the desktop's helper); a failure's message comes back through
    /// `report`, on the main actor.
    func copyToClipboard(_ text: String, report: @escaping @MainActor @Sendable (String) -> Void)
    /// Runs `$EDITOR` on `path` with the terminal handed over; returns its exit status.
    func edit(path: String) -> Int32
    /// Runs `$PAGER` on `path` with the terminal handed over; returns its exit status.
    func page(path: String) -> Int32
    /// Restores the terminal and ends the process (a test's stand-in records it and returns).
    func quit()
}

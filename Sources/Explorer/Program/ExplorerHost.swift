/// What the explorer needs from the terminal it runs in, beyond drawing: the clipboard, handing
/// the terminal to `$EDITOR`, mouse reporting, Ctrl+Z, and leaving. The `lazer` executable
/// implements it over the ncurses backend; tests use a recording stand-in.
@MainActor
package protocol ExplorerHost: AnyObject {
    /// Copies `text` (OSC 52 and the desktop's helper); failures come back through `report`.
    func copyToClipboard(_ text: String, report: @escaping @MainActor @Sendable (String) -> Void)
    /// Runs `$EDITOR` on `path` with the terminal handed over; returns its exit status.
    func edit(path: String) -> Int32
    func setMouse(_ enabled: Bool)
    /// Whether Ctrl+Z suspends (off while a text field that uses it as undo has the keyboard).
    func setSuspendsOnControlZ(_ suspends: Bool)
    /// Restores the terminal and ends the process.
    func quit()
}

/// What the demo needs from the terminal it runs in, beyond drawing: mouse reporting, handing the
/// terminal to `$EDITOR` and `$PAGER`, the clipboard, and leaving. The `lazer` executable
/// implements it over the ncurses backend (this module never imports it).
@MainActor
package protocol DemoHost: AnyObject {
    /// Whether the terminal reports mouse events (off leaves the terminal's own text selection).
    var mouseEnabled: Bool { get set }
    /// Runs `$EDITOR` on `path` with the terminal handed over; returns its exit status.
    func edit(path: String) -> Int32
    /// Runs `$PAGER` on `path` with the terminal handed over; returns its exit status.
    func page(path: String) -> Int32
    /// Copies `text` (OSC 52 and the desktop's helper); a failure's message comes back through
    /// `report`, on the main actor.
    func copyToClipboard(_ text: String, report: @escaping @MainActor @Sendable (String) -> Void)
    /// Restores the terminal and ends the process.
    func quit() -> Never
}

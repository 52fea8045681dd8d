/// What `Terminal` needs from a real or test screen. Implemented by `TestBackend` here and by
/// the ncurses backend in `CursesBackend`.
///
/// Threading: a backend is used from one thread (the main thread in the app); implementations
/// need no locking.
package protocol TerminalBackend: AnyObject {
    /// The current screen size in cells.
    var size: Size { get }
    /// The colours the screen can show; `Terminal` downgrades styles to this before `draw`.
    var colorCapability: ColorCapability { get }
    /// Draws the given cells. Symbols are always safe text (no controls); a cell of width 2
    /// covers its right neighbour, which is never sent.
    func draw(_ updates: [CellUpdate])
    /// Clears the whole screen to default colours (before a full redraw).
    func clear()
    /// Shows the cursor at `position`, or hides it for `nil`.
    func setCursor(_ position: Position?)
    /// Makes everything drawn so far visible.
    func flush()
}

/// Everything the screen can tell the program: keys, pasted text, mouse, resizes, focus changes.
package enum Event: Hashable, Sendable {
    case key(KeyEvent)
    /// Text pasted with bracketed paste (delivered whole, never interpreted as keys).
    case paste(String)
    case mouse(MouseEvent)
    /// The terminal now has this size.
    case resize(Size)
    case focusGained
    case focusLost
}

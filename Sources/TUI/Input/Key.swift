/// A key, without modifiers. Printable keys carry their character.
package enum Key: Hashable, Sendable {
    case character(Character)
    case enter
    case tab
    /// Shift+Tab as terminals report it.
    case backTab
    case backspace
    case escape
    case up
    case down
    case left
    case right
    case home
    case end
    case pageUp
    case pageDown
    case insert
    case delete
    /// F1…F24.
    case function(Int)
}

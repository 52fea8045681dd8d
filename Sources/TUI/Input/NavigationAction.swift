/// Movements that lists, trees, tables and editors understand. The keymap turns keys (arrows,
/// hjkl, gg/G, PgUp/PgDn) into these, so every widget moves the same way.
package enum NavigationAction: Hashable, Sendable {
    case up
    case down
    case left
    case right
    case pageUp
    case pageDown
    case top
    case bottom
}

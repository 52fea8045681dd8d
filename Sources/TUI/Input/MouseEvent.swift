/// A mouse action at a cell (zero-based column and row).
package struct MouseEvent: Hashable, Sendable {
    /// Which button an event is about.
    package enum Button: Hashable, Sendable {
        case left
        case middle
        case right
    }

    /// What happened.
    package enum Kind: Hashable, Sendable {
        case press(Button)
        case release(Button)
        case drag(Button)
        case moved
        case scrollUp
        case scrollDown
        case scrollLeft
        case scrollRight
    }

    package var kind: Kind
    package var position: Position
    package var modifiers: KeyModifiers

    package init(kind: Kind, position: Position, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.position = position
        self.modifiers = modifiers
    }
}

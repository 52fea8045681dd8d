/// A mouse action at a cell (zero-based column and row).
public struct MouseEvent: Hashable, Sendable {
    /// Which button an event is about.
    public enum Button: Hashable, Sendable {
        case left
        case middle
        case right
    }

    /// What happened.
    public enum Kind: Hashable, Sendable {
        case press(Button)
        case release(Button)
        case drag(Button)
        case moved
        case scrollUp
        case scrollDown
        case scrollLeft
        case scrollRight
    }

    public var kind: Kind
    public var position: Position
    public var modifiers: KeyModifiers

    public init(kind: Kind, position: Position, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.position = position
        self.modifiers = modifiers
    }
}

/// A key press: the key and the modifiers held with it.
///
/// Control letters arrive as `.character("c")` with `.ctrl`; Alt combinations (ESC prefix) as
/// the key with `.alt`. Shifted printable characters carry the shifted character and no `.shift`.
package struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
    package var key: Key
    package var modifiers: KeyModifiers

    package init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    package static func char(_ character: Character, _ modifiers: KeyModifiers = []) -> KeyEvent {
        KeyEvent(.character(character), modifiers: modifiers)
    }

    package static func ctrl(_ character: Character) -> KeyEvent { KeyEvent(.character(character), modifiers: .ctrl) }

    /// The key written the way keymap files and key hints spell it, e.g. `ctrl+s`, `alt+left`, `F5`.
    package var description: String { KeySpec.name(of: self) }
}

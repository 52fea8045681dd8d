/// One or more keys pressed in turn, e.g. `g g` or `ctrl+x ctrl+s`, written space-separated.
package struct KeySequence: Hashable, Sendable, CustomStringConvertible {
    package var keys: [KeyEvent]

    package init(_ keys: [KeyEvent]) {
        self.keys = keys
    }

    /// Parses `"g g"`, `"ctrl+s"`, `"space"`; `nil` if any part names no key.
    package init?(_ text: String) {
        let parts = text.split(separator: " ").map(String.init)
        var keys: [KeyEvent] = []
        for part in parts {
            guard let key = KeySpec.parse(part) else { return nil }
            keys.append(key)
        }
        guard !keys.isEmpty else { return nil }
        self.keys = keys
    }

    package var description: String { keys.map(\.description).joined(separator: " ") }

    /// True when `other` starts with all of this sequence's keys (and is longer).
    package func isPrefix(of other: KeySequence) -> Bool {
        other.keys.count > keys.count && Array(other.keys.prefix(keys.count)) == keys
    }
}

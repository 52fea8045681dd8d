/// Turns key presses into actions using a `Keymap`, waiting when a key starts a longer sequence
/// (the first `g` of `g g`).
package struct KeyResolver: Sendable, Equatable {
    /// What a key press meant.
    package enum Resolution: Hashable, Sendable {
        case action(String)
        /// The keys so far start a sequence; wait for the next key.
        case pending
        /// No binding: the key goes to the focused widget (e.g. typed text).
        case unbound([KeyEvent])
    }

    package var keymap: Keymap
    package private(set) var pending: [KeyEvent] = []

    package init(keymap: Keymap) {
        self.keymap = keymap
    }

    /// Resolves a key within the active contexts (`global` is always active).
    package mutating func resolve(_ key: KeyEvent, contexts: [String] = []) -> Resolution {
        let active = Set(contexts + ["global"])
        let typed = pending + [key]
        var prefixMatch = false
        // In the order the contexts are given (most specific first), `global` last: a table's own
        // `up` beats the pane's, a widget's own binding beats a global one. Within a context, in
        // keymap order.
        let rank = { (context: String) in contexts.firstIndex(of: context) ?? contexts.count }
        let ordered = keymap.bindings.enumerated().filter { active.contains($0.element.context) }.sorted { a, b in
            (rank(a.element.context), a.offset) < (rank(b.element.context), b.offset)
        }.map(\.element)
        for binding in ordered {
            for sequence in binding.keys {
                if sequence.keys == typed {
                    pending = []
                    return .action(binding.action)
                }
                if sequence.keys.count > typed.count, Array(sequence.keys.prefix(typed.count)) == typed {
                    prefixMatch = true
                }
            }
        }
        if prefixMatch {
            pending = typed
            return .pending
        }
        pending = []
        return .unbound(typed)
    }

    /// Drops a half-typed sequence (on Esc, or focus change).
    package mutating func reset() {
        pending = []
    }
}

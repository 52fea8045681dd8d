/// An action and the key sequences that trigger it, with the words shown in hints and help.
package struct KeyBinding: Hashable, Sendable {
    /// Stable identifier used in keymap files, e.g. `nav.down`, `request.send`.
    package var action: String
    package var keys: [KeySequence]
    /// What the action does, for the help overlay.
    package var help: String
    /// Short label for the status bar ("send"); `nil` keeps it out of hints.
    package var hint: String?
    /// Where the keys apply (`global` everywhere; others only while that part of the screen has
    /// focus). Keys may repeat across different non-global contexts.
    package var context: String

    package init(_ action: String, keys: [String], help: String, hint: String? = nil, context: String = "global") {
        self.action = action
        self.keys = keys.compactMap { KeySequence($0) }
        self.help = help
        self.hint = hint
        self.context = context
    }
}

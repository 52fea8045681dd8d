/// What the table says about one command: its one wording (the palette's title and the help
/// line), whether the palette offers it, its status-bar hint, and its default keys per context.
package struct CommandSpec: Sendable {
    package var title: String
    package var inPalette: Bool
    /// Short label for the status bar ("send"); nil: the title, lower-cased.
    package var hint: String?
    /// Default keys per context, written as in keymap files (`ctrl+s`, `g g`).
    package var keys: [KeyContext: [String]]
    /// The help line where the command does something more particular in one context (a move
    /// that switches tabs in the request pane and folds in the tree).
    package var contextHelp: [KeyContext: String]

    /// A command the palette offers (with its keys, if any).
    static func palette(
        _ title: String, hint: String? = nil, _ keys: [KeyContext: [String]] = [:], help: [KeyContext: String] = [:]
    ) -> CommandSpec {
        CommandSpec(title: title, inPalette: true, hint: hint, keys: keys, contextHelp: help)
    }

    /// A command reached by its keys only.
    static func keys(
        _ title: String, hint: String? = nil, _ keys: [KeyContext: [String]], help: [KeyContext: String] = [:]
    ) -> CommandSpec {
        CommandSpec(title: title, inPalette: false, hint: hint, keys: keys, contextHelp: help)
    }

    /// The help line in `context`.
    package func help(in context: KeyContext) -> String { contextHelp[context] ?? title }
}

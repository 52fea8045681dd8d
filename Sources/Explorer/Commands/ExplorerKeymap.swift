package import TUI

/// The explorer's keys, made from the command table: one binding per command and context, in
/// context order and then table order. It resolves key presses, fills the status bar's hints,
/// the help overlay (per context) and the palette's shortcuts, and takes the user's keymap file
/// (whose ids are the commands' ids).
package enum ExplorerKeymap {
    package static let keymap = Keymap(
        KeyContext.allCases.flatMap { context in
            ExplorerCommand.allCases.compactMap { command -> KeyBinding? in
                let spec = command.spec
                guard let keys = spec.keys[context] else { return nil }
                return KeyBinding(
                    command.id, keys: keys, help: spec.help(in: context), hint: spec.hint, context: context.rawValue)
            }
        },
        // The completion list takes Tab and Ctrl+P while it is open (Tab takes an item).
        shadowingContexts: [KeyContext.completion.rawValue])

    /// Commands shown in the status bar, in order.
    package static let hintCommands: [ExplorerCommand] = [
        .request(.send), .request(.save), .environment(.pick), .app(.palette), .app(.help), .app(.quit),
    ]

    /// The command a key press resolved to in `resolver` (an id the table does not know resolves
    /// to nothing: a user file naming one is refused at load).
    package static func command(_ resolution: KeyResolver.Resolution) -> ExplorerCommand? {
        guard case .action(let id) = resolution else { return nil }
        return ExplorerCommand(id: id)
    }
}

extension Keymap {
    /// Status-bar hints for the given commands, showing each one's first key.
    package func hints(for commands: [ExplorerCommand]) -> [KeyHint] {
        hints(for: commands.map(\.id))
    }

    /// The keys of a command (its first binding's).
    package func keys(for command: ExplorerCommand) -> [KeySequence] {
        keys(for: command.id)
    }

    /// Help lines for one context.
    package func helpLines(_ context: KeyContext, keyStyle: Style) -> [Line] {
        helpLines(contexts: [context.rawValue], keyStyle: keyStyle)
    }
}

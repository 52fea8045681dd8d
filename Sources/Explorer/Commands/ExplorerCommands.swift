import TUI
import Workspace

/// The command palette's entries: every command the table offers there, with its title and key,
/// plus one entry per environment of the current collection and per theme.
package enum ExplorerCommands {
    /// What a palette entry does.
    package enum Action: Hashable, Sendable {
        case command(ExplorerCommand)
        /// Switch the current collection to this environment.
        case environment(String)
        /// Use this colour theme.
        case theme(String)
    }

    package struct Command: Sendable, Hashable {
        package var title: String
        package var action: Action
        package var shortcut: String
    }

    /// The commands the palette offers, in table order.
    package static let offered = ExplorerCommand.allCases.filter { $0.spec.inPalette }

    package static func list(for state: ExplorerState) -> [Command] {
        var commands = offered.map { command in
            Command(
                title: command.spec.title, action: .command(command),
                shortcut: state.keys.keymap.keys(for: command).first?.description ?? "")
        }
        if let id = state.currentCollectionID, let collection = state.document(collectionID: id)?.collection {
            commands += collection.environments.map {
                Command(
                    title: "Environment: \($0.name) (\($0.kind.rawValue))", action: .environment($0.name), shortcut: "")
            }
        }
        commands += state.themes.names.map { Command(title: "Theme: \($0)", action: .theme($0), shortcut: "") }
        return commands
    }
}

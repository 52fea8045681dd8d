import TUI
import Workspace

/// The command palette's entries: every action with its title and key, plus one entry per
/// environment of the current collection and per theme.
package enum ExplorerCommands {
    package struct Command: Sendable, Hashable {
        package var title: String
        package var action: String
        package var shortcut: String
    }

    static let fixed: [(String, String)] = [
        ("Send the request", "request.send"), ("Cancel the request in flight", "request.cancel"),
        ("Save the request", "request.save"), ("Save all", "request.saveAll"),
        ("Copy as curl (secrets masked)", "request.copyCurl"),
        ("Copy as curl (secrets revealed)", "request.copyCurlRevealed"),
        ("Import a file (curl, .http, Postman, OpenAPI, HAR)…", "interop.import"),
        ("Export the collection (curl, .http, Postman, HAR)…", "interop.export"),
        ("Pick the environment", "env.pick"), ("Next environment", "env.next"),
        ("Variables and their sources", "env.variables"), ("New request", "collections.newRequest"),
        ("New folder", "collections.newFolder"), ("New collection file", "collections.newCollection"),
        ("Rename", "collections.rename"), ("Duplicate the request or folder", "collections.duplicate"),
        ("Delete", "collections.delete"), ("Undo the last deletion", "collections.undo"),
        ("Move up", "collections.moveUp"), ("Move down", "collections.moveDown"),
        ("Move into another folder", "collections.moveTo"),
        ("Run the folder (Runner view)", "runner.run"),
        ("Run the whole collection (Runner view)", "runner.runCollection"),
        ("Show or hide the Runner view", "runner.show"),
        ("Filter the collections", "collections.filter"), ("Edit the URL", "request.focusURL"),
        ("Next HTTP method", "request.method"), ("Pretty-format the JSON body", "body.format"),
        ("Edit the body in $EDITOR", "body.external"), ("Next body kind", "request.bodyKind"),
        ("Unfold the whole tree", "tree.expandAll"), ("Fold the whole tree", "tree.collapseAll"),
        ("Unfold the tree to depth 1", "tree.depth1"), ("Unfold the tree to depth 2", "tree.depth2"),
        ("Unfold the tree to depth 3", "tree.depth3"), ("Search the tree", "tree.search"),
        ("JSONPath filter", "tree.filter"), ("Copy the value", "tree.copyValue"),
        ("Copy the value's JSONPath", "tree.copyPath"), ("Copy the response body", "raw.copy"),
        ("Save the response body to a file", "response.save"),
        ("Save the response as a mock route", "response.saveMock"),
        ("Error card: show or fold the technical detail", "response.details"),
        ("Raw: wrap lines", "raw.wrap"), ("Raw: hex dump", "raw.hex"), ("Raw: pretty / exact", "raw.pretty"),
        ("Zoom the focused pane", "view.zoom"), ("Collections pane wider", "view.wider"),
        ("Collections pane narrower", "view.narrower"), ("Request pane larger", "view.requestLarger"),
        ("Request pane smaller", "view.requestSmaller"), ("Next colour theme", "app.theme"),
        ("Mouse on/off", "app.mouse"), ("Collection problems", "app.problems"), ("Show the keys", "app.help"),
        ("Quit", "app.quit"),
    ]

    package static func list(for state: ExplorerState) -> [Command] {
        var commands = fixed.map { title, action in
            Command(
                title: title, action: action,
                shortcut: state.keys.keymap.keys(for: action).first?.description ?? "")
        }
        if let id = state.currentCollectionID, let collection = state.document(collectionID: id)?.collection {
            commands += collection.environments.map {
                Command(title: "Environment: \($0.name) (\($0.kind.rawValue))", action: "env:\($0.name)", shortcut: "")
            }
        }
        commands += state.themes.names.map { Command(title: "Theme: \($0)", action: "theme:\($0)", shortcut: "") }
        return commands
    }
}

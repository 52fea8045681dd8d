import HTTPCore
package import TUI
package import Workspace

/// The environment editor (from the `F2` manager) or the collection variables editor (`e` in
/// `F4`): a table of the environment's base URL, kind and variables (or the collection's
/// variables), the highlighted row and cell, and the cell being typed. The values themselves are
/// read from the collection in memory, where every committed edit goes (an unsaved change).
package struct EnvironmentEditorState: Sendable, Equatable {
    package enum Scope: Sendable, Hashable {
        case environment(String)
        /// The collection's own variables.
        case collection

        /// The `EnvironmentEdit` scope: the environment's name, nil for the collection.
        package var editScope: String? {
            if case .environment(let name) = self { name } else { nil }
        }
    }

    package enum Column: Sendable, Hashable {
        case name, value
    }

    package var collectionID: String
    package var scope: Scope
    package var selected = 0
    package var column = Column.value
    /// The cell being typed, nil when none is.
    package var editor: TextEditorState?
    /// A variable being added: its name is typed first, then its value.
    package var adding = false
    /// Why the cell being typed was not taken (shown under the table).
    package var error: String?

    package init(collectionID: String, scope: Scope) {
        self.collectionID = collectionID
        self.scope = scope
    }
}

/// The rows of the environment editor, in order, as the reducer, the layout and the view see them.
package enum EnvironmentEditorRow: Sendable, Equatable {
    case baseURL(String)
    case kind(Environment.Kind)
    /// The mock environment's routes (Enter lists them).
    case routes(Int)
    case variable(index: Int, Variable)
    /// The last row: `a` or Enter adds a variable.
    case add

    package static func rows(_ scope: EnvironmentEditorState.Scope, in collection: RequestCollection)
        -> [EnvironmentEditorRow]
    {
        switch scope {
        case .collection:
            return collection.variables.enumerated().map { .variable(index: $0.offset, $0.element) } + [.add]
        case .environment(let name):
            guard let environment = collection.environment(named: name) else { return [] }
            var rows: [EnvironmentEditorRow] = [.baseURL(environment.baseURL), .kind(environment.kind)]
            if environment.kind == .mock || !environment.routes.isEmpty {
                rows.append(.routes(environment.routes.count))
            }
            return rows + environment.variables.enumerated().map { .variable(index: $0.offset, $0.element) } + [.add]
        }
    }
}

/// The routes of a mock environment listed from the manager or the editor.
package struct MockRoutesState: Sendable, Equatable {
    package var collectionID: String
    package var environment: String
    package var selected = 0
    /// Opened from the environment's editor (Esc goes back there), else from the manager.
    package var fromEditor: Bool

    package init(collectionID: String, environment: String, fromEditor: Bool = false) {
        self.collectionID = collectionID
        self.environment = environment
        self.fromEditor = fromEditor
    }
}

/// A question before an environment edit that loses something (deleting an environment or a
/// route): Alt+D does it, Esc goes back to `back`.
package struct EnvironmentDeletion: Sendable, Equatable {
    package var collectionID: String
    package var edit: EnvironmentEdit
    package var message: String
    /// The dialog the question came from, open again after the answer.
    package var back: Overlay?

    package init(collectionID: String, edit: EnvironmentEdit, message: String, back: Overlay?) {
        self.collectionID = collectionID
        self.edit = edit
        self.message = message
        self.back = back
    }
}

/// The answer a mock route gives, as text for the viewer opened from the routes list.
package enum MockRouteText {
    /// The answer a route gives, as text for the viewer.
    package static func text(_ route: SavedMockRoute) -> String {
        var out = ["\(route.method?.rawValue ?? "any method") \(route.path)" + (route.name.map { " — \($0)" } ?? "")]
        for (index, response) in route.responses.enumerated() {
            out.append("")
            if route.responses.count > 1 { out.append("Answer \(index + 1) of \(route.responses.count):") }
            out.append("HTTP \(response.status)")
            out += response.headers.map { "\($0.name): \($0.value)" }
            out.append("")
            switch response.body {
            case .none: out.append("(no body)")
            case .json(let json): out.append(json.prettyPrinted())
            case .text(let text): out.append(text)
            case .file(let path): out.append("(the body is the file \(path))")
            case .events(let events): out.append("(a stream of \(events.count) events)")
            case .websocket(let script):
                out.append(
                    script.replies.isEmpty
                        ? "(a WebSocket that echoes every message)"
                        : "(a WebSocket with \(script.replies.count) scripted replies)")
            }
        }
        return out.joined(separator: "\n")
    }
}

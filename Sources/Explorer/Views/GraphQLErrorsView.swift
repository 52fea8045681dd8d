import TUI
import Workspace

/// A GraphQL answer's `errors` above the tree (issue 28): a line saying whether `data` came too (a
/// partial success) or not, then one row per error — its message, `path`, first location in the
/// query and `extensions` — the picked one highlighted while the list has the keyboard.
enum GraphQLErrorsView {
    static func render(_ state: ExplorerState, _ graphql: GraphQLResponse, in area: Rect, frame: inout Frame) {
        guard area.height > 0 else { return }
        let theme = state.theme
        let response = state.response
        let count = graphql.errors.count
        let errors = "\(count) error\(count == 1 ? "" : "s")"
        let summary =
            graphql.isPartial ? "◐ GraphQL partial success: data and \(errors)" : "✖ GraphQL: \(errors), no data"
        let hint =
            response.graphqlErrorsFocused
            ? "  ↑↓ pick · \(key(.graphqlErrorNode, state)): its node · \(key(.graphqlErrorQuery, state)): the query · esc: the tree"
            : "  · \(key(.graphqlErrors, state)): the list · \(key(.nextFinding, state)): next error"
        let x = frame.buffer.write(
            summary, x: area.x, y: area.y, style: theme[graphql.isPartial ? .warning : .error], maxX: area.right)
        frame.buffer.write(hint, x: x, y: area.y, style: theme[.muted], maxX: area.right)
        let rows = area.height - 1
        let first = ResponseLayout.firstShownGraphQLError(selected: response.graphqlErrorSelected, rows: rows)
        for (offset, error) in graphql.errors.dropFirst(first).prefix(rows).enumerated() {
            let index = first + offset
            let y = area.y + 1 + offset
            let picked = response.graphqlErrorsFocused && index == response.graphqlErrorSelected
            var x = frame.buffer.write(
                (picked ? "▸ " : "  ") + "\(index + 1) ", x: area.x, y: y, style: theme[.muted], maxX: area.right)
            x = frame.buffer.write(error.message, x: x, y: y, style: theme[.text], maxX: area.right)
            if !error.path.isEmpty {
                x = frame.buffer.write("  at " + error.dottedPath, x: x, y: y, style: theme[.accent], maxX: area.right)
            }
            if let location = error.locations.first {
                let more = error.locations.count > 1 ? " (+\(error.locations.count - 1))" : ""
                x = frame.buffer.write(
                    "  query \(location.line):\(location.column)" + more, x: x, y: y, style: theme[.info],
                    maxX: area.right)
            }
            if let extensions = error.extensions {
                frame.buffer.write("  " + compact(extensions), x: x, y: y, style: theme[.muted], maxX: area.right)
            }
            if picked {
                frame.buffer.setStyle(theme[.selection], in: Rect(x: area.x, y: y, width: area.width, height: 1))
            }
        }
    }

    /// The command's first key as the status bar writes it.
    private static func key(_ command: ResponseCommand, _ state: ExplorerState) -> String {
        state.keys.keymap.keys(for: .response(command)).first?.description ?? "?"
    }

    /// JSON text on one line: whitespace outside strings dropped (`extensions` as the server
    /// pretty-printed them would take several).
    static func compact(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        var inString = false
        var escaped = false
        for character in json {
            if inString {
                result.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
                result.append(character)
            } else if !character.isWhitespace {
                result.append(character)
            }
        }
        return result
    }
}

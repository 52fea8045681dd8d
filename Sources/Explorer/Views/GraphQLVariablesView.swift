import Foundation
import TUI

/// A GraphQL body's variables under its query (issue 28): the "Variables" line — their JSON
/// problem or `✓`, the key that moves between the two fields, and the variables on one line when
/// the pane has no room for their editor — and the editor itself.
enum GraphQLVariablesView {
    static func render(_ state: ExplorerState, _ areas: GraphQLBodyLayout.Areas, frame: inout Frame) {
        let theme = state.theme
        let title = areas.variablesTitle
        guard title.height > 0 else { return }
        let editor = state.editor
        let on = editor.onVariables && RequestLayout.isTyping(state)
        var x = frame.buffer.write(
            "Variables", x: title.x, y: title.y, style: on ? theme[.accent].bold : theme[.title], maxX: title.right)
        let text = editor.variables.text
        if let problem = editor.variablesProblem {
            x = frame.buffer.write("  ✖ " + problem, x: x, y: title.y, style: theme[.error], maxX: title.right)
        } else if text.contains(where: { !$0.isWhitespace }) {
            x = frame.buffer.write("  ✓ JSON", x: x, y: title.y, style: theme[.success], maxX: title.right)
        } else {
            x = frame.buffer.write("  (none)", x: x, y: title.y, style: theme[.muted], maxX: title.right)
        }
        if areas.variables.height == 0, text.contains(where: { !$0.isWhitespace }) {
            // No room for the editor: the variables on one line.
            let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: " ")
            x = frame.buffer.write("  " + line, x: x, y: title.y, style: theme[.text], maxX: title.right)
        }
        let key = state.keys.keymap.keys(for: .request(.graphqlVariables)).first?.description ?? "alt+v"
        let hint = "  \(key) " + (on ? "the query" : "edit")
        if x + CharacterWidth.of(hint) <= title.right {
            frame.buffer.write(hint, x: x, y: title.y, style: theme[.muted])
        }
        guard areas.variables.height > 0 else { return }
        frame.render(GraphQLBodyLayout.variablesEditor(state), in: areas.variables, laidOut: editor.variables)
    }
}

import GraphQLCheck
import TUI

/// The line under a GraphQL query being typed in (issue 28): the signature and description of
/// the name under the cursor (`User.name: String!  The display name`, a deprecation said), or of
/// the completion chosen while the list is open; otherwise how to complete.
enum GraphQLDocsView {
    static func render(_ state: ExplorerState, in area: Rect, frame: inout Frame) {
        guard area.height > 0 else { return }
        let theme = state.theme
        let editor = state.editor
        if let list = editor.completion, list.graphql, list.items.indices.contains(list.selected) {
            let item = list.items[list.selected]
            let description = list.descriptions.indices.contains(list.selected) ? list.descriptions[list.selected] : nil
            var x = frame.buffer.write(
                item.label + ": " + item.detail, x: area.x, y: area.y, style: theme[.accent], maxX: area.right)
            if let description {
                x = frame.buffer.write(
                    "  " + firstLine(description), x: x, y: area.y, style: theme[.muted], maxX: area.right)
            }
            return
        }
        guard let docs = editor.graphqlDocs else {
            let key = state.keys.keymap.keys(for: .request(.graphqlComplete)).first?.description ?? "ctrl+space"
            frame.buffer.write(
                "\(key) complete from the schema", x: area.x,
                y: area.y, style: theme[.muted], maxX: area.right)
            return
        }
        var x = frame.buffer.write(docs.signature, x: area.x, y: area.y, style: theme[.accent], maxX: area.right)
        if let deprecation = docs.deprecation {
            x = frame.buffer.write(
                "  deprecated: " + firstLine(deprecation), x: x, y: area.y, style: theme[.warning], maxX: area.right)
        }
        if let description = docs.description {
            frame.buffer.write("  " + firstLine(description), x: x, y: area.y, style: theme[.muted], maxX: area.right)
        }
    }

    /// A description's first line (schemas write paragraphs).
    static func firstLine(_ text: String) -> String {
        String(text.split(whereSeparator: \.isNewline).first ?? "")
    }
}

import TUI

/// The completion list, drawn under the cursor of the field being typed in (above it near the
/// bottom of the screen): each item with where it comes from, the chosen one highlighted.
enum CompletionView {
    static func render(_ state: ExplorerState, into frame: inout Frame) {
        guard state.overlay == nil, state.focus == .request, state.isTyping, let completion = state.editor.completion,
            let cursor = frame.cursor, !completion.items.isEmpty
        else { return }
        let theme = state.theme
        let labelWidth = completion.items.map { CharacterWidth.of($0.label) }.max() ?? 0
        let detailWidth = completion.items.map { CharacterWidth.of($0.detail) }.max() ?? 0
        let screen = frame.area
        let width = min(screen.width, labelWidth + (detailWidth > 0 ? detailWidth + 2 : 0) + 2)
        // A GraphQL list says what the chosen item is, on a line of its own under the items.
        let description =
            completion.graphql && completion.descriptions.indices.contains(completion.selected)
            ? completion.descriptions[completion.selected].map(firstLine) : nil
        let height = completion.items.count + (description == nil ? 0 : 1)
        let x = max(0, min(cursor.x - completion.replacing, screen.right - width))
        // Below the cursor, or above it when the list would cover the status line.
        let below = cursor.y + 1
        let y = below + height <= screen.bottom - 1 ? below : max(0, cursor.y - height)
        if let description {
            let row = Rect(
                x: x, y: y + completion.items.count,
                width: max(width, min(CharacterWidth.of(description) + 2, screen.right - x)), height: 1)
            frame.buffer.fill(row, with: .blank(theme[.cursorLine]))
            frame.buffer.write(
                " " + description, x: x, y: row.y, style: theme[.cursorLine].patched(with: theme[.muted]),
                maxX: row.right)
        }
        for (index, item) in completion.items.enumerated() {
            let row = Rect(x: x, y: y + index, width: width, height: 1)
            // Text in the theme's text colour (the cursor line has only a background: items were in
            // the terminal's own colour); the chosen row's detail in the selection's colours (muted
            // on the selection could not be read).
            let chosen = index == completion.selected
            let style = chosen ? theme[.selection] : theme[.text].patched(with: theme[.cursorLine])
            frame.buffer.fill(row, with: .blank(style))
            let end = frame.buffer.write(" " + item.label, x: x, y: row.y, style: style, maxX: row.right)
            if !item.detail.isEmpty {
                let detailX = max(end + 2, x + labelWidth + 3)
                frame.buffer.write(
                    item.detail, x: detailX, y: row.y, style: chosen ? style : style.patched(with: theme[.muted]),
                    maxX: row.right)
            }
        }
    }

    /// A description's first line (schemas write paragraphs).
    static func firstLine(_ text: String) -> String {
        String(text.split(whereSeparator: \.isNewline).first ?? "")
    }
}

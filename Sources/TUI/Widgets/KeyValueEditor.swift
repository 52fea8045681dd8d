/// Rows of key = value pairs, each with an on/off box, edited in place.
package struct KeyValueEditor: StatefulWidget {
    package var highlightStyle: Style
    package var disabledStyle: Style
    package var focusedCellStyle: Style
    /// The cell being typed into, filled across its width so it stands out from the row (an
    /// underline alone did not show which cell took the keys).
    package var editingCellStyle: Style
    package var keyWidth: Constraint
    /// The key that adds a row, named when there are none (a keymap may have moved it off `a`).
    package var addKey: String
    /// Whether the selected row is drawn as selected: false for a table beside the one that has
    /// the keys (the Params tab's query and path parameters), so one row looks selected, not two.
    package var showsSelection = true

    package init(
        highlightStyle: Style = Style(modifiers: .reverse), disabledStyle: Style = Style(modifiers: .dim),
        focusedCellStyle: Style = Style(modifiers: [.underline, .bold]),
        editingCellStyle: Style = Style(modifiers: .reverse), keyWidth: Constraint = .percentage(35),
        addKey: String = "a"
    ) {
        self.editingCellStyle = editingCellStyle
        self.addKey = addKey
        self.highlightStyle = highlightStyle
        self.disabledStyle = disabledStyle
        self.focusedCellStyle = focusedCellStyle
        self.keyWidth = keyWidth
    }

    package func render(in area: Rect, buffer: inout Buffer, state: inout KeyValueEditorState) {
        guard !area.isEmpty else { return }
        let columns = Layout.horizontal([.length(4), keyWidth, .fill(1)], spacing: 1).split(area)
        state.table.scrollIntoView(count: state.rows.count, height: area.height)
        if state.rows.isEmpty {
            buffer.write(
                "(none — press \(addKey) to add)", x: area.x, y: area.y, style: disabledStyle, maxX: area.right)
        }
        for row in 0..<area.height {
            let index = state.table.offset + row
            guard index < state.rows.count else { break }
            let item = state.rows[index]
            let y = area.y + row
            let rowStyle = item.enabled ? Style.plain : disabledStyle
            let isSelected = showsSelection && index == state.table.selected
            buffer.write(item.enabled ? "[x]" : "[ ]", x: columns[0].x, y: y, style: rowStyle, maxX: columns[0].right)
            for (column, rect, text) in [
                (KeyValueEditorState.Column.key, columns[1], item.key), (.value, columns[2], item.value),
            ] {
                if isSelected, state.column == column, var editor = state.editor {
                    TextInput(style: editingCellStyle).render(
                        in: Rect(x: rect.x, y: y, width: rect.width, height: 1), buffer: &buffer, state: &editor
                    )
                    state.editor = editor
                } else {
                    let style =
                        isSelected && state.column == column ? rowStyle.patched(with: focusedCellStyle) : rowStyle
                    // A value cut at the column edge ends in …, so it does not read as the whole value.
                    buffer.writeFitted(text, x: rect.x, y: y, style: style, maxX: rect.right)
                }
            }
            if isSelected, state.editor == nil {
                buffer.setStyle(highlightStyle, in: Rect(x: area.x, y: y, width: area.width, height: 1))
            }
        }
    }
}

/// Rows, selection and in-place editing of a `KeyValueEditor`.
package struct KeyValueEditorState: Hashable, Sendable {
    /// Which column of the selected row has focus.
    package enum Column: Hashable, Sendable {
        case key
        case value
    }

    package var rows: [KeyValueEditorRow]
    package var table = TableState()
    package var column: Column = .key
    /// The editor of the focused cell while editing, `nil` otherwise.
    package var editor: TextEditorState?
    /// The row `a` added, until its first edit is kept: Esc then takes the row away again (it
    /// stayed, empty, and went out with the request).
    private var addedRow: Int?

    package init(rows: [KeyValueEditorRow]) {
        self.rows = rows
        table.selected = rows.isEmpty ? nil : 0
    }

    package var isEditing: Bool { editor != nil }

    /// Space toggles the selected row, Enter starts or commits an edit, Esc cancels it, Tab /
    /// left / right switch column, `a` adds a row, `d`/Delete removes the selected one; arrows,
    /// PgUp/PgDn and hjkl-style navigation arrive as `NavigationAction`s. A program with a keymap
    /// maps its own keys to the row commands and calls `handleEditing` for the rest.
    package mutating func handle(_ event: Event) -> Bool {
        if editor == nil, case .key(let key) = event {
            switch (key.key, key.modifiers) {
            case (.character(" "), []):
                toggleSelected()
                return true
            case (.enter, []):
                beginEditing()
                return true
            case (.character("a"), []):
                addRow()
                return true
            case (.character("d"), []), (.delete, []):
                return deleteSelected()
            default: break
            }
        }
        return handleEditing(event)
    }

    /// The keys that are not row commands: typing into the cell being edited (Enter or Tab keeps
    /// the edit, Esc cancels it), and Tab / left / right switching column.
    package mutating func handleEditing(_ event: Event) -> Bool {
        if var editor {
            if case .key(let key) = event {
                if key == KeyEvent(.enter) || key == KeyEvent(.tab) {
                    commit(editor.text)
                    if key == KeyEvent(.tab) { column = column == .key ? .value : .key }
                    return true
                }
                if key == KeyEvent(.escape) {
                    self.editor = nil
                    if let added = addedRow, added == table.selected, rows.indices.contains(added) {
                        rows.remove(at: added)
                        table.selected = rows.isEmpty ? nil : min(added, rows.count - 1)
                    }
                    addedRow = nil
                    return true
                }
            }
            let handled = editor.handle(event)
            self.editor = editor
            return handled
        }
        guard case .key(let key) = event else { return false }
        switch (key.key, key.modifiers) {
        case (.tab, []), (.left, []), (.right, []): column = column == .key ? .value : .key
        default: return false
        }
        return true
    }

    /// Adds an empty row below the selected one and edits its name (Esc before the first edit is
    /// kept takes the row away again).
    package mutating func addRow() {
        guard editor == nil else { return }
        let at = (table.selected ?? rows.count - 1) + 1
        rows.insert(KeyValueEditorRow(key: "", value: ""), at: at)
        table.selected = at
        column = .key
        beginEditing()
        addedRow = at
    }

    /// Removes the selected row; false when there is none.
    @discardableResult
    package mutating func deleteSelected() -> Bool {
        guard editor == nil, let selected = table.selected, rows.indices.contains(selected) else { return false }
        rows.remove(at: selected)
        table.selected = rows.isEmpty ? nil : min(selected, rows.count - 1)
        return true
    }

    package mutating func apply(_ action: NavigationAction) {
        guard editor == nil else { return }
        table.apply(action, count: rows.count)
    }

    package mutating func toggleSelected() {
        guard let selected = table.selected, rows.indices.contains(selected) else { return }
        rows[selected].enabled.toggle()
    }

    package mutating func beginEditing() {
        guard let selected = table.selected, rows.indices.contains(selected) else { return }
        var editor = TextEditorState(text: column == .key ? rows[selected].key : rows[selected].value, singleLine: true)
        editor.move(.lineEnd)
        self.editor = editor
    }

    private mutating func commit(_ text: String) {
        defer {
            editor = nil
            addedRow = nil
        }
        guard let selected = table.selected, rows.indices.contains(selected) else { return }
        switch column {
        case .key: rows[selected].key = text
        case .value: rows[selected].value = text
        }
    }

    /// The rows that are switched on, in order (what a request actually sends).
    package var enabledRows: [KeyValueEditorRow] { rows.filter(\.enabled) }
}

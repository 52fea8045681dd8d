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
    /// The keys come from elsewhere (path parameters: the URL's `:name` segments): Enter edits
    /// the value, the key column is never entered, rows are not added or removed here.
    package private(set) var keysAreFixed = false
    /// The editor of the focused cell while editing, `nil` otherwise.
    package var editor: TextEditorState?
    /// The row `a` added, until its first edit is kept: Esc then takes the row away again (it
    /// stayed, empty, and went out with the request).
    private var addedRow: Int?

    package init(rows: [KeyValueEditorRow], keysAreFixed: Bool = false) {
        self.rows = rows
        self.keysAreFixed = keysAreFixed
        if keysAreFixed { column = .value }
        table.selected = rows.isEmpty ? nil : 0
    }

    package var isEditing: Bool { editor != nil }

    /// Space toggles the selected row, Enter starts or commits an edit, Esc cancels it, Tab /
    /// left / right switch column, `a` adds a row, `d`/Delete removes the selected one; arrows,
    /// PgUp/PgDn and hjkl-style navigation arrive as `NavigationAction`s.
    package mutating func handle(_ event: Event) -> Bool {
        if var editor {
            if case .key(let key) = event {
                if key == KeyEvent(.enter) || key == KeyEvent(.tab) {
                    commit(editor.text)
                    if key == KeyEvent(.tab), !keysAreFixed { column = column == .key ? .value : .key }
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
        if keysAreFixed {
            switch (key.key, key.modifiers) {
            case (.character(" "), []): toggleSelected()
            case (.enter, []):
                column = .value
                beginEditing()
            // The other column is the name: there is nowhere to move to (taken, so the keys do
            // what they do in the other tables: stay in the table).
            case (.left, []), (.right, []): column = .value
            default: return false
            }
            return true
        }
        switch (key.key, key.modifiers) {
        case (.character(" "), []): toggleSelected()
        case (.enter, []): beginEditing()
        case (.tab, []), (.left, []), (.right, []): column = column == .key ? .value : .key
        case (.character("a"), []):
            let at = (table.selected ?? rows.count - 1) + 1
            rows.insert(KeyValueEditorRow(key: "", value: ""), at: at)
            table.selected = at
            column = .key
            beginEditing()
            addedRow = at
        case (.character("d"), []), (.delete, []):
            guard let selected = table.selected, rows.indices.contains(selected) else { return false }
            rows.remove(at: selected)
            table.selected = rows.isEmpty ? nil : min(selected, rows.count - 1)
        default: return false
        }
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

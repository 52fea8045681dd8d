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
        table.selected = rows.isEmpty ? nil : 0
        column = startColumn
    }

    /// The column a row is entered on: its value when its name is fixed or already written (Enter
    /// on `page` edits `1`), its name when it has none. Moving to another row starts there again:
    /// the column chosen on one row is not carried to the next (typing `2` on `page` made `?2=1`).
    package var startColumn: Column {
        if keysAreFixed { return .value }
        guard let selected = table.selected, rows.indices.contains(selected) else { return .key }
        return rows[selected].key.isEmpty ? .key : .value
    }

    package var isEditing: Bool { editor != nil }

    /// Default keys for a program without a keymap (`lazer ui-demo`): Space toggles the selected
    /// row, Enter starts or commits an edit, Esc cancels it, Tab / left / right switch column,
    /// `a` adds a row, `d`/Delete removes the selected one; arrows, PgUp/PgDn and hjkl-style
    /// navigation arrive as `NavigationAction`s. A program with a keymap (the explorer) maps its
    /// own keys to `addRow`, `deleteSelected`, `toggleSelected`, `beginEditing`, `switchColumn`
    /// and `apply`, and calls `handleEditing` only while a cell is being edited.
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
            case (.tab, []), (.left, []), (.right, []):
                switchColumn()
                return true
            default: break
            }
        }
        return handleEditing(event)
    }

    /// Moves the focus to the row's other column. With fixed names the other column is not
    /// entered (the key is still taken: it stays in the table, as in the other tables).
    package mutating func switchColumn() {
        guard editor == nil else { return }
        column = keysAreFixed || column == .key ? .value : .key
    }

    /// Typing into the cell being edited (Enter or Tab keeps the edit, Esc cancels it); false
    /// while no cell is being edited (every other key is a row command, mapped by the program).
    package mutating func handleEditing(_ event: Event) -> Bool {
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
        return false
    }

    /// Adds an empty row below the selected one and edits its name (Esc before the first edit is
    /// kept takes the row away again).
    package mutating func addRow() {
        guard editor == nil, !keysAreFixed else { return }
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
        guard editor == nil, !keysAreFixed, let selected = table.selected, rows.indices.contains(selected) else {
            return false
        }
        rows.remove(at: selected)
        table.selected = rows.isEmpty ? nil : min(selected, rows.count - 1)
        column = startColumn
        return true
    }

    /// Moves the selected row one place up (`by: -1`) or down (`by: 1`), the selection with it;
    /// false at either end, while a cell is edited, or with fixed names (their order is the URL's).
    @discardableResult
    package mutating func moveSelected(by offset: Int) -> Bool {
        guard editor == nil, !keysAreFixed, let selected = table.selected, rows.indices.contains(selected),
            rows.indices.contains(selected + offset)
        else { return false }
        rows.swapAt(selected, selected + offset)
        table.selected = selected + offset
        return true
    }

    package mutating func apply(_ action: NavigationAction) {
        guard editor == nil else { return }
        let before = table.selected
        table.apply(action, count: rows.count)
        if table.selected != before { column = startColumn }
    }

    /// Moves the focus to `column` of the selected row (with fixed names: the value, always).
    package mutating func selectColumn(_ column: Column) {
        guard editor == nil else { return }
        self.column = keysAreFixed ? .value : column
    }

    /// Selects `row` (a click, a problem's row), on the column it starts on.
    package mutating func select(_ row: Int) {
        guard editor == nil, !rows.isEmpty else { return }
        table.selected = max(0, min(row, rows.count - 1))
        column = startColumn
    }

    package mutating func toggleSelected() {
        guard let selected = table.selected, rows.indices.contains(selected) else { return }
        rows[selected].enabled.toggle()
    }

    package mutating func beginEditing() {
        guard let selected = table.selected, rows.indices.contains(selected) else { return }
        if keysAreFixed { column = .value }
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

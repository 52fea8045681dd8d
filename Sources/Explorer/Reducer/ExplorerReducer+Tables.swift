import TUI
import Workspace

/// The row commands of the Params, Headers, form and multipart tables: their keys come from the
/// keymap's `table` context like every other key, so a user keymap file rebinds them.
extension ExplorerReducer {
    /// What a table command does to the focused table.
    enum TableEdit {
        case add
        case delete
        case toggle
        case edit
    }

    /// Adds, deletes or switches a row, or edits the selected cell, in the focused table.
    static func tableCommand(_ command: TableEdit, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let selection = state.selection, state.tableHasFocus else { return [] }
        // Path parameters are the URL's `:name` segments: adding one there made a row no URL
        // used (a query parameter was meant); it adds a query row instead.
        if command == .add, state.editor.tab == .params, state.editor.paramsOnPath {
            state.editor.paramsOnPath = false
            state.editor.query.apply(.bottom)
            let key = state.keys.keymap.keys(for: .request(.addRow)).first?.description ?? "a"
            notify(&state, "Path parameters come from :name in the URL; \(key) adds a query row", kind: .info)
        }
        var changed = false
        withTable(&state) { table in
            switch command {
            case .add:
                table.addRow()
                changed = true
            case .delete: changed = table.deleteSelected()
            case .toggle:
                table.toggleSelected()
                changed = true
            case .edit:
                table.beginEditing()
                changed = true
            }
        }
        guard changed else { return [] }
        syncTables(selection, &state)
        return draftsChanged(&state)
    }
}

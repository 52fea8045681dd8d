import TUI
import Workspace

/// Where the environment editor draws: its box, one line per row (base URL, kind, routes,
/// variables, "+ add"), the name and value columns, and the lines below them (the keys, the
/// unsaved changes). `settle` lays the cell being typed out in its column.
enum EnvironmentEditorLayout {
    static let width = 92
    static let nameWidth = 24
    /// Lines before the rows (the scope's title line).
    static let top = 1

    static func rows(_ editor: EnvironmentEditorState, _ state: ExplorerState) -> [EnvironmentEditorRow] {
        guard let collection = state.document(collectionID: editor.collectionID)?.collection else { return [] }
        return EnvironmentEditorRow.rows(editor.scope, in: collection)
    }

    /// The unsaved changes of the collection's environments and variables, one line each.
    static func changes(collectionID: String, _ state: ExplorerState) -> [String] {
        guard let document = state.document(collectionID: collectionID) else { return [] }
        return EnvironmentChanges.lines(from: document.savedCollection, to: document.collection)
    }

    static func lineCount(_ editor: EnvironmentEditorState, _ state: ExplorerState) -> Int {
        let changes = changes(collectionID: editor.collectionID, state)
        return top + rows(editor, state).count + 3 + (editor.error == nil ? 0 : 1)
            + (changes.isEmpty ? 0 : changes.count + 1)
    }

    static func box(_ editor: EnvironmentEditorState, _ state: ExplorerState) -> (box: Rect, inner: Rect) {
        OverlayLayout.textBox(count: lineCount(editor, state), width: width, screen: Rect(size: state.size))
    }

    /// The value column's area on `row`'s line (the name column's for `.name`).
    static func cell(_ editor: EnvironmentEditorState, row: Int, column: EnvironmentEditorState.Column, inner: Rect)
        -> Rect
    {
        let y = inner.y + top + row
        switch column {
        case .name: return Rect(x: inner.x + 2, y: y, width: nameWidth - 1, height: 1)
        case .value:
            return Rect(x: inner.x + 2 + nameWidth, y: y, width: max(1, inner.width - nameWidth - 12), height: 1)
        }
    }

    /// The column the editor types in: a base URL is typed in the value column.
    static func typedColumn(_ editor: EnvironmentEditorState, _ rows: [EnvironmentEditorRow])
        -> EnvironmentEditorState.Column
    {
        guard rows.indices.contains(editor.selected), case .variable = rows[editor.selected] else {
            return editor.adding ? .name : .value
        }
        return editor.column
    }

    static func input(_ state: ExplorerState) -> TextInput {
        TextInput(style: state.theme[.accent].underline, selectionStyle: state.theme[.selection], focused: true)
    }

    static func settle(_ state: inout ExplorerState) {
        guard case .environmentEditor(var editor)? = state.overlay else { return }
        let rows = rows(editor, state)
        editor.selected = max(0, min(editor.selected, rows.count - 1))
        if var field = editor.editor {
            let inner = box(editor, state).inner
            let area = cell(editor, row: editor.selected, column: typedColumn(editor, rows), inner: inner)
            input(state).layout(in: area, state: &field)
            editor.editor = field
        }
        state.overlays.overlay = .environmentEditor(editor)
    }
}

import TUI
import Workspace

/// Pointing at a place in the request pane: a problem that blocked the send (Enter in its dialog)
/// and the mouse.
extension RequestEditorReducer {
    /// Shows where an unresolved variable occurs: its tab and row (the URL, a header, the body…).
    static func jump(toProblem problem: String, _ editor: inout RequestEditorState, _ work: inout Work) {
        let location = problem.split(separator: ":").first.map(String.init) ?? ""
        if location.hasPrefix("headers") {
            editor.tab = .headers
            editor.focus = .content
        } else if location.hasPrefix("query") || location.hasPrefix("pathParams") {
            editor.tab = .params
            editor.focus = .content
            // The row number is of the table named (it selected a query row for a path parameter).
            editor.paramsOnPath = location.hasPrefix("pathParams")
        } else if location.hasPrefix("body") {
            editor.tab = .body
            editor.focus = .content
        } else if location.hasPrefix("auth") {
            editor.tab = .auth
            editor.focus = .content
        } else if location.hasPrefix("environments") {
            work.outcome.requests.append(.openEnvironmentPicker)
        } else {
            editor.focus = .url
        }
        if let rowIndex = location.firstIndex(of: "["), let end = location.firstIndex(of: "]"),
            let row = Int(location[location.index(after: rowIndex)..<end])
        {
            editor.withFocusedTable { $0.select(row) }
        }
    }

    /// A click: on the URL it takes the keyboard; on a tab title it opens that tab (what was being
    /// edited committed first); on the content, the body and notes take typing, the tables the
    /// keys. On a Query or Headers row it selects the row, and dragging it (button held) moves the
    /// row where the pointer goes, as `K`/`J` do.
    static func click(_ click: Click, _ editor: inout RequestEditorState, _ work: inout Work) {
        switch click {
        case .url:
            editor.focus = .url
        case .tab(let tab):
            commitEditing(&editor, &work)
            editor.tab = tab
            editor.focus = .content
            if tab == .scripts { askScriptChecks(&editor, &work) }
        case .content:
            editor.focus = editor.tab == .body || editor.tab == .notes || editor.tab == .scripts ? .editing : .content
            editor.onVariables = false
            editor.draggedRow = nil
        case .variables:
            editor.tab = .body
            editor.focus = .editing
            editor.onVariables = true
            editor.draggedRow = nil
        case .row(let row):
            commitEditing(&editor, &work)
            if editor.tab == .params { editor.paramsOnPath = false }
            editor.focus = .content
            editor.withFocusedTable { $0.select(row) }
            editor.draggedRow = editor.focusedTable?.table.selected
        case .dragRow(let row):
            // One place at a time, as K/J move it, so the saved rows travel with it.
            while let from = editor.draggedRow, from != row {
                moveRow(by: from < row ? 1 : -1, &editor, &work)
                guard let now = editor.focusedTable?.table.selected, now != from else { break }
                editor.draggedRow = now
            }
        case .dropRow:
            editor.draggedRow = nil
        }
    }
}

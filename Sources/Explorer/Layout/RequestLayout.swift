import HTTPCore
import TUI
import Workspace

/// The request pane's layout: the URL field after the method, the Params tab's two tables, the
/// Body tab's table, field or editor, and the form tabs' rows; `settle` fits each text field's and
/// table's scroll (and the cursor's place) to its rectangle.
enum RequestLayout {
    /// The URL line is being typed in.
    static func isEditingURL(_ state: ExplorerState) -> Bool {
        state.focus == .request && state.editor.focus == .url && state.overlay == nil
    }

    /// The method's columns on the URL line: cut (at 16 columns, or a quarter of a narrow pane)
    /// to leave the URL its room.
    static func methodWidth(_ method: String, line: Rect) -> Int {
        min(CharacterWidth.of(method), max(7, min(16, line.width / 4)))
    }

    /// The URL's field: after the method and a space (a method is ASCII: one column a character).
    static func urlField(_ line: Rect, method: String) -> Rect {
        let x = line.x + methodWidth(method, line: line) + 1
        return Rect(x: x, y: line.y, width: max(0, line.right - x), height: 1)
    }

    static func urlInput(_ state: ExplorerState) -> TextInput {
        let theme = state.theme
        return TextInput(
            placeholder: "URL or /path", style: theme.base, placeholderStyle: theme[.muted],
            selectionStyle: theme[.selection], focused: true)
    }

    /// The Params tab: the Query table below its title, and the path parameters' title and table
    /// (nil without path parameters) below it.
    static func paramsAreas(_ state: ExplorerState, in area: Rect) -> (query: Rect, pathTitle: Rect?, path: Rect?) {
        let pathRows = state.editor.pathParams.rows.count
        // Below the "Query" title: the query keeps a row at least (its first row, or "none"), and
        // the path parameters take their title and a row at least, or are not drawn: in a short
        // pane their row was drawn on the border and the query rows were not drawn at all.
        let available = max(0, area.height - 1)
        var pathHeight = pathRows == 0 ? 0 : min(pathRows + 1, max(2, available / 2))
        pathHeight = min(pathHeight, available - 1)
        if pathHeight < 2 { pathHeight = 0 }
        let query = Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, available - pathHeight))
        guard pathHeight > 0 else { return (query, nil, nil) }
        let top = query.bottom
        return (
            query, Rect(x: area.x, y: top, width: area.width, height: 1),
            Rect(x: area.x, y: top + 1, width: area.width, height: pathHeight - 1)
        )
    }

    /// The Body tab below its kind line.
    static func bodyContent(_ area: Rect) -> Rect {
        Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
    }

    /// The body's text editor: the content, or a GraphQL body's query editor (`GraphQLBodyLayout`).
    static func bodyEditorArea(_ state: ExplorerState, _ content: Rect) -> Rect {
        guard state.editor.graphql != nil else { return content }
        return GraphQLBodyLayout.areas(state, content).query
    }

    /// A form or multipart body's table, below its note line.
    static func bodyTable(_ content: Rect) -> Rect {
        Rect(x: content.x, y: content.y + 1, width: content.width, height: max(0, content.height - 1))
    }

    /// A file body's path field, after "file  ".
    static func bodyFileField(_ content: Rect) -> Rect {
        Rect(x: content.x + 6, y: content.y, width: max(0, content.width - 6), height: 1)
    }

    /// The request's content has the keyboard (a table, a form row, a field).
    static func contentFocused(_ state: ExplorerState) -> Bool {
        state.focus == .request && state.editor.focus == .content && state.overlay == nil
    }

    /// Text is being typed in the body or notes editor.
    static func isTyping(_ state: ExplorerState) -> Bool {
        state.focus == .request && state.editor.focus == .editing && state.overlay == nil
    }

    static func bodyEditor(_ state: ExplorerState) -> TextArea {
        let theme = state.theme
        return TextArea(
            lineNumbers: true, softWrap: false, style: theme.base, lineNumberStyle: theme[.muted],
            selectionStyle: theme[.selection], focused: isTyping(state) && !state.editor.onVariables)
    }

    static func notesEditor(_ state: ExplorerState) -> TextArea {
        let theme = state.theme
        return TextArea(
            lineNumbers: false, softWrap: true, style: theme.base, lineNumberStyle: theme[.muted],
            selectionStyle: theme[.selection], focused: isTyping(state))
    }

    static func settle(_ state: inout ExplorerState, in pane: Rect) {
        guard let key = state.selection, let request = state.request(key) else { return }
        let parts = ExplorerLayout.requestParts(pane)
        if isEditingURL(state) {
            urlInput(state).layout(
                in: urlField(parts.url, method: request.method.rawValue), state: &state.editor.url)
        }
        let area = parts.content
        guard !area.isEmpty else { return }
        // Styles do not move a table; its rectangle does.
        let table = KeyValueEditor()
        switch state.editor.tab {
        case .params:
            let areas = paramsAreas(state, in: area)
            table.layout(in: areas.query, state: &state.editor.query)
            if let path = areas.path { table.layout(in: path, state: &state.editor.pathParams) }
        case .headers:
            table.layout(in: area, state: &state.editor.headers)
        case .body:
            let content = bodyContent(area)
            switch request.body.content {
            case .formURLEncoded, .multipart:
                table.layout(in: bodyTable(content), state: &state.editor.bodyTable)
            case .file:
                if contentFocused(state), var editor = state.editor.formEditor {
                    TextInput(focused: true).layout(in: bodyFileField(content), state: &editor)
                    state.editor.formEditor = editor
                }
            default:
                bodyEditor(state).layout(in: bodyEditorArea(state, content), state: &state.editor.body)
                if state.editor.graphql != nil {
                    GraphQLBodyLayout.variablesEditor(state).layout(
                        in: GraphQLBodyLayout.areas(state, content).variables, state: &state.editor.variables)
                }
            }
        case .notes:
            notesEditor(state).layout(in: area, state: &state.editor.notes)
        case .scripts:
            ScriptsTabLayout.settle(&state, in: area)
        case .auth, .options, .checks:
            FormLayout.settle(&state, request, in: area)
        }
    }
}

/// The Auth, Options and Checks tabs' layout: which rows show, and the selected row's editor.
enum FormLayout {
    static let labelWidth = 20

    /// The rows shown (from `offset`, `height` of them) with the selected one on screen; the
    /// footer (hint, and an error) takes the last lines.
    static func window(_ state: ExplorerState, rowCount: Int, in area: Rect) -> (
        selected: Int, height: Int, offset: Int
    ) {
        let selected = min(state.editor.formSelected, max(0, rowCount - 1))
        let footer = state.editor.formError == nil ? 1 : 2
        let height = max(0, area.height - footer)
        return (selected, height, max(0, selected - height + 1))
    }

    /// A secret being typed, masked: one dot per character so the cursor and selection still line
    /// up.
    static func masked(_ editor: TextEditorState) -> TextEditorState {
        var masked = TextEditorState(text: String(repeating: "•", count: editor.text.count), singleLine: true)
        masked.cursor = editor.cursor
        masked.anchor = editor.anchor
        masked.leftColumn = editor.leftColumn
        return masked
    }

    static func settle(_ state: inout ExplorerState, _ request: SavedRequest, in area: Rect) {
        let rows = RequestForms.rows(state.editor.tab, request)
        guard RequestLayout.contentFocused(state), var editor = state.editor.formEditor else { return }
        let window = window(state, rowCount: rows.count, in: area)
        let line = window.selected - window.offset
        guard rows.indices.contains(window.selected), line >= 0, line < window.height else { return }
        let valueArea = Rect(
            x: area.x + labelWidth, y: area.y + line, width: max(0, area.width - labelWidth), height: 1)
        let input = TextInput(focused: true)
        if rows[window.selected].secret {
            // The masked text scrolls; the editor keeps its column and the cursor's place.
            var shown = masked(editor)
            input.layout(in: valueArea, state: &shown)
            editor.leftColumn = shown.leftColumn
            editor.screenCursor = shown.screenCursor
        } else {
            input.layout(in: valueArea, state: &editor)
        }
        state.editor.formEditor = editor
    }
}

import Foundation
import TUI
import Workspace

/// The content of the request pane's current tab.
enum RequestTabView {
    static func render(_ state: ExplorerState, _ request: SavedRequest, in area: Rect, frame: inout Frame) {
        guard !area.isEmpty else { return }
        let theme = state.theme
        let focused = state.focus == .request && state.overlay == nil
        let addKey = state.keys.keymap.keys(for: .request(.addRow)).first?.description ?? "a"
        let editor = KeyValueEditor(
            highlightStyle: focused && state.editor.focus == .content ? theme[.selection] : theme[.cursorLine],
            disabledStyle: theme[.muted], focusedCellStyle: theme[.accent].underline,
            editingCellStyle: theme[.selection], addKey: addKey)
        switch state.editor.tab {
        case .params:
            let areas = RequestLayout.paramsAreas(state, in: area)
            frame.buffer.write("Query", x: area.x, y: area.y, style: theme[.title], maxX: area.right)
            var queryEditor = editor
            queryEditor.showsSelection = !state.editor.paramsOnPath
            var pathEditor = editor
            pathEditor.showsSelection = state.editor.paramsOnPath
            frame.render(queryEditor, in: areas.query, laidOut: state.editor.query)
            cursorFromTable(state.editor.query, focused && !state.editor.paramsOnPath, &frame)
            extent(of: state.editor.query, shown: areas.query.height, after: "Query", at: area.row(0), state, &frame)
            if state.editor.query.rows.count <= areas.query.height {
                queryInTheURL(request, at: area.row(0), state, &frame)
            }
            if let title = areas.pathTitle, let path = areas.path {
                frame.buffer.write(
                    "Path parameters", x: area.x, y: title.y, style: theme[.title], maxX: area.right)
                frame.render(pathEditor, in: path, laidOut: state.editor.pathParams)
                cursorFromTable(state.editor.pathParams, focused && state.editor.paramsOnPath, &frame)
                extent(
                    of: state.editor.pathParams, shown: path.height, after: "Path parameters", at: title, state,
                    &frame)
            }
        case .headers:
            frame.render(editor, in: area, laidOut: state.editor.headers)
            cursorFromTable(state.editor.headers, focused, &frame)
        case .body:
            renderBody(state, request, in: area, frame: &frame)
        case .notes:
            let typing = focused && state.editor.focus == .editing
            frame.render(RequestLayout.notesEditor(state), in: area, laidOut: state.editor.notes)
            if typing { frame.cursor = state.editor.notes.screenCursor }
            if state.editor.notes.text.isEmpty && !typing {
                frame.buffer.write(
                    "No notes. Enter to write some.", x: area.x, y: area.y, style: theme[.muted], maxX: area.right)
            }
        case .auth, .options, .checks:
            FormView.render(state, request, in: area, frame: &frame)
        case .scripts:
            renderScripts(state, in: area, focused: focused, frame: &frame)
        }
    }

    /// The Scripts tab: each script's title line (chosen one marked, its syntax check beside it)
    /// over its editor, and what else runs around the request.
    private static func renderScripts(_ state: ExplorerState, in area: Rect, focused: Bool, frame: inout Frame) {
        let theme = state.theme
        let areas = ScriptsTabLayout.areas(state, area)
        let editor = state.editor
        let typing = focused && editor.focus == .editing
        for test in [false, true] {
            let title = test ? areas.testTitle : areas.preRequestTitle
            let field = test ? editor.testScript : editor.preRequestScript
            let problem = test ? editor.testScriptProblem : editor.preRequestScriptProblem
            let checked = (test ? editor.testScriptChecked : editor.preRequestScriptChecked) != nil
            let chosen = editor.onTestScript == test
            var spans = [
                Span(chosen && focused ? "▸ " : "  ", style: theme[.accent]),
                Span(test ? "Test script" : "Pre-request script", style: chosen ? theme[.title] : theme[.muted]),
            ]
            if problem == nil {
                spans.append(
                    Span(test ? "  after the response" : "  before the send", style: theme[.muted]))
            }
            if let problem {
                spans.append(Span("  ✗ " + problem, style: theme[.error]))
            } else if checked {
                spans.append(Span("  ✓ parses", style: theme[.success]))
            } else if !RequestEditorReducer.isBlank(field.text) {
                spans.append(Span("  checking…", style: theme[.muted]))
            }
            if !title.isEmpty {
                _ = Line(spans).render(x: title.x, y: title.y, width: title.width, buffer: &frame.buffer)
            }
            let editorArea = test ? areas.test : areas.preRequest
            frame.render(ScriptsTabLayout.editor(state, test: test), in: editorArea, laidOut: field)
            if typing && chosen { frame.cursor = field.screenCursor }
            if field.text.isEmpty && !(typing && chosen) && !editorArea.isEmpty {
                let hint =
                    chosen
                    ? "None. Enter to write one (pm.request, pm.environment…), Alt+E in $EDITOR."
                    : "None."
                frame.buffer.write(
                    "    " + hint, x: editorArea.x, y: editorArea.y, style: theme[.muted], maxX: editorArea.right)
            }
        }
        if !areas.around.isEmpty, let text = ScriptsTabLayout.aroundText(state) {
            frame.buffer.write(
                text, x: areas.around.x, y: areas.around.y, style: theme[.muted], maxX: areas.around.right)
        }
    }

    /// After a table's title, which of its rows are shown when they do not all fit (at 80×24 the
    /// Query table has room for one row and a second one was hidden without a sign).
    private static func extent(
        of table: KeyValueEditorState, shown: Int, after title: String, at row: Rect, _ state: ExplorerState,
        _ frame: inout Frame
    ) {
        let count = table.rows.count
        guard count > shown, shown > 0 else { return }
        let first = table.table.offset + 1
        let last = min(count, table.table.offset + shown)
        let more = last < count ? "↓" : "↑"
        frame.buffer.write(
            "  \(first)–\(last) of \(count) \(more)", x: row.x + CharacterWidth.of(title), y: row.y,
            style: state.theme[.muted], maxX: row.right)
    }

    /// A query written into the saved URL itself (`/get?page=2`, as files from elsewhere have it)
    /// is sent but is not a row until the URL is edited: said on the title line, since "(none)"
    /// under it read as if nothing would be sent.
    private static func queryInTheURL(
        _ request: SavedRequest, at row: Rect, _ state: ExplorerState, _ frame: inout Frame
    ) {
        let pairs = URLQuerySync.split(request.url).pairs
        guard !pairs.isEmpty else { return }
        let query = pairs.map { $0.value.isEmpty ? $0.name : $0.name + "=" + $0.value }.joined(separator: "&")
        frame.buffer.write(
            "  also in the URL: \(query) (edit the URL to make them rows)", x: row.x + CharacterWidth.of("Query"),
            y: row.y, style: state.theme[.muted], maxX: row.right)
    }

    private static func cursorFromTable(_ table: KeyValueEditorState, _ focused: Bool, _ frame: inout Frame) {
        if focused, let editor = table.editor { frame.cursor = editor.screenCursor }
    }

    private static func renderBody(
        _ state: ExplorerState, _ request: SavedRequest, in area: Rect, frame: inout Frame
    ) {
        let theme = state.theme
        let kind = TabTitles.bodyKind(request.body)
        var x = frame.buffer.write(kind, x: area.x, y: area.y, style: theme[.accent].bold, maxX: area.right)
        if let check = state.editor.graphql {
            x = GraphQLProblemsView.renderSummary(check, state, x: x, y: area.y, maxX: area.right, frame: &frame)
        } else if let problem = state.editor.bodyProblem {
            x = frame.buffer.write("  ✖ " + problem, x: x, y: area.y, style: theme[.error], maxX: area.right)
        } else if kind == "none", !state.editor.body.text.isEmpty {
            // The text kept for switching back looked like the body being sent.
            x = frame.buffer.write(
                "  not sent (kept for b: JSON or text)", x: x, y: area.y, style: theme[.warning], maxX: area.right)
        } else if kind == "json", !state.editor.body.text.isEmpty {
            let note =
                state.editor.body.text.contains("{{") ? "  ✓ JSON once {{variables}} are filled" : "  ✓ valid JSON"
            x = frame.buffer.write(note, x: x, y: area.y, style: theme[.success], maxX: area.right)
        }
        // Alt+F pretty-prints JSON and Alt+E edits text: a table of fields or parts and a file
        // reference have neither (the hint offered them for every kind).
        let hint: String
        switch request.body.content {
        case .json, .jsonText: hint = "  b kind · Alt+F format · Alt+E $EDITOR"
        case .none, .text, .graphql: hint = "  b kind · Alt+E $EDITOR"
        case .formURLEncoded, .multipart, .file: hint = "  b kind"
        }
        if x + CharacterWidth.of(hint) <= area.right { frame.buffer.write(hint, x: x, y: area.y, style: theme[.muted]) }
        let content = RequestLayout.bodyContent(area)
        switch request.body.content {
        case .formURLEncoded, .multipart:
            let focused = state.focus == .request && state.editor.focus == .content && state.overlay == nil
            let table = KeyValueEditor(
                highlightStyle: focused ? theme[.selection] : theme[.cursorLine], disabledStyle: theme[.muted],
                focusedCellStyle: theme[.accent].underline, editingCellStyle: theme[.selection],
                addKey: state.keys.keymap.keys(for: .request(.addRow)).first?.description ?? "a")
            let isMultipart = TabTitles.bodyKind(request.body) == "multipart"
            frame.buffer.write(
                isMultipart ? "parts: a value @path sends that file" : "fields (application/x-www-form-urlencoded)",
                x: content.x, y: content.y, style: theme[.muted], maxX: content.right)
            frame.render(table, in: RequestLayout.bodyTable(content), laidOut: state.editor.bodyTable)
            if focused, let editor = state.editor.bodyTable.editor { frame.cursor = editor.screenCursor }
            return
        case .file(let path, let contentType):
            let focused = state.focus == .request && state.editor.focus == .content && state.overlay == nil
            frame.buffer.write("file  ", x: content.x, y: content.y, style: theme[.muted])
            let field = RequestLayout.bodyFileField(content)
            if focused, let editor = state.editor.formEditor {
                frame.render(TextInput(style: theme[.accent].underline, focused: true), in: field, laidOut: editor)
                frame.cursor = editor.screenCursor
            } else {
                frame.buffer.write(
                    path.isEmpty ? "(no file — Enter to name one, relative to the collection's folder)" : path,
                    x: field.x, y: field.y, style: path.isEmpty ? theme[.muted] : theme[.text], maxX: field.right)
            }
            if let contentType {
                frame.buffer.write(
                    "sent as " + contentType, x: content.x, y: content.y + 1, style: theme[.muted], maxX: content.right)
            }
            return
        default:
            break
        }
        let typing = RequestLayout.isTyping(state)
        let editorArea = RequestLayout.bodyEditorArea(state, content)
        // Not typing: the body from its first column (it stayed scrolled to where the cursor was,
        // the start of each line hidden); the cursor keeps its place for the next edit.
        var shown = state.editor.body
        if !typing, shown.leftColumn > 0 {
            shown.leftColumn = 0
            shown.anchor = nil
            shown.cursor = TextPosition(line: shown.cursor.line, column: 0)
        }
        frame.render(RequestLayout.bodyEditor(state), in: editorArea, laidOut: shown)
        if let check = state.editor.graphql {
            let areas = GraphQLBodyLayout.areas(state, content)
            GraphQLProblemsView.render(check, state, editor: editorArea, problems: areas.problems, frame: &frame)
            GraphQLVariablesView.render(state, areas, frame: &frame)
            GraphQLDocsView.render(state, in: areas.docs, frame: &frame)
        }
        if typing {
            frame.cursor =
                state.editor.onVariables && state.editor.graphql != nil
                ? state.editor.variables.screenCursor : state.editor.body.screenCursor
        }
        if state.editor.body.text.isEmpty && !typing, content.height > 0 {
            frame.buffer.write(
                "No body. Enter to type one (b: JSON or text).", x: content.x + 5, y: content.y, style: theme[.muted],
                maxX: content.right)
        }
    }
}

import Foundation
import TUI
import Workspace

/// The content of the request pane's current tab.
enum RequestTabView {
    static func render(_ state: inout ExplorerState, _ request: SavedRequest, in area: Rect, frame: inout Frame) {
        guard !area.isEmpty else { return }
        let theme = state.theme
        let focused = state.focus == .request && state.overlay == nil
        let editor = KeyValueEditor(
            highlightStyle: focused && state.editor.focus == .content ? theme[.selection] : theme[.cursorLine],
            disabledStyle: theme[.muted], focusedCellStyle: theme[.accent].underline)
        switch state.editor.tab {
        case .params:
            let pathRows = state.editor.pathParams.rows.count
            let pathHeight = pathRows == 0 ? 0 : min(pathRows + 1, max(2, area.height / 2))
            let queryArea = Rect(
                x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1 - pathHeight))
            frame.buffer.write("Query", x: area.x, y: area.y, style: theme[.title], maxX: area.right)
            var query = state.editor.query
            if state.editor.paramsOnPath { query.table.selected = query.table.selected.map { _ in -1 } }
            frame.render(editor, in: queryArea, state: &state.editor.query)
            cursorFromTable(state.editor.query, focused && !state.editor.paramsOnPath, &frame)
            if pathHeight > 0 {
                let top = queryArea.bottom
                frame.buffer.write(
                    "Path parameters", x: area.x, y: top, style: theme[.title], maxX: area.right)
                frame.render(
                    editor, in: Rect(x: area.x, y: top + 1, width: area.width, height: pathHeight - 1),
                    state: &state.editor.pathParams)
                cursorFromTable(state.editor.pathParams, focused && state.editor.paramsOnPath, &frame)
            }
        case .headers:
            frame.render(editor, in: area, state: &state.editor.headers)
            cursorFromTable(state.editor.headers, focused, &frame)
        case .body:
            renderBody(&state, request, in: area, frame: &frame)
        case .notes:
            let typing = focused && state.editor.focus == .editing
            frame.render(
                TextArea(
                    lineNumbers: false, softWrap: true, style: theme.base, lineNumberStyle: theme[.muted],
                    selectionStyle: theme[.selection], focused: typing),
                in: area, state: &state.editor.notes)
            if typing { frame.cursor = state.editor.notes.screenCursor }
            if state.editor.notes.text.isEmpty && !typing {
                frame.buffer.write(
                    "No notes. Enter to write some.", x: area.x, y: area.y, style: theme[.muted], maxX: area.right)
            }
        case .auth, .options, .checks:
            let lines = DetailLines.lines(for: state.editor.tab, request, state)
            let scroll = max(0, min(state.editor.contentScroll, max(0, lines.count - area.height)))
            state.editor.contentScroll = scroll
            for (row, line) in lines.dropFirst(scroll).prefix(area.height).enumerated() {
                _ = line.render(x: area.x, y: area.y + row, width: area.width, buffer: &frame.buffer)
            }
        }
    }

    private static func cursorFromTable(_ table: KeyValueEditorState, _ focused: Bool, _ frame: inout Frame) {
        if focused, let editor = table.editor { frame.cursor = editor.screenCursor }
    }

    private static func renderBody(
        _ state: inout ExplorerState, _ request: SavedRequest, in area: Rect, frame: inout Frame
    ) {
        let theme = state.theme
        let kind = TabTitles.bodyKind(request.body)
        var x = frame.buffer.write(kind, x: area.x, y: area.y, style: theme[.accent].bold, maxX: area.right)
        if let problem = state.editor.bodyProblem {
            x = frame.buffer.write("  ✖ " + problem, x: x, y: area.y, style: theme[.error], maxX: area.right)
        } else if kind == "json", !state.editor.body.text.isEmpty {
            x = frame.buffer.write("  ✓ valid JSON", x: x, y: area.y, style: theme[.success], maxX: area.right)
        }
        let hint = "  b kind · Alt+F format · Alt+E $EDITOR"
        if x + CharacterWidth.of(hint) <= area.right { frame.buffer.write(hint, x: x, y: area.y, style: theme[.muted]) }
        let content = Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
        guard BodyText.isTextual(request.body) else {
            for (row, line) in DetailLines.bodySummary(request.body, theme).prefix(content.height).enumerated() {
                _ = line.render(x: content.x, y: content.y + row, width: content.width, buffer: &frame.buffer)
            }
            return
        }
        let typing = state.focus == .request && state.editor.focus == .editing && state.overlay == nil
        frame.render(
            TextArea(
                lineNumbers: true, softWrap: false, style: theme.base, lineNumberStyle: theme[.muted],
                selectionStyle: theme[.selection], focused: typing),
            in: content, state: &state.editor.body)
        if typing { frame.cursor = state.editor.body.screenCursor }
        if state.editor.body.text.isEmpty && !typing, content.height > 0 {
            frame.buffer.write(
                "No body. Enter to type one (b: JSON or text).", x: content.x + 5, y: content.y, style: theme[.muted],
                maxX: content.right)
        }
    }
}

/// Read-only lines of the Auth, Options and Checks tabs (secrets masked).
enum DetailLines {
    static func lines(for tab: RequestTab, _ request: SavedRequest, _ state: ExplorerState) -> [Line] {
        let theme = state.theme
        func field(_ name: String, _ value: String, masked: Bool = false) -> Line {
            Line([
                Span(name.padding(toLength: 18, withPad: " ", startingAt: 0), style: theme[.muted]),
                Span(masked ? Redactor.masked(value) : value, style: theme[.text]),
            ])
        }
        switch tab {
        case .auth:
            switch request.auth.scheme {
            case .none: return [Line("No authentication.", style: theme[.muted])]
            case .basic(let username, let password):
                return [
                    field("scheme", "basic"), field("username", username),
                    field("password", password, masked: !isTemplate(password)),
                ]
            case .digest(let username, let password):
                return [
                    field("scheme", "digest"), field("username", username),
                    field("password", password, masked: !isTemplate(password)),
                ]
            case .bearer(let token):
                return [field("scheme", "bearer"), field("token", token, masked: !isTemplate(token))]
            case .apiKey(let name, let value, let location):
                return [
                    field("scheme", "API key"), field("name", name), field("value", value, masked: !isTemplate(value)),
                    field("sent in", location.rawValue),
                ]
            }
        case .options:
            let options = request.options
            return [
                field("timeout", options.timeoutSeconds.map { "\($0) s" } ?? "default (none)"),
                field("connect timeout", options.connectTimeoutSeconds.map { "\($0) s" } ?? "default"),
                field("follow redirects", options.followRedirects.map { $0 ? "yes" : "no" } ?? "default (no)"),
                field("max redirects", options.maxRedirects.map(String.init) ?? "default"),
                field("verify TLS", options.verifyTLS.map { $0 ? "yes" : "NO" } ?? "yes"),
            ]
        case .checks:
            var lines: [Line] = [Line("Expectations (checked after each send, and by lazer run)", style: theme[.title])]
            if request.expectations.isEmpty { lines.append(Line("  none", style: theme[.muted])) }
            lines += request.expectations.map { Line("  " + CheckText.describe($0)) }
            lines.append(Line(""))
            lines.append(Line("Captures (values taken from the response for later requests)", style: theme[.title]))
            if request.captures.isEmpty { lines.append(Line("  none", style: theme[.muted])) }
            lines += request.captures.map { Line("  " + CheckText.describe($0)) }
            return lines
        default:
            return []
        }
    }

    /// A value written as `{{name}}` is shown as written (the secret is the variable's, masked elsewhere).
    private static func isTemplate(_ value: String) -> Bool { value.hasPrefix("{{") && value.hasSuffix("}}") }

    static func bodySummary(_ body: SavedBody, _ theme: Theme) -> [Line] {
        switch body.content {
        case .formURLEncoded(let rows):
            return [Line("Form fields (application/x-www-form-urlencoded)", style: theme[.title])]
                + rows.map { Line(($0.enabled ? "  " : "  # ") + "\($0.name) = \($0.value)") }
        case .multipart(let parts):
            return [Line("Multipart parts", style: theme[.title])]
                + parts.map { part in Line("  " + CheckText.describe(part)) }
        case .file(let path, let contentType):
            return [Line("Sent from the file \(path)" + (contentType.map { " as \($0)" } ?? ""))]
        default:
            return []
        }
    }
}

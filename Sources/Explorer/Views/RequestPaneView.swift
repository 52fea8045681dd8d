import Foundation
import HTTPCore
import TUI
import Workspace

/// The request pane: method and URL (`{{var}}` marked resolved or not), the URL as it will be
/// sent (secrets masked), the tabs, and the current tab's content.
enum RequestPaneView {
    static func render(_ state: ExplorerState, in rect: Rect, frame: inout Frame) {
        let theme = state.theme
        let dirty = state.selection.map(state.isDirty) ?? false
        // The open request's whole name: a name too long beside "Request · " goes without it (at
        // 80 columns the collections pane cuts names, and this was the one place to read them).
        let title = state.selectedRequest.map { request in
            let name = request.name + (dirty ? " ●" : "")
            let full = "Request · " + name
            return CharacterWidth.of(full) + 6 <= rect.width ? full : name
        }
        frame.render(ExplorerView.paneBlock(title ?? "Request", .request, state), in: rect)
        let parts = ExplorerLayout.requestParts(rect)
        guard let key = state.selection, let request = state.request(key) else {
            let message = state.isLoading ? "Loading…" : "Pick a request in the collections pane (Enter opens it)."
            let inner = rect.inset(horizontal: 1, vertical: 1)
            let lines = Paragraph.wrapped(Line(message, style: theme[.muted]), width: max(1, inner.width))
            for (row, line) in lines.prefix(inner.height).enumerated() {
                _ = line.render(x: inner.x, y: inner.y + row, width: inner.width, buffer: &frame.buffer)
            }
            return
        }
        let preview = RequestPreview.of(state)
        renderURL(state, request, preview, in: parts.url, frame: &frame)
        renderPreview(state, preview, in: parts.preview, buffer: &frame.buffer)
        let titles = TabTitles.request(state, width: parts.tabs.width)
        frame.render(
            Tabs(
                titles.map { Line($0) }, selected: state.editor.tab.rawValue, style: theme[.muted],
                highlightStyle: state.focus == .request && state.editor.focus != .url && state.editor.focus != .urlLine
                    ? theme[.selection] : theme[.title].bold
            ),
            in: parts.tabs)
        RequestTabView.render(state, request, in: parts.content, frame: &frame)
    }

    private static func renderURL(
        _ state: ExplorerState, _ request: SavedRequest, _ preview: RequestPreview?, in area: Rect,
        frame: inout Frame
    ) {
        let theme = state.theme
        let method = request.method.rawValue
        frame.buffer.writeFitted(
            method, x: area.x, y: area.y, style: theme[ThemeRole.method(method)].bold,
            maxX: area.x + RequestLayout.methodWidth(method, line: area))
        let field = RequestLayout.urlField(area, method: method)
        if RequestLayout.isEditingURL(state) {
            frame.render(RequestLayout.urlInput(state), in: field, laidOut: state.editor.url)
            frame.cursor = state.editor.url.screenCursor
            return
        }
        // Not editing: the URL with its placeholders marked.
        let unresolved = Set(
            (preview?.problems ?? []).compactMap { problem -> String? in
                if case .unresolved(let name) = problem.kind { return name }
                return nil
            })
        var column = field.x
        let shownURL = URLQuerySync.compose(url: request.url, query: request.query)
        for segment in Template(shownURL).segments {
            switch segment {
            case .literal(let text):
                column = frame.buffer.write(text, x: column, y: area.y, style: theme[.text], maxX: field.right)
            case .variable(let name):
                let style = unresolved.contains(name) ? theme[.error].underline : theme[.accent]
                column = frame.buffer.write("{{\(name)}}", x: column, y: area.y, style: style, maxX: field.right)
            case .dynamic(let name, let arguments):
                column = frame.buffer.write(
                    DynamicArguments.expression(name, arguments), x: column, y: area.y, style: theme[.info],
                    maxX: field.right)
            case .malformed(let text, _):
                column = frame.buffer.write(
                    text, x: column, y: area.y, style: theme[.error].underline, maxX: field.right)
            }
        }
        if request.url.isEmpty {
            frame.buffer.write(
                "(no URL — Ctrl+L to type one)", x: column, y: area.y, style: theme[.muted], maxX: field.right)
        }
        // A URL longer than the line ends in … (cut at the edge it read as the whole URL).
        if CharacterWidth.of(shownURL) > field.width, field.width > 1 {
            frame.buffer.write("…", x: field.right - 1, y: area.y, style: theme[.muted], maxX: field.right)
        }
        // Chosen with Up from a tab, not typed in yet: the line is the selection (Enter edits).
        if state.focus == .request, state.editor.focus == .urlLine, state.overlay == nil {
            frame.buffer.setStyle(theme[.selection], in: area)
        }
    }

    private static func renderPreview(
        _ state: ExplorerState, _ preview: RequestPreview?, in area: Rect, buffer: inout Buffer
    ) {
        let theme = state.theme
        guard let preview else { return }
        var x = buffer.write("→ ", x: area.x, y: area.y, style: theme[.muted])
        if preview.problems.isEmpty, !preview.prompts.isEmpty {
            // `{{$prompt}}` stays as written here: its value is asked when the request is sent. The
            // note keeps its place at the end of the line; a long URL is cut before it.
            let labels = preview.prompts.map { "\"" + $0.label + "\"" }.joined(separator: ", ")
            let long = "  ? asked at send: " + labels
            let room = area.right - x
            let fits = CharacterWidth.of(preview.url) + CharacterWidth.of(long) <= room
            let note = fits || CharacterWidth.of(long) <= room - 20 ? long : "  ? asked at send"
            x = buffer.writeFitted(
                preview.url, x: x, y: area.y, style: theme[.muted], maxX: max(x, area.right - CharacterWidth.of(note)))
            _ = buffer.writeFitted(note, x: x, y: area.y, style: theme[.info], maxX: area.right)
        } else if preview.problems.isEmpty {
            _ = buffer.writeFitted(preview.url, x: x, y: area.y, style: theme[.muted], maxX: area.right)
        } else {
            x = buffer.writeFitted(preview.url, x: x, y: area.y, style: theme[.muted], maxX: area.right)
            let names = preview.problems.map(\.description).joined(separator: "; ")
            _ = buffer.writeFitted("  ✖ " + names, x: x, y: area.y, style: theme[.error], maxX: area.right)
        }
    }
}

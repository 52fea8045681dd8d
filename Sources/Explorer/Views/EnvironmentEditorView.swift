import HTTPCore
import TUI
import Workspace

/// The environment manager (`F2`), the environment and collection variables editor, and a mock
/// environment's routes: tables over the collection in memory, with their keys and the unsaved
/// changes (one line each) below.
enum EnvironmentEditorView {
    static func manager(selected: Int, _ state: ExplorerState, into frame: inout Frame) {
        guard let id = state.currentCollectionID, let collection = state.document(collectionID: id)?.collection
        else { return }
        let theme = state.theme
        let current = state.environmentName(collectionID: id)
        var lines: [Line] = []
        for environment in collection.environments {
            let marker = environment.name == current ? "● " : "  "
            let isDefault = environment.name == collection.defaultEnvironment ? " (default)" : ""
            lines.append(
                Line([
                    Span(marker, style: theme[.success]),
                    Span(environment.name.padding(14), style: theme[.text].bold),
                    Span(
                        environment.kind.rawValue.padding(6), style: theme[environment.kind == .mock ? .info : .success]
                    ),
                    Span(environment.baseURL + isDefault, style: theme[.muted]),
                ]))
        }
        if collection.environments.isEmpty {
            lines.append(Line("  (no environments: a adds one)", style: theme[.muted]))
        }
        let wrap = max(10, min(frame.area.width - 2, 92) - 2)
        lines.append(Line(""))
        lines += Paragraph.wrapped(
            Line(
                "Enter switches (the next send follows) · a add · r rename · c copy · d delete · e edit · "
                    + "m routes · v collection variables · Ctrl+S save · X revert · Esc closes",
                style: theme[.muted]), width: wrap)
        lines += changeLines(collectionID: id, state, width: wrap)
        let box = OverlayView.textBox("Environments · \(collection.name)", lines, scroll: 0, width: 92, state, &frame)
        if selected < collection.environments.count {
            frame.buffer.setStyle(
                theme[.selection], in: Rect(x: box.x, y: box.y + selected, width: box.width, height: 1))
        }
    }

    /// "Unsaved (Ctrl+S saves, X reverts):" and a line per change, when there are any.
    static func changeLines(collectionID: String, _ state: ExplorerState, width: Int) -> [Line] {
        let changes = EnvironmentEditorLayout.changes(collectionID: collectionID, state)
        guard !changes.isEmpty else { return [] }
        let theme = state.theme
        return [Line("Unsaved (Ctrl+S saves, X reverts):", style: theme[.warning])]
            + changes.map { Line("  • " + $0, style: theme[.warning]) }
    }

    static func editor(_ editor: EnvironmentEditorState, _ state: ExplorerState, into frame: inout Frame) {
        let theme = state.theme
        let rows = EnvironmentEditorLayout.rows(editor, state)
        let collectionName = state.document(collectionID: editor.collectionID)?.collection.name ?? ""
        let title: String
        let heading: String
        switch editor.scope {
        case .environment(let name):
            title = "Environment \(name) · \(collectionName)"
            heading = "Its variables win over the collection's (a secret's value: in the secrets file)"
        case .collection:
            title = "Collection variables · \(collectionName)"
            heading = "Every environment sees them (a secret's value: in the secrets file)"
        }
        var lines = [Line(heading, style: theme[.muted])]
        for row in rows { lines.append(line(row, theme)) }
        lines.append(Line(""))
        let wrap = max(10, min(frame.area.width - 2, EnvironmentEditorLayout.width) - 2)
        let keys =
            editor.editor != nil
            ? "Enter keeps · Esc cancels" + (editor.adding ? " (the name first, then the value)" : "")
            : (editor.scope == .collection ? "Enter edits" : "Enter edits (the kind: switches; routes: lists)")
                + " · ← name → value · a add · d delete · s secret · Ctrl+S save · X revert · Esc "
                + (editor.scope == .collection ? "closes" : "back")
        lines += Paragraph.wrapped(Line(keys, style: theme[.muted]), width: wrap)
        if let error = editor.error {
            lines += Paragraph.wrapped(Line("✖ " + error, style: theme[.error]), width: wrap)
        }
        lines += changeLines(collectionID: editor.collectionID, state, width: wrap)
        let inner = OverlayView.textBox(title, lines, scroll: 0, width: EnvironmentEditorLayout.width, state, &frame)
        guard rows.indices.contains(editor.selected) else { return }
        let y = inner.y + EnvironmentEditorLayout.top + editor.selected
        guard y < inner.bottom else { return }
        if let field = editor.editor {
            let column = EnvironmentEditorLayout.typedColumn(editor, rows)
            let area = EnvironmentEditorLayout.cell(editor, row: editor.selected, column: column, inner: inner)
            frame.buffer.fill(area, with: .blank(theme.base))
            var secret = false
            if case .variable(_, let variable) = rows[editor.selected], column == .value { secret = variable.secret }
            // A secret's value is typed masked.
            frame.render(
                EnvironmentEditorLayout.input(state), in: area, laidOut: secret ? FormLayout.masked(field) : field)
            frame.cursor = field.screenCursor
            return
        }
        var highlight = Rect(x: inner.x, y: y, width: inner.width, height: 1)
        if case .variable = rows[editor.selected] {
            highlight = EnvironmentEditorLayout.cell(editor, row: editor.selected, column: editor.column, inner: inner)
        }
        frame.buffer.setStyle(theme[.selection], in: highlight)
    }

    private static func line(_ row: EnvironmentEditorRow, _ theme: Theme) -> Line {
        let label = { (text: String) in
            Span("  " + text.padding(EnvironmentEditorLayout.nameWidth), style: theme[.muted])
        }
        switch row {
        case .baseURL(let url): return Line([label("Base URL"), Span(url, style: theme[.text])])
        case .kind(let kind):
            return Line([
                label("Kind"), Span("‹ \(kind.rawValue) ›", style: theme[kind == .mock ? .info : .success]),
                Span(
                    kind == .mock ? "  answered from its routes, offline" : "  sent over the network",
                    style: theme[.muted]),
            ])
        case .routes(let count):
            return Line([
                label("Routes"), Span("\(count) route\(count == 1 ? "" : "s") (Enter lists them)", style: theme[.text]),
            ])
        case .variable(_, let variable):
            let value = variable.secret ? (variable.value.isEmpty ? "(no value)" : "••••••") : variable.value
            return Line([
                Span("  " + variable.name.padding(EnvironmentEditorLayout.nameWidth), style: theme[.text].bold),
                Span(value.isEmpty ? "(empty)" : value, style: theme[value.isEmpty ? .muted : .text]),
                Span(variable.secret ? "  secret" : "", style: theme[.warning]),
            ])
        case .add: return Line("  + add a variable (a)", style: theme[.muted])
        }
    }

    static func routes(_ routes: MockRoutesState, _ state: ExplorerState, into frame: inout Frame) {
        let theme = state.theme
        let environment = state.document(collectionID: routes.collectionID)?.collection.environment(
            named: routes.environment)
        var lines: [Line] = []
        for route in environment?.routes ?? [] {
            let status = route.responses.first.map { String($0.status) } ?? "—"
            let more = route.responses.count > 1 ? " (+\(route.responses.count - 1))" : ""
            lines.append(
                Line([
                    Span("  " + (route.method?.rawValue ?? "*").padding(8), style: theme[.accent]),
                    Span(route.path.padding(36), style: theme[.text]),
                    Span((status + more).padding(10), style: theme[.success]),
                    Span(route.name ?? "", style: theme[.muted]),
                ]))
        }
        if lines.isEmpty { lines.append(Line("  (no routes: M on a response saves one here)", style: theme[.muted])) }
        lines.append(Line(""))
        lines.append(
            Line("Enter shows the route's answer · d delete (asks) · Esc back", style: theme[.muted]))
        let inner = OverlayView.textBox(
            "Routes of \(routes.environment) (method, path, status, name)", lines, scroll: 0, width: 92, state, &frame)
        if routes.selected < (environment?.routes.count ?? 0) {
            frame.buffer.setStyle(
                theme[.selection], in: Rect(x: inner.x, y: inner.y + routes.selected, width: inner.width, height: 1))
        }
    }
}

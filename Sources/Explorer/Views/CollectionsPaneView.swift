import Foundation
import HTTPCore
import TUI
import Workspace

/// The collections tree: collection → folders → requests, methods in their colours, dirty
/// markers, broken files with their first error, and the filter line while filtering.
enum CollectionsPaneView {
    static func render(_ state: ExplorerState, in rect: Rect, frame: inout Frame) {
        let theme = state.theme
        let filtering = CollectionsLayout.isFiltering(state)
        let count = state.navigator.rows.count
        let footer = count > 0 ? Line(" \(state.navigator.selected + 1)/\(count) ", style: theme[.muted]) : nil
        frame.render(ExplorerView.paneBlock("Collections", .collections, state, right: footer), in: rect)
        let inner = rect.inset(horizontal: 1, vertical: 1)
        if filtering {
            let line = inner.row(0)
            frame.buffer.write("/ ", x: line.x, y: line.y, style: theme[.accent])
            frame.render(
                CollectionsLayout.filterInput(state), in: CollectionsLayout.filterField(rect),
                laidOut: state.navigator.filter)
            if state.navigator.isFiltering && state.focus == .collections && state.overlay == nil {
                frame.cursor = state.navigator.filter.screenCursor
            }
        }
        let rows = ExplorerLayout.collectionRows(rect, filtering: filtering)
        if state.navigator.rows.isEmpty {
            let message =
                state.isLoading
                ? "Loading collections…"
                : (filtering
                    ? "Nothing matches the filter" : (state.loadProblem ?? "No collections here. C: new collection"))
            // Wrapped: at 80 columns the first-run hint stopped at "No collections here. C".
            let lines = Paragraph.wrapped(Line(message, style: theme[.muted]), width: max(1, rows.width))
            for (row, line) in lines.prefix(rows.height).enumerated() {
                _ = line.render(x: rows.x, y: rows.y + row, width: rows.width, buffer: &frame.buffer)
            }
            return
        }
        for line in 0..<rows.height {
            let index = state.navigator.offset + line
            guard index < state.navigator.rows.count else { break }
            draw(
                state.navigator.rows[index], selected: index == state.navigator.selected, state, y: rows.y + line, rows,
                &frame.buffer)
        }
    }

    private static func draw(
        _ row: NavigatorRow, selected: Bool, _ state: ExplorerState, y: Int, _ area: Rect, _ buffer: inout Buffer
    ) {
        let theme = state.theme
        var x = area.x + row.depth * 2
        switch row.kind {
        case .collection, .folder:
            let arrow = row.hasChildren ? (row.isExpanded ? "▾ " : "▸ ") : "  "
            x = buffer.write(arrow, x: x, y: y, style: theme[.muted], maxX: area.right)
            let style: Style = { if case .collection = row.kind { theme[.title].bold } else { theme[.text] } }()
            x = buffer.writeFitted(row.title, x: x, y: y, style: style, maxX: area.right)
            if let id = row.collectionID {
                if case .collection = row.kind, state.isDirty(collectionID: id) {
                    x = buffer.write(" ●", x: x, y: y, style: theme[.warning], maxX: area.right)
                }
                // A big file's first look: the rest of its requests are still being read.
                if case .collection = row.kind, state.slot(collectionID: id)?.isPartial == true {
                    buffer.write(" · reading…", x: x, y: y, style: theme[.muted], maxX: area.right)
                }
            }
        case .broken:
            x = buffer.write("✖ ", x: x, y: y, style: theme[.error], maxX: area.right)
            buffer.writeFitted(row.title, x: x, y: y, style: theme[.error], maxX: area.right)
        case .request(let key):
            let method = state.drafts[key]?.method.rawValue ?? row.method ?? "?"
            let dirty = state.isDirty(key)
            x = buffer.write(dirty ? "● " : "  ", x: x, y: y, style: theme[.warning], maxX: area.right)
            let shown = method == "DELETE" ? "DEL" : method == "OPTIONS" ? "OPT" : method
            // Five columns: a longer custom method (PROPFIND) is cut with … so the names line up.
            let methodStyle = theme[ThemeRole.method(method)].bold
            let end = buffer.writeFitted(shown, x: x, y: y, style: methodStyle, maxX: min(area.right, x + 5))
            x = buffer.write(
                String(repeating: " ", count: max(0, x + 5 - end)), x: end, y: y, style: methodStyle, maxX: area.right)
            x = buffer.writeFitted(
                " " + (state.drafts[key]?.name ?? row.title), x: x, y: y, style: theme[.text], maxX: area.right)
            if state.exchanges[key]?.inFlight != nil {
                buffer.write(" ⇅", x: x, y: y, style: theme[.info], maxX: area.right)
            }
        }
        if selected {
            let style = state.focus == .collections ? theme[.selection] : theme[.cursorLine]
            buffer.setStyle(style, in: Rect(x: area.x, y: y, width: area.width, height: 1))
        }
    }
}

import TUI

/// The GraphQL schema browser over the panes (issue 28): the search typed, the rows (types, or
/// the shown type's fields with arguments and types; deprecated ones marked), the selected row's
/// description and deprecation, and the keys.
enum GraphQLSchemaBrowserView {
    static func render(_ browser: GraphQLSchemaBrowserState, _ state: ExplorerState, into frame: inout Frame) {
        let theme = state.theme
        let screen = frame.area
        let box = GraphQLSchemaBrowserLayout.box(screen)
        let parts = GraphQLSchemaBrowserLayout.parts(screen)
        frame.buffer.fill(box, with: .blank(theme.base))
        let place = browser.trail.isEmpty ? "every type" : browser.trail.joined(separator: " › ")
        let count = browser.rows.count
        frame.render(
            Block(
                title: Line(" Schema · \(place) · \(count == 1 ? "1 row" : "\(count) rows") ", style: theme[.title]),
                borderStyle: theme[.focusedBorder], style: theme.base), in: box)
        let x = frame.buffer.write("> ", x: parts.query.x, y: parts.query.y, style: theme[.text].bold)
        let input = Rect(x: x, y: parts.query.y, width: max(1, parts.query.right - x), height: 1)
        frame.render(GraphQLSchemaBrowserLayout.queryInput(theme), in: input, laidOut: browser.query)
        frame.cursor = browser.query.screenCursor
        let height = parts.list.height
        let first = height > 0 && browser.selected >= height ? browser.selected - height + 1 : 0
        if count == 0 {
            frame.buffer.write(
                "Nothing matches", x: parts.list.x + 1, y: parts.list.y, style: theme[.muted], maxX: parts.list.right)
        }
        for (offset, row) in browser.rows.dropFirst(first).prefix(max(0, height)).enumerated() {
            let y = parts.list.y + offset
            var x = frame.buffer.write(
                " " + row.name, x: parts.list.x, y: y, style: theme[row.deprecation == nil ? .text : .muted],
                maxX: parts.list.right)
            x = frame.buffer.write("  " + row.detail, x: x, y: y, style: theme[.accent], maxX: parts.list.right)
            if row.deprecation != nil {
                x = frame.buffer.write("  deprecated", x: x, y: y, style: theme[.warning], maxX: parts.list.right)
            }
            if let description = row.description {
                let line = description.split(separator: "\n").first.map(String.init) ?? ""
                frame.buffer.write("  " + line, x: x, y: y, style: theme[.muted], maxX: parts.list.right)
            }
            if first + offset == browser.selected {
                frame.buffer.setStyle(
                    theme[.selection], in: Rect(x: parts.list.x, y: y, width: parts.list.width, height: 1))
            }
        }
        if let row = browser.selectedRow {
            let about =
                (row.deprecation.map { "Deprecated: \($0). " } ?? "")
                + (row.description ?? "No description.")
            for (index, piece) in Paragraph.wrapped(Line(about), width: max(1, parts.about.width)).prefix(2)
                .enumerated()
            {
                _ = piece.render(
                    x: parts.about.x, y: parts.about.y + index, width: parts.about.width, buffer: &frame.buffer)
            }
        }
        frame.buffer.write(
            "↑/↓ · Enter: its type · ←: back (empty search) · Tab: the field into the query · Esc closes",
            x: parts.footer.x + 1, y: parts.footer.y, style: theme[.muted], maxX: parts.footer.right)
    }
}

/// Rows and columns with a header and one selected row; column widths come from constraints.
package struct Table: StatefulWidget {
    package var header: [Line]
    package var rows: [[Line]]
    package var widths: [Constraint]
    package var headerStyle: Style
    package var highlightStyle: Style
    package var columnSpacing: Int

    package init(
        header: [Line], rows: [[Line]], widths: [Constraint], headerStyle: Style = Style(modifiers: .bold),
        highlightStyle: Style = Style(modifiers: .reverse), columnSpacing: Int = 1
    ) {
        self.header = header
        self.rows = rows
        self.widths = widths
        self.headerStyle = headerStyle
        self.highlightStyle = highlightStyle
        self.columnSpacing = columnSpacing
    }

    package func render(in area: Rect, buffer: inout Buffer, state: inout TableState) {
        guard !area.isEmpty else { return }
        let columns = Layout.horizontal(widths, spacing: columnSpacing).split(area)
        var y = area.y
        if !header.isEmpty {
            for (column, cell) in zip(columns, header) {
                Line(cell.spans, style: cell.style.patched(with: headerStyle), alignment: cell.alignment).render(
                    x: column.x, y: y, width: column.width, buffer: &buffer
                )
            }
            buffer.setStyle(headerStyle, in: Rect(x: area.x, y: y, width: area.width, height: 1))
            y += 1
        }
        let height = area.bottom - y
        state.lastArea = Rect(x: area.x, y: y, width: area.width, height: height)
        state.scrollIntoView(count: rows.count, height: height)
        for index in state.offset..<min(rows.count, state.offset + max(0, height)) {
            for (column, cell) in zip(columns, rows[index]) {
                cell.render(x: column.x, y: y, width: column.width, buffer: &buffer)
            }
            if index == state.selected {
                buffer.setStyle(highlightStyle, in: Rect(x: area.x, y: y, width: area.width, height: 1))
            }
            y += 1
        }
    }
}

/// A collapsible tree drawn with virtual scrolling: only the rows on screen are visited, so the
/// cost of a frame depends on its height, not on the size of the tree.
package struct TreeView<Source: TreeDataSource>: StatefulWidget {
    package var source: Source
    package var highlightStyle: Style
    package var markerStyle: Style
    package var indent: Int

    package init(
        source: Source, highlightStyle: Style = Style(modifiers: .reverse), markerStyle: Style = .plain, indent: Int = 2
    ) {
        self.source = source
        self.highlightStyle = highlightStyle
        self.markerStyle = markerStyle
        self.indent = indent
    }

    package func render(in area: Rect, buffer: inout Buffer, state: inout TreeState) {
        guard !area.isEmpty else { return }
        state.lastArea = area
        state.lastIndent = indent
        state.scrollIntoView(height: area.height, in: source)
        var path = state.path(atRow: state.offset, in: source)
        for row in 0..<area.height {
            guard let current = path else { break }
            let y = area.y + row
            var x = area.x + (current.count - 1) * indent
            if source.isExpandable(current) {
                let expanded = state.isExpanded(current)
                let marker = expanded ? (source.childCount(of: current) == nil ? "⟳ " : "▾ ") : "▸ "
                x = buffer.write(marker, x: x, y: y, style: markerStyle, maxX: area.right)
            } else {
                x = buffer.write("  ", x: x, y: y, maxX: area.right)
            }
            if x < area.right { source.label(of: current).render(x: x, y: y, width: area.right - x, buffer: &buffer) }
            if current == state.selected {
                buffer.setStyle(highlightStyle, in: Rect(x: area.x, y: y, width: area.width, height: 1))
            }
            path = state.next(after: current, in: source)
        }
    }
}

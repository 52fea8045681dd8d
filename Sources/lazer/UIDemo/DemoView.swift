import TUI

/// Draws the demo screen from its state: a title bar, the tree and the text area side by side,
/// and a status bar with key hints.
enum DemoView {
    static func render(_ state: inout DemoState, into frame: inout Frame) {
        let theme = state.theme
        let base = Style(foreground: theme.text, background: theme.background)
        frame.buffer.fill(frame.area, with: .blank(base))
        let rows = Layout.vertical([.length(1), .fill(1), .length(1)]).split(frame.area)
        let title = " Lazer UI demo · theme: \(theme.name) · last: \(state.lastEvent) "
        frame.buffer.fill(rows[0], with: .blank(Style(foreground: theme.background, background: theme.accent)))
        frame.buffer.write(title, x: rows[0].x, y: rows[0].y, style: Style(modifiers: .bold))

        let columns = Layout.horizontal([.percentage(45), .fill(1)]).split(rows[1])
        renderTree(&state, in: columns[0], frame: &frame)
        renderText(state, in: columns[1], frame: &frame)

        let mouse = state.mouseEnabled ? "on" : "off"
        let hints = " q quit  t theme  tab focus  j/k move  PgDn page  m mouse (\(mouse))  e edit  y copy  ^Z suspend "
        frame.buffer.fill(rows[2], with: .blank(Style(foreground: theme.muted, background: theme.background)))
        frame.buffer.write(hints, x: rows[2].x, y: rows[2].y)
    }

    /// A box with a title; returns the inside.
    static func box(_ title: String, in area: Rect, focused: Bool, theme: DemoTheme, frame: inout Frame) -> Rect {
        guard area.width >= 2, area.height >= 2 else { return .zero }
        let style = Style(foreground: focused ? theme.focusedBorder : theme.border, modifiers: focused ? .bold : [])
        let horizontal = String(repeating: "─", count: area.width - 2)
        frame.buffer.write("┌" + horizontal + "┐", x: area.x, y: area.y, style: style)
        frame.buffer.write("└" + horizontal + "┘", x: area.x, y: area.bottom - 1, style: style)
        for y in (area.y + 1)..<(area.bottom - 1) {
            frame.buffer.write("│", x: area.x, y: y, style: style)
            frame.buffer.write("│", x: area.right - 1, y: y, style: style)
        }
        frame.buffer.write(" \(title) ", x: area.x + 2, y: area.y, style: style, maxX: area.right - 1)
        return area.inset()
    }

    static func renderTree(_ state: inout DemoState, in area: Rect, frame: inout Frame) {
        let theme = state.theme
        let title = "Tree (1,000,000 rows)"
        let inner = box(title, in: area, focused: state.focus == .tree, theme: theme, frame: &frame)
        guard !inner.isEmpty else { return }
        state.treePageSize = max(1, inner.height)
        state.moveSelection(by: 0)
        // Only the rows on screen are built: the cost is the same for 10 rows or a million.
        for line in 0..<inner.height {
            let row = state.treeOffset + line
            guard row < DemoState.treeRowCount else { break }
            let y = inner.y + line
            if row == state.selectedRow {
                frame.buffer.fill(inner.row(line), with: .blank(Style(background: theme.selection)))
            }
            let style = row % 4 == 3 ? Style(foreground: theme.text) : Style(foreground: theme.accent)
            frame.buffer.write(DemoState.treeLabel(row), x: inner.x, y: y, style: style, maxX: inner.right)
        }
    }

    static func renderText(_ state: DemoState, in area: Rect, frame: inout Frame) {
        let theme = state.theme
        let inner = box("Text area", in: area, focused: state.focus == .text, theme: theme, frame: &frame)
        guard !inner.isEmpty else { return }
        let gutter = 4
        let top = max(0, state.cursorLine - inner.height + 1)
        for line in 0..<inner.height {
            let index = top + line
            guard index < state.lines.count else { break }
            let y = inner.y + line
            let number = String(index + 1)
            let padded = String(repeating: " ", count: max(0, gutter - 1 - number.count)) + number + " "
            frame.buffer.write(padded, x: inner.x, y: y, style: Style(foreground: theme.muted), maxX: inner.right)
            frame.buffer.write(state.lines[index], x: inner.x + gutter, y: y, maxX: inner.right)
        }
        if state.focus == .text {
            let prefix = String(state.lines[state.cursorLine].prefix(state.cursorColumn))
            var scratch = Buffer(size: Size(width: 1000, height: 1))
            let width = scratch.write(prefix, x: 0, y: 0)
            let x = inner.x + gutter + width
            let y = inner.y + state.cursorLine - top
            if x < inner.right, y < inner.bottom { frame.cursor = Position(x: x, y: y) }
        }
    }
}

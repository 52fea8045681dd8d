import GraphQLCheck
import TUI

/// The GraphQL operation picker over the panes (issue 28): one row per operation of the query —
/// its kind and name (or "anonymous"), its line — the one that runs now marked, and the keys.
enum GraphQLOperationPickerView {
    static func box(_ picker: GraphQLOperationPickerState, screen: Rect) -> Rect {
        screen.centered(
            width: max(10, min(screen.width - 4, 64)),
            height: max(5, min(screen.height - 2, picker.operations.count + 4)))
    }

    static func render(_ picker: GraphQLOperationPickerState, _ state: ExplorerState, into frame: inout Frame) {
        let theme = state.theme
        let box = box(picker, screen: frame.area)
        frame.buffer.fill(box, with: .blank(theme.base))
        let count = picker.operations.count
        frame.render(
            Block(
                title: Line(
                    " Operation to run · \(count == 1 ? "1 operation" : "\(count) operations") ", style: theme[.title]),
                borderStyle: theme[.focusedBorder], style: theme.base), in: box)
        let inner = box.inset(horizontal: 1, vertical: 1)
        let list = Rect(x: inner.x, y: inner.y, width: inner.width, height: max(0, inner.height - 2))
        let first = list.height > 0 && picker.selected >= list.height ? picker.selected - list.height + 1 : 0
        for (offset, operation) in picker.operations.dropFirst(first).prefix(list.height).enumerated() {
            let index = first + offset
            let y = list.y + offset
            let mark = index == picker.chosen ? "● " : "  "
            var x = frame.buffer.write(" " + mark, x: list.x, y: y, style: theme[.success], maxX: list.right)
            x = frame.buffer.write(
                operation.kind.rawValue + " ", x: x, y: y, style: theme[.accent], maxX: list.right)
            x = frame.buffer.write(
                operation.name ?? "(anonymous)", x: x, y: y, style: theme[operation.name == nil ? .muted : .text],
                maxX: list.right)
            let note = "line \(operation.line)" + (index == picker.chosen ? " · runs now" : "")
            let noteX = max(x + 2, list.right - CharacterWidth.of(note) - 1)
            frame.buffer.write(note, x: noteX, y: y, style: theme[.muted], maxX: list.right)
            if index == picker.selected {
                frame.buffer.setStyle(theme[.selection], in: Rect(x: list.x, y: y, width: list.width, height: 1))
            }
        }
        frame.buffer.write(
            "↑/↓ · Enter: run this one · Esc closes", x: inner.x + 1, y: inner.bottom - 1, style: theme[.muted],
            maxX: inner.right)
    }
}

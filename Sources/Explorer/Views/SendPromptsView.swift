import TUI
import Workspace

/// The dialog a send opens for its `{{$prompt}}` (a text field, masked for a credential's label)
/// or `{{$select}}` (the options, one highlighted).
enum SendPromptsView {
    static func render(_ asking: SendPromptsState, _ state: ExplorerState, into frame: inout Frame) {
        let theme = state.theme
        let box = SendPromptsLayout.box(asking, screen: frame.area)
        frame.buffer.fill(box, with: .blank(theme.base))
        frame.render(
            Block(
                title: Line(" " + asking.title + " ", style: theme[.title]), borderStyle: theme[.focusedBorder],
                style: theme.base), in: box)
        let inner = box.inset(horizontal: 2, vertical: 1)
        let hint: String
        let enter = asking.index + 1 < asking.prompts.count ? "Enter: the next one" : "Enter sends"
        if let options = asking.current.options {
            let rows = max(0, inner.height - 2)
            let first = SendPromptsLayout.firstOption(asking, rows: rows)
            for (row, index) in (first..<min(options.count, first + rows)).enumerated() {
                let chosen = index == asking.selected
                frame.buffer.write(
                    (chosen ? "▸ " : "  ") + options[index], x: inner.x, y: inner.y + row,
                    style: chosen ? theme[.selection] : theme[.text], maxX: inner.right)
            }
            hint = "↑/↓ choose · \(enter) · Esc cancels the send"
        } else {
            let input = TextInput(
                placeholder: asking.current.isCredential ? "typed masked" : "answer",
                style: theme.base, placeholderStyle: theme[.muted], selectionStyle: theme[.selection], focused: true)
            let field = SendPromptsLayout.field(asking)
            frame.render(input, in: inner.row(0), laidOut: field)
            frame.cursor = field.screenCursor
            hint = "\(enter) · Esc cancels the send · remembered until Lazer quits"
        }
        frame.buffer.write(hint, x: inner.x, y: inner.bottom - 1, style: theme[.muted], maxX: inner.right)
    }
}

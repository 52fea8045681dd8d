import TUI
import Workspace

/// The WebSocket composer over the panes: the line being typed (with the JSON check's complaint
/// under it) or the saved messages (name and what each sends), and the keys.
enum WebSocketComposerView {
    static func render(_ composer: WebSocketComposerState, _ state: ExplorerState, into frame: inout Frame) {
        let theme = state.theme
        let box = WebSocketComposerLayout.box(composer, screen: frame.area)
        frame.buffer.fill(box, with: .blank(theme.base))
        let title =
            composer.mode == .typing
            ? "Message to \(composer.requestName)" : "Saved messages of \(composer.requestName)"
        frame.render(
            Block(
                title: Line(" " + title + " ", style: theme[.title]),
                borderStyle: theme[.focusedBorder], style: theme.base),
            in: box)
        let inner = box.inset(horizontal: 2, vertical: 1)
        let other =
            composer.messages.isEmpty ? "" : composer.mode == .typing ? " · Tab: saved messages" : " · Tab: type one"
        switch composer.mode {
        case .typing:
            let input = TextInput(
                placeholder: "text, JSON starting with { or [, /file PATH or /close CODE REASON", style: theme.base,
                placeholderStyle: theme[.muted], selectionStyle: theme[.selection], focused: true)
            frame.render(input, in: inner.row(0), laidOut: composer.field)
            frame.cursor = composer.field.screenCursor
            if let problem = composer.problem {
                frame.buffer.write(
                    "✖ " + problem, x: inner.x, y: inner.y + 1, style: theme[.error], maxX: inner.right)
            } else if WebSocketComposerState.meantAsJSON(composer.field.text) {
                frame.buffer.write("✓ JSON", x: inner.x, y: inner.y + 1, style: theme[.success], maxX: inner.right)
            }
        case .saved:
            let rows = max(0, inner.height - 1)
            let first = WebSocketComposerLayout.firstMessage(composer, rows: rows)
            for (row, index) in (first..<min(composer.messages.count, first + rows)).enumerated() {
                let chosen = index == composer.selected
                // The first nine are sent by their digit.
                let number = index < 9 ? "\(index + 1) " : "  "
                let text = number + WebSocketComposerState.summary(composer.messages[index])
                frame.buffer.write(
                    (chosen ? "▸ " : "  ") + text, x: inner.x, y: inner.y + row,
                    style: chosen ? theme[.selection] : theme[.text], maxX: inner.right)
            }
        }
        let sends = composer.mode == .saved ? "Enter or 1–9 sends" : "Enter sends"
        frame.buffer.write(
            "\(sends)\(other) · Esc closes", x: inner.x, y: inner.bottom - 1, style: theme[.muted],
            maxX: inner.right)
    }
}

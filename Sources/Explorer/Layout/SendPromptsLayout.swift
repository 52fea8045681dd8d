import TUI
import Workspace

/// Where the send's prompt dialog goes: a centred box, one line for a prompt's field, one per
/// option of a select (as many as fit).
enum SendPromptsLayout {
    static func box(_ asking: SendPromptsState, screen: Rect) -> Rect {
        let rows = asking.current.options.map { min($0.count, max(1, screen.height - 8)) } ?? 1
        return screen.centered(width: min(screen.width - 4, 70), height: rows + 4)
    }

    /// The first option shown, so the highlighted one is in view.
    static func firstOption(_ asking: SendPromptsState, rows: Int) -> Int {
        guard rows > 0 else { return 0 }
        return max(0, asking.selected - rows + 1)
    }

    /// The field as drawn: masked, one dot per character, when the label reads like a credential.
    static func field(_ asking: SendPromptsState) -> TextEditorState {
        asking.current.isCredential ? FormLayout.masked(asking.field) : asking.field
    }

    static func settle(_ state: inout ExplorerState) {
        guard case .sendPrompts(var asking)? = state.overlay, asking.current.options == nil else { return }
        let inner = box(asking, screen: Rect(size: state.size)).inset(horizontal: 2, vertical: 1)
        var shown = field(asking)
        TextInput(focused: true).layout(in: inner.row(0), state: &shown)
        asking.field.leftColumn = shown.leftColumn
        state.overlays.overlay = .sendPrompts(asking)
    }
}

import TUI

/// Where the WebSocket composer sits: a box in the middle, one line to type in or one row per
/// saved message (as many as fit), the line scrolled so the cursor stays in view.
enum WebSocketComposerLayout {
    static func box(_ composer: WebSocketComposerState, screen: Rect) -> Rect {
        let rows =
            composer.mode == .typing ? 2 : min(composer.messages.count, max(1, screen.height - 8))
        return screen.centered(width: min(screen.width - 4, 76), height: rows + 4)
    }

    /// The first saved message shown, so the highlighted one is in view.
    static func firstMessage(_ composer: WebSocketComposerState, rows: Int) -> Int {
        guard rows > 0 else { return 0 }
        return max(0, composer.selected - rows + 1)
    }

    static func settle(_ state: inout ExplorerState) {
        guard case .webSocketComposer(var composer)? = state.overlay, composer.mode == .typing else { return }
        let inner = box(composer, screen: Rect(size: state.size)).inset(horizontal: 2, vertical: 1)
        TextInput(focused: true).layout(in: inner.row(0), state: &composer.field)
        state.overlays.overlay = .webSocketComposer(composer)
    }
}

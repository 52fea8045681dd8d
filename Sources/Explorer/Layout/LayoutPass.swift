import TUI

extension ExplorerLayout {
    /// The layout pass: fits everything that depends on the screen's size to the state — page
    /// sizes, scroll offsets kept within what there is to show, the selection kept on screen, each
    /// text field's horizontal scroll and cursor place — so the views only read the state. The
    /// reducer runs it after every action (a resize is one), so what it reads next (the tree's page
    /// size for PgDn, a scroll at its end) is what the screen shows.
    package static func settle(_ state: inout ExplorerState) {
        guard !isTooSmall(state.size) else { return }
        let layout = ExplorerLayout(state)
        if let rect = layout.collections { CollectionsLayout.settle(&state, in: rect) }
        if let rect = layout.request { RequestLayout.settle(&state, in: rect) }
        if let rect = layout.response { ResponseLayout.settle(&state, in: rect) }
        RunnerLayout.settle(&state)
        LoadLayout.settle(&state)
        OverlayLayout.settle(&state)
    }
}

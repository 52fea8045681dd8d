import TUI

/// The root's door to the screen slice: builds its Context (the collections pane's width as
/// laid out now, for `<`/`>`), reduces, and applies the Outcome (the notice as a toast).
extension ExplorerReducer {
    @discardableResult
    static func reduceScreen(_ action: ScreenReducer.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        var context = ScreenReducer.Context()
        if case .collectionsWidth = action { context.collectionsWidth = ExplorerLayout(state).collections?.width }
        let outcome = ScreenReducer.reduce(&state.screen, action, context)
        if let notice = outcome.notice { notify(&state, notice.message, kind: notice.kind) }
        return outcome.effects
    }
}

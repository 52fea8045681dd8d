import TUI

/// The root's door to the screen slice: builds its Context (the collections pane's width as
/// laid out now, for `<`/`>`), reduces, and applies the Outcome (the notice as a toast).
extension ExplorerReducer {
    @discardableResult
    static func reduceScreen(_ action: ScreenReducer.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        var context = ScreenReducer.Context()
        switch action {
        case .collectionsWidth: context.collectionsWidth = ExplorerLayout(state).collections?.width
        case .requestShare where state.requestShareIsAutomatic:
            var fixed = state
            fixed.requestShareIsAutomatic = false
            if let shown = ExplorerLayout(state).request?.height, shown != ExplorerLayout(fixed).request?.height {
                context.grownRequestHeight = shown
            }
        default: break
        }
        let outcome = ScreenReducer.reduce(&state.screen, action, context)
        if let notice = outcome.notice { notify(&state, notice.message, kind: notice.kind) }
        return outcome.effects
    }
}

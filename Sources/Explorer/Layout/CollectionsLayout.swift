import TUI

/// The collections pane's layout: the filter line while filtering, and the rows below it scrolled
/// so the selection stays on screen.
enum CollectionsLayout {
    /// Whether the filter line shows (typing a filter, or one is set).
    static func isFiltering(_ state: ExplorerState) -> Bool {
        state.navigator.isFiltering || !state.navigator.filter.text.isEmpty
    }

    /// The filter's text field: after "/ " on the pane's first inner row.
    static func filterField(_ pane: Rect) -> Rect {
        let line = pane.inset(horizontal: 1, vertical: 1).row(0)
        let x = line.x + 2
        return Rect(x: x, y: line.y, width: max(0, line.right - x), height: 1)
    }

    static func filterInput(_ state: ExplorerState) -> TextInput {
        let theme = state.theme
        return TextInput(
            placeholder: "filter", style: theme.base, placeholderStyle: theme[.muted],
            selectionStyle: theme[.selection], focused: state.navigator.isFiltering && state.focus == .collections)
    }

    static func settle(_ state: inout ExplorerState, in pane: Rect) {
        let filtering = isFiltering(state)
        if filtering { filterInput(state).layout(in: filterField(pane), state: &state.navigator.filter) }
        // The selection is kept on screen when it moves, the list changes or the pane's height
        // does; otherwise the offset stays where the wheel scrolled it (the selection may be off
        // screen, as in any list scrolled with the wheel).
        let height = ExplorerLayout.collectionRows(pane, filtering: filtering).height
        let now = NavigatorState.LaidOut(
            selected: state.navigator.selected, height: height, rowCount: state.navigator.rows.count)
        guard now != state.navigator.laidOut else { return }
        state.navigator.scrollToSelection(height: height)
        state.navigator.laidOut = now
    }
}

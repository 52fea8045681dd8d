import TUI

/// Where the GraphQL schema browser's parts go (issue 28), and its search field's cursor before a
/// frame is drawn.
enum GraphQLSchemaBrowserLayout {
    static func box(_ screen: Rect) -> Rect {
        screen.centered(width: max(10, min(screen.width - 2, 110)), height: max(8, screen.height - 2))
    }

    /// Inside the borders: the search line, the rows, the description (two lines), the keys.
    static func parts(_ screen: Rect) -> (query: Rect, list: Rect, about: Rect, footer: Rect) {
        let inner = box(screen).inset(horizontal: 1, vertical: 1)
        let list = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: max(0, inner.height - 4))
        let about = Rect(x: inner.x + 1, y: list.bottom, width: max(0, inner.width - 2), height: 2)
        return (inner.row(0).inset(horizontal: 1, vertical: 0), list, about, inner.row(inner.height - 1))
    }

    static func queryInput(_ theme: Theme) -> TextInput {
        TextInput(
            placeholder: "search types and fields by name", style: theme.base, placeholderStyle: theme[.muted],
            selectionStyle: theme[.selection], focused: true)
    }

    /// The search field's cursor (before a frame is drawn).
    static func settle(_ browser: inout GraphQLSchemaBrowserState, _ state: ExplorerState) {
        let query = parts(Rect(size: state.size)).query
        let input = Rect(x: query.x + 2, y: query.y, width: max(1, query.width - 2), height: 1)
        queryInput(state.theme).layout(in: input, state: &browser.query)
    }
}

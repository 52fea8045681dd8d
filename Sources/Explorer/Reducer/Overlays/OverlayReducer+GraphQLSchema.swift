import TUI

/// The GraphQL schema browser's keys (issue 28): typing searches, ↑/↓/PgUp/PgDn move, Enter
/// follows the selected type or field to its type, Left with an empty search goes back, Tab
/// writes the selected field (its required arguments, its braces) into the query at its cursor,
/// Esc closes.
extension OverlayReducer {
    static func graphqlSchemaKey(
        _ key: KeyEvent, _ browser: inout GraphQLSchemaBrowserState, _ context: Context, _ state: inout OverlayState
    ) -> Outcome {
        let count = browser.rows.count
        var outcome = Outcome()
        switch key {
        case KeyEvent(.escape):
            state.overlay = nil
            return outcome
        case KeyEvent(.enter):
            if !browser.follow(), let row = browser.selectedRow {
                outcome.notice = Notice("\(row.name): nothing to show past it (\(row.detail))", kind: .info)
            }
        case KeyEvent(.left) where browser.query.text.isEmpty:
            _ = browser.back()
        case KeyEvent(.tab):
            guard let row = browser.selectedRow, let text = row.insert else {
                return Outcome(notice: Notice("Only a field goes into the query (Enter opens a type)", kind: .info))
            }
            state.overlay = nil
            return Outcome(requests: [.insertIntoQuery(text, cursor: row.insertCursor)])
        default:
            if let moved = movedSelection(browser.selected, by: key, count: count, page: context.page) {
                browser.selected = moved
            } else {
                let before = browser.query.text
                _ = browser.query.handle(key)
                if browser.query.text != before { browser.refresh() }
            }
        }
        state.overlay = .graphqlSchema(browser)
        return outcome
    }
}

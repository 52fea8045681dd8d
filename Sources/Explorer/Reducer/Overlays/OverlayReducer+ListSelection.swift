import TUI

/// ↑/↓/PgUp/PgDn in a searchable list overlay (the history browser, the GraphQL schema browser):
/// one place for the clamping, so the lists move alike.
extension OverlayReducer {
    /// `selected` moved by `key` within `count` rows (a page is `page` rows); nil for any other key.
    static func movedSelection(_ selected: Int, by key: KeyEvent, count: Int, page: Int) -> Int? {
        let last = max(0, count - 1)
        switch key {
        case KeyEvent(.up): return max(0, selected - 1)
        case KeyEvent(.down): return min(last, selected + 1)
        case KeyEvent(.pageUp): return max(0, selected - max(1, page))
        case KeyEvent(.pageDown): return min(last, selected + max(1, page))
        default: return nil
        }
    }
}

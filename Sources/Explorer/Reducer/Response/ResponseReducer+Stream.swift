import Foundation
import JSONTree
import TUI

/// Moving through a streamed response's events (those the `|` filter keeps, when one is on): any
/// move up or down selects an event and stops following the newest; End (or G) follows again.
extension ResponseReducer {
    static func navigateStream(_ navigation: NavigationAction, _ rows: StreamRows, _ state: inout ResponseViewState) {
        guard rows.count > 0 else { return }
        let last = rows.count - 1
        let current =
            state.streamSelected.flatMap { rows.position(atOrBefore: $0) } ?? last
        let page = max(1, state.pageSize / 2)
        let next: Int?
        switch navigation {
        case .up: next = current - 1
        case .down: next = current + 1
        case .pageUp: next = current - page
        case .pageDown: next = current + page
        case .top: next = 0
        case .bottom: next = nil
        case .left, .right: return
        }
        state.streamSelected = next.map { rows.index(at: max(0, min(last, $0))) }
    }

    /// Enter in the `|` field over a stream: the path filters the events (empty: all of them).
    static func filterStream(_ state: inout ResponseViewState) -> Outcome {
        state.filter.isEditing = false
        let path = state.filter.query.text.trimmingCharacters(in: .whitespaces)
        state.streamSelected = nil
        guard !path.isEmpty else {
            state.streamFilter = nil
            state.filter.error = nil
            return Outcome(notice: Notice("Every event shown", kind: .info))
        }
        do {
            _ = try JSONPath(path)
        } catch {
            state.filter.error = "invalid JSONPath at character \(error.offset + 1): \(error.message)"
            return Outcome()
        }
        state.filter.error = nil
        state.streamFilter = path
        return Outcome()
    }
}

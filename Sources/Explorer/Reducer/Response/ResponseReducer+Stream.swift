import Foundation
import HTTPCore
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
            state.openedHistoryStream?.filter(nil)
            state.streamFilter = nil
            state.filter.error = nil
            return Outcome(notice: Notice("Every event shown", kind: .info))
        }
        do {
            _ = try JSONPath(path)
        } catch {
            state.filter.error = error.summary
            return Outcome()
        }
        state.filter.error = nil
        state.streamFilter = path
        state.openedHistoryStream?.filter(path)
        return Outcome()
    }

    /// Enter in the Tree tab: over a stream's list it opens an event, else it folds the tree's row.
    static func enterInTree(_ context: Context, _ state: inout ResponseViewState) -> Outcome {
        if state.tab == .tree, state.openedStreamEvent == nil, let log = context.streamLog {
            return openStreamEvent(log, &state)
        }
        return treeToggle(&state)
    }

    /// Enter over a stream: the selected event (else the newest shown) opens as a JSON tree, with
    /// the tree's folds, search and copy; Esc returns to the stream.
    static func openStreamEvent(_ log: StreamLog, _ state: inout ResponseViewState) -> Outcome {
        let rows = StreamRows(log)
        guard rows.count > 0 else { return Outcome() }
        let index = state.streamSelected ?? rows.index(at: rows.count - 1)
        guard let event = log.event(at: index) else { return Outcome() }
        guard let document = try? JSONDocument(bytes: Array(event.data.utf8)) else {
            return Outcome(notice: Notice("Event \(index + 1) is not JSON: its text is below the list", kind: .info))
        }
        state.streamSelected = index
        state.openedStreamEvent = index
        state.tree = JSONTreeView(document: document)
        state.treeGeneration = nil
        state.selectedRow = 0
        state.offset = 0
        state.search = TreeSearchState()
        state.findings = []
        state.currentFinding = nil
        return Outcome(notice: Notice("Event \(index + 1) as a tree — Esc returns to the stream", kind: .info))
    }

    static func closeStreamEvent(_ context: Context, _ state: inout ResponseViewState) {
        state.openedStreamEvent = nil
        state.tree = nil
        state.treeGeneration = nil
        state.search = TreeSearchState()
        buildTree(context.liveResult, &state)
    }
}

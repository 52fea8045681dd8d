import StateStore
import TUI

/// The history browser's keys and results: typing searches (each change asks the store again
/// under a new generation; the program debounces, the slice drops results of older searches),
/// ↑/↓/PgUp/PgDn move, Enter shows the entry, Ctrl+O re-opens it as a draft, Ctrl+D marks it to
/// compare (typing takes the letters, so not `m` as in the History tab), Esc closes.
extension OverlayReducer {
    /// Ctrl+O: re-open the selected entry as a draft of its request.
    static let historyDraftKey = KeyEvent.ctrl("o")
    /// Ctrl+D: mark the selected entry; on a second one, compare the two in the Diff view.
    static let historyMarkKey = KeyEvent.ctrl("d")

    static func historyKey(
        _ key: KeyEvent, _ browser: inout HistoryBrowserState, _ context: Context, _ state: inout OverlayState
    ) -> Outcome {
        let count = browser.rows.count
        switch key {
        case KeyEvent(.escape):
            state.overlay = nil
            return Outcome()
        case KeyEvent(.enter), historyDraftKey:
            guard let row = browser.selectedRow else { return Outcome() }
            state.overlay = nil
            return Outcome(requests: [.openHistoryEntry(row, asDraft: key == historyDraftKey)])
        case historyMarkKey:
            guard let row = browser.selectedRow else { return Outcome() }
            return Outcome(requests: [.markHistoryEntry(row)])
        default:
            if let moved = movedSelection(browser.selected, by: key, count: count, page: context.page) {
                browser.selected = moved
            } else {
                let before = browser.query.text
                _ = browser.query.handle(key)
                if browser.query.text != before { return searchHistory(&browser, context, &state) }
            }
        }
        state.overlay = .historyBrowser(browser)
        return Outcome()
    }

    /// The browser's query changed (or it opened): a new generation, and the store asked.
    static func searchHistory(
        _ browser: inout HistoryBrowserState, _ context: Context, _ state: inout OverlayState
    ) -> Outcome {
        state.historyGeneration += 1
        browser.generation = state.historyGeneration
        browser.loading = true
        browser.collectionIDs = context.historyCollections
        state.overlay = .historyBrowser(browser)
        let job = HistoryJob.browse(
            generation: browser.generation, query: browser.query.text, collectionIDs: context.historyCollections)
        return Outcome(effects: [.history(job)])
    }

    /// The open collections changed (one finished loading, one was added or removed): an open
    /// browser searches them again (opened during start-up, it listed the collections loaded so far).
    static func historyCollectionsChanged(_ context: Context, _ state: inout OverlayState) -> Outcome {
        guard case .historyBrowser(var browser)? = state.overlay, browser.collectionIDs != context.historyCollections
        else { return Outcome() }
        return searchHistory(&browser, context, &state)
    }

    static func historyBrowsed(
        _ generation: Int, _ result: Result<[HistorySummary], HistoryProblem>, _ state: inout OverlayState
    ) {
        guard case .historyBrowser(var browser)? = state.overlay, browser.generation == generation else { return }
        browser.loading = false
        switch result {
        case .success(let rows):
            // The same entry stays selected when it is still listed; else the newest.
            let selectedID = browser.selectedRow?.id
            browser.rows = rows
            browser.selected = rows.firstIndex { $0.id == selectedID } ?? 0
            browser.problem = nil
        case .failure(let problem):
            browser.rows = []
            browser.selected = 0
            browser.problem = problem.message
        }
        state.overlay = .historyBrowser(browser)
    }
}

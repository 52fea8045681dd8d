package import StateStore
package import TUI
package import Workspace

/// The history browser (`Alt+H`, palette "History…"): every exchange of the open workspace's
/// collections, newest first, and the search typed over it. The rows are summaries (no bodies):
/// ten thousand of them are a few megabytes, and only the rows on screen are drawn.
package struct HistoryBrowserState: Sendable, Equatable {
    package var query = TextEditorState(singleLine: true)
    package var rows: [HistorySummary] = []
    package var selected = 0
    /// The first row on screen (kept around the selection by the layout pass).
    package var offset = 0
    /// The search asked last: a result of another one is dropped when it arrives.
    package var generation: Int
    /// A search is on its way (the rows shown are the previous one's).
    package var loading = true
    /// The search's error (the store could not be read), shown instead of rows.
    package var problem: String?
    /// The collections the last search covered (a collection loading later searches again).
    package var collectionIDs: [String] = []

    /// The most rows a search lists (the newest); the title says when the list stops there.
    package static let listLimit = 10_000

    package init(generation: Int) { self.generation = generation }

    package var selectedRow: HistorySummary? { rows.indices.contains(selected) ? rows[selected] : nil }
}

/// "Clear history…": how many entries go for each answer, asked before anything is deleted.
package struct ClearHistoryQuestion: Sendable, Equatable {
    /// The current collection (nil: none is open; only "all" is offered then).
    package var collectionID: String?
    package var collectionName: String
    package var collectionCount: Int
    /// The collections open in the workspace ("all").
    package var allCollectionIDs: [String]
    package var allCount: Int

    package init(
        collectionID: String?, collectionName: String, collectionCount: Int, allCollectionIDs: [String], allCount: Int
    ) {
        self.collectionID = collectionID
        self.collectionName = collectionName
        self.collectionCount = collectionCount
        self.allCollectionIDs = allCollectionIDs
        self.allCount = allCount
    }
}

/// History work the program runs off the main loop (`ExplorerEffect.history`).
package enum HistoryJob: Sendable, Equatable {
    /// The browser's list for `query` over `collectionIDs` (debounced by the program: while
    /// typing only the last query runs).
    case browse(generation: Int, query: String, collectionIDs: [String])
    /// One entry in full, to show it (`asDraft`: to re-open it as a draft of its request).
    case load(collectionID: String, id: String, asDraft: Bool)
    /// The counts "Clear history…" asks with.
    case count(collectionID: String?, collectionName: String, allCollectionIDs: [String])
    case clear(collectionIDs: [String])
    /// One entry in full, to mark it for comparison (`Ctrl+D` in the browser).
    case loadToCompare(collectionID: String, id: String)
}

/// What history work brought back (`ExplorerAction.history`).
package enum HistoryEvent: Sendable, Equatable {
    case browsed(generation: Int, Result<[HistorySummary], HistoryProblem>)
    /// nil: the entry is gone (cleared, or past retention).
    case loaded(collectionID: String, HistoryEntry?, asDraft: Bool)
    case counted(ClearHistoryQuestion)
    case cleared(Result<Int, HistoryProblem>)
    /// The entry asked to mark for comparison (nil: it is gone).
    case loadedToCompare(HistoryEntry?)
}

/// The state store could not be read or written: what it said.
package struct HistoryProblem: Error, Sendable, Equatable {
    package var message: String

    package init(_ message: String) { self.message = message }
}

import TUI
import Workspace

/// The history browser and "Clear history…" reach several slices: the dialogs' (the list, the
/// question), the selection (the entry's request), the response pane (the entry shown) and the
/// workspace (the draft made of an entry). The root routes their results here.
extension ExplorerReducer {
    static func historyEvent(_ event: HistoryEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch event {
        case .browsed(let generation, let result):
            return reduceOverlays(.historyBrowsed(generation: generation, result), &state)
        case .loaded(let collectionID, let entry, let asDraft):
            return historyEntryLoaded(collectionID, entry, asDraft: asDraft, &state)
        case .counted(let question):
            guard question.allCount > 0 else {
                notify(&state, "No history to clear", kind: .info)
                return []
            }
            return reduceOverlays(.open(.clearHistory(question, selected: -1)), &state)
        case .cleared(.success(let count)):
            notify(&state, "Cleared \(count) history \(count == 1 ? "entry" : "entries")", kind: .success)
            return state.selection.map { [.loadHistory($0)] } ?? []
        case .cleared(.failure(let problem)):
            notify(&state, "History not cleared: \(problem.message)", kind: .error)
            return []
        case .loadedToCompare(let entry):
            guard let entry else {
                notify(&state, "That history entry is gone (cleared, or past the retention limits)", kind: .warning)
                return []
            }
            var effects = reduceDiff(.mark(entry), &state, markKey: OverlayReducer.historyMarkKey.description)
            // The second mark compares: the browser makes way for the Diff view.
            if !effects.isEmpty, case .historyBrowser? = state.overlay { effects += reduceOverlays(.close, &state) }
            return effects
        }
    }

    /// "Clear history…": the counts are read first, then the question asks with them.
    static func askToClearHistory(_ state: ExplorerState) -> [ExplorerEffect] {
        let id = state.currentCollectionID
        let name = id.flatMap { state.document(collectionID: $0)?.collection.name } ?? ""
        let all = state.collections.compactMap(\.collectionID)
        return [.history(.count(collectionID: id, collectionName: name, allCollectionIDs: all))]
    }

    /// The question's answer: this collection's entries (first answer when there is a current
    /// collection) or all the workspace's.
    static func clearHistoryAnswered(
        _ question: ClearHistoryQuestion, choice: Int, _ state: inout ExplorerState
    ) -> [ExplorerEffect] {
        reduceOverlays(.close, &state)
        let ids: [String]
        if let id = question.collectionID, choice == 0 {
            ids = [id]
        } else {
            ids = question.allCollectionIDs
        }
        return [.history(.clear(collectionIDs: ids))]
    }

    /// An entry the browser asked for arrived: shown in the response views (its request
    /// selected when it still exists), or made a draft of its request (a new request when it
    /// no longer exists).
    static func historyEntryLoaded(
        _ collectionID: String, _ entry: HistoryEntry?, asDraft: Bool, _ state: inout ExplorerState
    ) -> [ExplorerEffect] {
        guard let entry else {
            notify(&state, "That history entry is gone (cleared, or past the retention limits)", kind: .warning)
            return []
        }
        let key = entry.requestID.map { RequestKey(collectionID: collectionID, requestID: $0) }
        let exists = key.flatMap { state.request($0) } != nil
        var effects: [ExplorerEffect] = []
        if asDraft {
            effects += reduceWorkspace(.draftFromHistory(collectionID: collectionID, entry), &state)
        } else if let key, exists {
            effects += select(key, &state, focus: false)
        }
        reduceResponse(.openEntry(entry), &state)
        if !asDraft {
            reduceScreen(.focus(.response), &state)
            let name = entry.requestName ?? "\(entry.method) \(entry.url)"
            let message =
                exists
                ? "\(name) from history (\(ISOTimeText.short(entry.date))) — Esc returns to the latest"
                : "\(name) is no longer in its collection: shown from history (Ctrl+O in the browser re-creates it)"
            notify(&state, message, kind: .info)
        }
        return effects
    }
}

import Futures
import TUI
import Workspace

/// The explorer's only place of change: `reduce(&state, action)` applies one action and returns
/// the effects to run. Pure: no I/O, no clock (the program sets `state.now`), no randomness
/// except new request ids.
package enum ExplorerReducer {
    /// How long a toast stays, and how long a deletion can be undone.
    static let toastDuration = Duration.seconds(4)
    static let undoDuration = Duration.seconds(10)

    package static func reduce(_ state: inout ExplorerState, _ action: ExplorerAction) -> [ExplorerEffect] {
        // Whatever the action changed, the layout follows before anything reads it (views, the
        // next action).
        defer { ExplorerLayout.settle(&state) }
        let shownBefore = state.overlay?.questionIdentity
        let effects = reduceAction(&state, action)
        openWaitingQuestion(&state, shownBefore: shownBefore)
        return queueSaves(effects, &state)
    }

    private static func reduceAction(_ state: inout ExplorerState, _ action: ExplorerAction) -> [ExplorerEffect] {
        expireTimedThings(&state)
        switch action {
        case .event(let event):
            return handle(event, &state)
        case .command(let command):
            return perform(command, &state)
        case .collectionLoaded(let slot):
            return collectionLoaded(slot, &state)
        case .loadingFinished(let problem):
            state.isLoading = false
            state.loadProblem = problem
            if let problem { notify(&state, problem, kind: .error) }
            if state.selection == nil { applyStartupSelection(&state, final: true) }
            // `--env` that no collection has was ignored without a word (a typo looked like mock).
            if problem == nil, let wanted = state.startup.environment,
                !state.collections.contains(where: { $0.document?.collection.environment(named: wanted) != nil })
            {
                let note = "No collection has an environment \"\(wanted)\": each keeps its own"
                let earlier = state.toast.map { $0.message + " · " } ?? ""
                notify(&state, earlier + note, kind: .warning)
            }
            return []
        case .draftsFound(let found):
            var drafts: [RequestKey: SavedRequest] = [:]
            var lostSecrets = 0
            for (key, draft) in found {
                let (restored, lost) = DraftSecrets.restore(draft, saved: state.savedRequest(key))
                drafts[key] = restored
                if lost { lostSecrets += 1 }
            }
            state.draftsLostSecrets = lostSecrets
            // Offered: drafts that differ from their saved request, and drafts whose request was
            // deleted since (restoring adds it back) when their collection is open.
            let known = drafts.filter {
                guard state.document(collectionID: $0.key.collectionID) != nil else { return false }
                return state.savedRequest($0.key) != $0.value
            }
            guard !known.isEmpty else { return [] }
            state.recoveredDrafts = known
            ask(
                .recoverDrafts(count: known.count, selected: -1), &state,
                waitingNotice: "Unsaved drafts from last time were found: Lazer asks about them when you finish typing")
            return []
        case .exchangeEvent(let key, let generation, let event):
            return exchangeEvent(key, generation: generation, event, &state)
        case .chainStage(let key, let generation, let stage):
            return chainStage(key, generation: generation, stage, &state)
        case .exchangeFinished(let key, let result):
            return exchangeFinished(key, result, &state)
        case .captured(let collectionID, let values):
            state.captures[collectionID, default: [:]].merge(values) { _, new in new }
            return []
        case .capturesLoaded(let collectionID, let values):
            state.captures[collectionID] = values.isEmpty ? nil : values
            return []
        case .saved(let collectionID, let result):
            return saved(collectionID, result, &state)
        case .fileChanged(let slot):
            return fileChanged(slot, &state)
        case .historyChanged(let key):
            return key == state.selection ? [.loadHistory(key)] : []
        case .historyLoaded(let key, let entries):
            guard key == state.selection else { return [] }
            state.response.history = entries.reversed()
            state.response.historySelected = min(state.response.historySelected, max(0, entries.count - 1))
            return openRunExchangeIfAsked(key, &state)
        case .runner(let event):
            return runnerEvent(event, &state)
        case .searchFinished(let generation, let pattern, let matches, let error):
            return searchFinished(generation, pattern, matches, error, &state)
        case .filterFinished(let generation, let query, let result):
            return filterFinished(generation, query, result, &state)
        case .externalEditFinished(let key, let text, let message):
            if let text, state.request(key) != nil {
                updateDraft(key, &state) { $0.body = BodyText.replacing($0.body, with: text) }
                if key == state.selection, let request = state.request(key) {
                    state.editor.body.setText(BodyText.text(of: request.body))
                    state.editor.bodyProblem = BodyText.problem(in: request.body)
                }
                notify(&state, "Body updated from the editor", kind: .success)
                return draftsChanged(&state)
            }
            if let message { notify(&state, message, kind: .warning) }
            return []
        case .notice(let message, let isError):
            notify(&state, message, kind: isError ? .error : .info)
            return []
        case .fileWritten(let path, let size, let notCarried):
            fileWritten(path, size: size, notCarried: notCarried, &state)
            return []
        case .curlPasted(let key, let requests, let report):
            return applyPastedCurl(requests, report, key, &state)
        case .tick:
            return []
        }
    }

    // MARK: - Shared helpers

    static func notify(_ state: inout ExplorerState, _ message: String, kind: Toast.Kind) {
        state.toast = TimedToast(message: message, kind: kind, expires: state.now + toastDuration)
        if kind == .error || kind == .warning { state.rememberMessage(message) }
    }

    private static func expireTimedThings(_ state: inout ExplorerState) {
        if let toast = state.toast, toast.expires <= state.now { state.toast = nil }
        if let undo = state.undo, undo.expires <= state.now { state.undo = nil }
    }

    /// Applies `edit` to the request's draft (made from the saved request on first edit). A draft
    /// that ends up equal to the saved request is dropped: nothing is left to save.
    static func updateDraft(_ key: RequestKey, _ state: inout ExplorerState, _ edit: (inout SavedRequest) -> Void) {
        guard var request = state.request(key) else { return }
        edit(&request)
        if request == state.savedRequest(key) {
            state.drafts[key] = nil
        } else {
            state.drafts[key] = request
        }
    }

    /// After drafts change: autosave them (the program debounces the writes).
    static func draftsChanged(_ state: inout ExplorerState) -> [ExplorerEffect] {
        [.storeDrafts(state.drafts)]
    }

    /// Replaces (or adds) a collection slot, rebuilding the navigator.
    /// A file read from disk (at startup or after it changed): stored, unless another file already
    /// open has its collection id, when it is stored as a broken file that says so.
    static func storeFromDisk(_ slot: CollectionSlot, _ state: inout ExplorerState) {
        let path = slot.path
        let id = slot.collectionID
        if id != nil, let other = state.collections.first(where: { $0.path != path && $0.collectionID == id }) {
            store(CollectionSlot.duplicate(slot, of: other), &state)
        } else {
            store(slot, &state)
        }
    }

    static func store(_ slot: CollectionSlot, _ state: inout ExplorerState) {
        if let index = state.collections.firstIndex(where: {
            $0.path == slot.path || ($0.collectionID != nil && $0.collectionID == slot.collectionID)
        }) {
            state.collections[index] = slot
        } else {
            state.collections.append(slot)
            state.collections.sort { $0.path < $1.path }
        }
        state.navigator.rebuild(from: state.collections)
    }
}

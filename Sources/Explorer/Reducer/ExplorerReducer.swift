import Futures
import TUI
import Workspace

/// The explorer's only place of change: `reduce(&state, action)` applies one action and returns
/// the effects to run. Pure: no I/O, no clock (the program sets `state.now`), no randomness
/// except new request ids.
package enum ExplorerReducer {
    /// How long a toast stays.
    static let toastDuration = Duration.seconds(4)

    package static func reduce(_ state: inout ExplorerState, _ action: ExplorerAction) -> [ExplorerEffect] {
        // Whatever the action changed, the layout follows before anything reads it (views, the
        // next action).
        defer { ExplorerLayout.settle(&state) }
        let shownBefore = state.overlay?.questionIdentity
        let effects = reduceAction(&state, action)
        reduceOverlays(.settle(shownBefore: shownBefore), &state)
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
            reduceWorkspace(.loadingFinished(problem: problem), &state)
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
            return reduceWorkspace(.draftsFound(found), &state)
        case .exchangeEvent(let key, let generation, let event):
            state.exchanges[key]?.updateTrace(generation: generation) { $0.record(event) }
            return []
        case .chainStage(let key, let generation, let stage):
            state.exchanges[key]?.updateTrace(generation: generation) { $0.update(stage) }
            return []
        case .exchangeFinished(let key, let result):
            return exchangeFinished(key, result, &state)
        case .captured(let collectionID, let values):
            return reduceWorkspace(.captured(collectionID: collectionID, values), &state)
        case .capturesLoaded(let collectionID, let values):
            return reduceWorkspace(.capturesLoaded(collectionID: collectionID, values), &state)
        case .saved(let collectionID, let result):
            return saved(collectionID, result, &state)
        case .fileChanged(let slot):
            return fileChanged(slot, &state)
        case .historyChanged(let key):
            return key == state.selection ? [.loadHistory(key)] : []
        case .historyLoaded(let key, let entries):
            guard key == state.selection else { return [] }
            reduceResponse(.historyLoaded(entries), &state)
            return openRunExchangeIfAsked(key, &state)
        case .runner(let event):
            return runnerEvent(event, &state)
        case .searchFinished(let generation, let pattern, let matches, let error):
            return reduceResponse(
                .searchFinished(generation: generation, pattern: pattern, matches: matches, error: error), &state)
        case .filterFinished(let generation, let query, let result):
            return reduceResponse(.filterFinished(generation: generation, query: query, result), &state)
        case .externalEditFinished(let key, let text, let message):
            if let text, state.request(key) != nil {
                if key == state.selection {
                    _ = reduceEditor(.bodyEdited(text), &state)
                } else {
                    updateDraft(key, &state) { $0.body = BodyText.replacing($0.body, with: text) }
                }
                notify(&state, "Body updated from the editor", kind: .success)
                return draftsChanged(&state)
            }
            if let message { notify(&state, message, kind: .warning) }
            return []
        case .notice(let message, let isError):
            notify(&state, message, kind: isError ? .error : .info)
            return []
        case .fileWritten(let path, let size, let notCarried, let alongside):
            return reduceWorkspace(
                .fileWritten(path: path, size: size, notCarried: notCarried, alongside: alongside), &state)
        case .curlPasted(let key, let requests, let report):
            return reduceWorkspace(.applyPastedCurl(requests, report: report, key), &state)
        case .tick:
            return []
        }
    }

    // MARK: - Shared helpers

    static func notify(_ state: inout ExplorerState, _ message: String, kind: Toast.Kind, details: String? = nil) {
        state.toast = TimedToast(message: message, kind: kind, expires: state.now + toastDuration)
        if kind == .error || kind == .warning { state.rememberMessage(details.map { message + "\n" + $0 } ?? message) }
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

}

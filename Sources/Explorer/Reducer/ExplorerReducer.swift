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
        return refusingPartialWrites(&state) { state in
            let shownBefore = state.overlay?.questionIdentity
            let selectedBefore = state.selection
            var effects = reduceAction(&state, action)
            reduceOverlays(.settle(shownBefore: shownBefore), &state)
            effects += checkGraphQL(&state)
            effects += syncStreamJoin(&state)
            effects += syncStreamPage(&state)
            if state.selection != selectedBefore { effects += readCachedToken(state) }
            return queueSaves(effects, &state)
        }
    }

    private static func reduceAction(_ state: inout ExplorerState, _ action: ExplorerAction) -> [ExplorerEffect] {
        expireTimedThings(&state)
        switch action {
        case .event(let event):
            return handle(event, &state)
        case .command(let command):
            return perform(command, &state)
        case .collectionLoaded(let slot):
            return reduceWorkspace(.collectionLoaded(slot), &state)
        case .loadingFinished(let problem):
            reduceWorkspace(.loadingFinished(problem: problem), &state)
            // The request to start on: its remembered state is what was just read, but its
            // history is on disk from earlier runs (it showed "Not sent yet" over its answers).
            var effects: [ExplorerEffect] = []
            if state.selection == nil {
                reduceWorkspace(.startupSelection, &state)
                if let key = state.selection { effects.append(.loadHistory(key)) }
            }
            if problem == nil { reduceWorkspace(.checkStartupEnvironment, &state) }
            return effects
        case .draftsFound(let found, let environments):
            return reduceWorkspace(.draftsFound(found, environments: environments), &state)
        case .exchangeEvent(let key, let generation, let event):
            return reduceExchanges(.event(key, generation: generation, event), &state)
        case .chainStage(let key, let generation, let stage):
            return reduceExchanges(.chainStage(key, generation: generation, stage), &state)
        case .exchangeFinished(let key, let result):
            return reduceExchanges(.finished(key, result), &state)
        case .streamEvents(let key, let generation, let events):
            return reduceExchanges(.streamEvents(key, generation: generation, events), &state)
        case .streamReconnection(let key, let generation, let step):
            return reduceExchanges(.streamReconnection(key, generation: generation, step), &state)
        case .bodyPreviewParsed(let key, let generation, let parse):
            return reduceExchanges(.bodyPreview(key, generation: generation, parse), &state)
        case .streamPage(let key, let generation, let asked, let events):
            return reduceExchanges(.streamPage(key, generation: generation, asked, events), &state)
        case .streamSpillFiltered(let key, let generation, let path, let range, let indexes):
            return reduceExchanges(.streamFilterOlder(key, generation: generation, path: path, range, indexes), &state)
        case .streamSpillSearched(let key, let generation, let pattern, let range, let indexes):
            // The pane's search is of the selected request's stream; another's answer is stale.
            guard key == state.selection else { return [] }
            return reduceResponse(.olderStreamMatches(generation: generation, pattern: pattern, range, indexes), &state)
        case .captured(let collectionID, let values):
            return reduceWorkspace(.captured(collectionID: collectionID, values), &state)
        case .capturesUnset(let collectionID, let names):
            return reduceWorkspace(.capturesUnset(collectionID: collectionID, names: names), &state)
        case .capturesLoaded(let collectionID, let values):
            return reduceWorkspace(.capturesLoaded(collectionID: collectionID, values), &state)
        case .saved(let collectionID, let result):
            return reduceWorkspace(.saved(collectionID: collectionID, result), &state)
        case .fileChanged(let slot):
            return reduceWorkspace(.fileChanged(slot), &state)
        case .historyChanged(let key):
            return key == state.selection ? [.loadHistory(key)] : []
        case .history(let event):
            return historyEvent(event, &state)
        case .snapshot(let event):
            return snapshotEvent(event, &state)
        case .historyLoaded(let key, let entries):
            guard key == state.selection else { return [] }
            reduceResponse(.historyLoaded(entries), &state)
            return reduceRunner(.historyLoaded(key), &state)
        case .runner(let event):
            return reduceRunner(.event(event), &state)
        case .load(let event):
            return loadEvent(event, &state)
        case .diffFinished(let generation, let result):
            // "Compare with environment…" recorded an exchange: the History tab shows it.
            return reduceDiff(.finished(generation: generation, result), &state)
                + (state.selection.map { [.loadHistory($0)] } ?? [])
        case .searchFinished(let generation, let pattern, let matches, let error, let refresh):
            return reduceResponse(
                .searchFinished(
                    generation: generation, pattern: pattern, matches: matches, error: error, refresh: refresh),
                &state)
        case .filterFinished(let generation, let query, let result, let refresh):
            return reduceResponse(
                .filterFinished(generation: generation, query: query, result, refresh: refresh), &state)
        case .externalEditFinished(let key, let target, let text, let message):
            if case .script(let stage) = target {
                guard let text, key == state.selection, state.request(key) != nil else {
                    notify(&state, message ?? "Script unchanged", kind: .warning)
                    return []
                }
                let effects = reduceEditor(.scriptEdited(text, stage), &state)
                notify(&state, "Script updated from the editor", kind: .success)
                return effects
            }
            // The editor shows the selected request's new body; the workspace makes it the draft.
            var effects: [ExplorerEffect] = []
            if let text, key == state.selection, state.request(key) != nil {
                effects = reduceEditor(.bodyEdited(text), &state)
            }
            return effects + reduceWorkspace(.bodyEdited(key, text: text, message: message), &state)
        case .notice(let message, let isError):
            notify(&state, message, kind: isError ? .error : .info)
            return []
        case .fileWritten(let path, let size, let notCarried, let alongside):
            return reduceWorkspace(
                .fileWritten(path: path, size: size, notCarried: notCarried, alongside: alongside), &state)
        case .curlPasted(let key, let requests, let report):
            return reduceWorkspace(.applyPastedCurl(requests, report: report, key), &state)
        case .cookiesLoaded(let jar, let cookies, let error):
            return reduceOverlays(.cookiesLoaded(jar, cookies, error: error), &state)
        case .oauthDeviceCode(let key, let generation, let authorization):
            return reduceExchanges(.deviceCode(key, generation: generation, authorization), &state)
        case .preparing(let key, let generation, let step):
            return reduceExchanges(.preparing(key, generation: generation, step), &state)
        case .oauthAuthorization(let key, let generation, let prompt):
            return reduceExchanges(.browserAuthorization(key, generation: generation, prompt), &state)
        case .oauthToken(let key, let token):
            return reduceExchanges(.tokenState(key, token), &state)
        case .oauthStep(let key, let generation, let step):
            return reduceExchanges(.tokenStep(key, generation: generation, step), &state)
        case .askTrust(let question):
            return reduceOverlays(
                .ask(
                    .trust(question, selected: -1),
                    waitingNotice: question.waitingNotice),
                &state)
        case .tick:
            return []
        case .graphqlChecked(let generation, let check):
            return reduceEditor(.graphqlChecked(generation: generation, check), &state)
        case .scriptSyntaxChecked(let job, let problem):
            return reduceEditor(.scriptSyntaxChecked(job, problem: problem), &state)
        case .graphqlIntrospected(let collectionID, let environment, let result):
            introspected(collectionID, environment, result, &state)
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
        if let undo = state.undo, undo.expires <= state.now { reduceNavigator(.expireUndo, &state) }
    }

    /// After drafts change: autosave them (the program debounces the writes).
    static func draftsChanged(_ state: ExplorerState) -> [ExplorerEffect] {
        [.storeDrafts(state.drafts)]
    }

}

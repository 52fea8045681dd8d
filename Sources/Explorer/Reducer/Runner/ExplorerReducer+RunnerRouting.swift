import HTTPCore
import Replay
import TUI
import Workspace

/// The root's door to the Runner view's slice: `R` in the collections pane (or the palette) runs
/// the folder or collection under the cursor through `Replay`, against the collection's selected
/// environment; results tick in as `runner` actions; Enter on a row opens that request with the
/// run's exchange. The root works out what to run (`runTarget`, `runPlan`), builds the Context,
/// and applies the Outcome: captured values to the workspace, the notice, the selection, the
/// response pane's history entry.
extension ExplorerReducer {
    static func runnerAction(_ command: RunnerCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .run: return reduceRunner(.start(runTarget(state, wholeCollection: false)), &state)
        case .runCollection: return reduceRunner(.start(runTarget(state, wholeCollection: true)), &state)
        case .load, .loadStart, .loadStop, .loadAgain, .loadHide: return loadAction(command, &state)
        default:
            guard let action = RunnerReducer.action(command, rows: state.runner?.rows.count ?? 0) else { return [] }
            return reduceRunner(action, &state)
        }
    }

    /// What `R` runs: the collection or folder under the cursor; for a request, its folder. With
    /// `wholeCollection`, the collection of whatever is under the cursor.
    static func runTarget(_ state: ExplorerState, wholeCollection: Bool) -> RunnerReducer.RunTarget? {
        let kind = state.navigator.selectedRow?.kind ?? state.selection.map(NavigatorRow.Kind.request)
        switch kind {
        case .collection(let id): return .init(collectionID: id, folder: [])
        case .folder(let id, let path): return .init(collectionID: id, folder: wholeCollection ? [] : path)
        case .request(let key):
            guard !wholeCollection, let document = state.document(collectionID: key.collectionID) else {
                return .init(collectionID: key.collectionID, folder: [])
            }
            return .init(
                collectionID: key.collectionID, folder: document.collection.folderPath(ofRequest: key.requestID) ?? [])
        case .broken, nil: return nil
        }
    }

    /// What a run of `target` needs of the workspace.
    static func runPlan(_ target: RunnerReducer.RunTarget?, _ state: ExplorerState) -> RunnerReducer.Plan? {
        guard let target, let document = state.document(collectionID: target.collectionID) else { return nil }
        return RunnerReducer.Plan(
            target: target, document: document, environment: state.environmentName(collectionID: target.collectionID),
            drafts: Set(state.drafts.keys.filter { $0.collectionID == target.collectionID }),
            captures: state.captures.filter { $0.key == target.collectionID }, answers: state.overlays.promptAnswers)
    }

    /// Routes an action to the Runner slice and applies what it asks of the rest: the values a
    /// finished run captured (a token captured by the run's login is there for the next F5, as
    /// after sending it), a notice, the selected request's history when the run included it, the
    /// row opened.
    @discardableResult
    static func reduceRunner(_ action: RunnerReducer.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        var context = RunnerReducer.Context(now: state.now, selection: state.selection)
        switch action {
        case .start(let target):
            context.run = state.nextGeneration
            context.plan = runPlan(target, state)
        case .again:
            context.run = state.nextGeneration
            context.plan = state.runner.flatMap {
                runPlan(.init(collectionID: $0.collectionID, folder: $0.folder), state)
            }
        case .open, .click:
            context.rowOpenable =
                state.runner.map { runner in
                    runner.rows.indices.contains(runner.selected)
                        && state.request(runner.rows[runner.selected].key) != nil
                } ?? false
        case .show:
            context.runKey = state.keys.keymap.keys(for: .runner(.run)).first?.description ?? "R"
        case .move, .moveTo, .hide, .cancel, .event, .historyLoaded: break
        }
        let outcome = RunnerReducer.reduce(&state.runner, action, context)
        var effects = outcome.effects
        for (collectionID, values) in outcome.captured {
            effects += reduceWorkspace(.captured(collectionID: collectionID, values), &state)
        }
        if let notice = outcome.notice { notify(&state, notice.message, kind: notice.kind) }
        for request in outcome.requests {
            switch request {
            case .takeGeneration: effects += reduceExchanges(.generationTaken, &state)
            case .select(let key): effects += select(key, &state, focus: false)
            case .focusResponse: reduceScreen(.focus(.response), &state)
            case .openOverlay(let overlay): effects += reduceOverlays(.open(overlay), &state)
            case .openNewestHistory(let checks): effects += reduceResponse(.openNewestHistory(checks: checks), &state)
            }
        }
        if let key = state.selection, outcome.finishedKeys.contains(key) { effects.append(.loadHistory(key)) }
        return effects
    }

    /// Keys while the Runner view is on screen: the `runner` context of the keymap (Esc hides the
    /// view too); F-keys, Ctrl and Alt keep their global meaning (F8 hides it, F1 shows its keys).
    static func runnerKey(_ key: KeyEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard state.runner != nil else { return [] }
        if isCommandKey(key), key.key != .tab, key.key != .backTab,
            let command = ExplorerKeymap.command(state.keys.resolve(key, contexts: []))
        {
            return perform(command, &state)
        }
        if key == KeyEvent(.escape) {
            state.keys.reset()
            return reduceRunner(.hide, &state)
        }
        // Only the view's own commands and its help: the panes under it take no keys.
        switch ExplorerKeymap.command(state.keys.resolve(key, contexts: [KeyContext.runner.rawValue])) {
        case .runner(let command)?: return runnerAction(command, &state)
        case .app(.help)?: return perform(.app(.help), &state)
        default: return []
        }
    }

    /// The mouse over the Runner view: a click selects the request row under it (or the request
    /// a detail line belongs to), a click on the selected request opens it (as Enter), the wheel
    /// moves the selection three requests.
    static func runnerMouse(_ mouse: MouseEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard state.runner != nil else { return [] }
        switch mouse.kind {
        case .scrollUp, .scrollDown:
            return reduceRunner(.move(rows: mouse.kind == .scrollUp ? -3 : 3), &state)
        case .press(.left):
            guard let row = RunnerLayout.row(at: mouse.position, state) else { return [] }
            return reduceRunner(.click(row: row), &state)
        default:
            return []
        }
    }
}

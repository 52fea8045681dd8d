import HTTPCore
import Replay
import TUI
import Workspace

/// The Runner view: `R` in the collections pane (or the palette) runs the folder or collection
/// under the cursor through `Replay`, against the collection's selected environment; results tick
/// in as `runner` actions; Enter on a row opens that request with the run's exchange.
extension ExplorerReducer {
    static func runnerAction(_ command: RunnerCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .run: return startRun(runTarget(state, wholeCollection: false), &state)
        case .runCollection: return startRun(runTarget(state, wholeCollection: true), &state)
        case .show:
            guard state.runner != nil else {
                let key = state.keys.keymap.keys(for: .runner(.run)).first?.description ?? "R"
                notify(&state, "Nothing has run yet: \(key) in the collections pane runs a folder", kind: .info)
                return []
            }
            state.runner?.isShown.toggle()
            return []
        case .up, .down, .pageUp, .pageDown, .top, .bottom, .open, .cancel, .again, .hide:
            return runnerCommand(command, &state)
        }
    }

    /// What `R` runs: the collection or folder under the cursor; for a request, its folder. With
    /// `wholeCollection`, the collection of whatever is under the cursor.
    static func runTarget(_ state: ExplorerState, wholeCollection: Bool) -> (collectionID: String, folder: [String])? {
        let kind = state.navigator.selectedRow?.kind ?? state.selection.map(NavigatorRow.Kind.request)
        switch kind {
        case .collection(let id): return (id, [])
        case .folder(let id, let path): return (id, wholeCollection ? [] : path)
        case .request(let key):
            guard !wholeCollection, let document = state.document(collectionID: key.collectionID) else {
                return (key.collectionID, [])
            }
            let location = document.collection.allRequests.first { $0.request.id == key.requestID }
            return (key.collectionID, location?.folderPath ?? [])
        case .broken, nil: return nil
        }
    }

    static func startRun(
        _ target: (collectionID: String, folder: [String])?, _ state: inout ExplorerState
    ) -> [ExplorerEffect] {
        guard let target, let document = state.document(collectionID: target.collectionID) else {
            notify(&state, "Nothing to run here: pick a collection, a folder or a request", kind: .warning)
            return []
        }
        if let runner = state.runner, runner.isRunning {
            state.runner?.isShown = true
            notify(&state, "A run is in progress (c cancels it)", kind: .info)
            return []
        }
        let items = document.collection.allRequests.filter { $0.folderPath.starts(with: target.folder) }.map {
            RunPlan.Item(document: document, folderPath: $0.folderPath, request: $0.request)
        }
        let collection = document.collection
        let title = target.folder.isEmpty ? collection.name : target.folder.joined(separator: "/")
        guard !items.isEmpty else {
            notify(&state, "\(title) has no requests to run", kind: .info)
            return []
        }
        let environment = state.environmentName(collectionID: target.collectionID)
        let run = state.nextGeneration
        state.nextGeneration += 1
        let rows = items.map { item in
            RunnerState.Row(
                key: RequestKey(collectionID: target.collectionID, requestID: item.request.id),
                method: item.request.method.rawValue,
                path: (item.folderPath + [item.request.name]).joined(separator: "/"))
        }
        state.runner = RunnerState(
            run: run, title: target.folder.isEmpty ? title : "\(title) · \(collection.name)",
            collectionID: target.collectionID, folder: target.folder, environment: environment, rows: rows,
            startedAt: state.now)
        let drafts = state.drafts.keys.count { key in rows.contains { $0.key == key } }
        if drafts > 0 {
            notify(
                &state, "Runs the saved requests: \(drafts) unsaved edit\(drafts == 1 ? " is" : "s are") left out",
                kind: .warning)
        }
        let captures = state.captures.filter { $0.key == target.collectionID }
        return [.run(RunJob(run: run, plan: RunPlan(items: items), environment: environment, captures: captures))]
    }

    static func runnerEvent(_ event: RunnerEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch event {
        case .result(let run, let result):
            guard state.runner?.run == run, let index = state.runner?.index(for: result) else { return [] }
            state.runner?.rows[index].result = result
        case .finished(let run, let captured):
            guard let runner = state.runner, runner.run == run else { return [] }
            // A token captured by the run's login is there for the next F5, as after sending it.
            for (collectionID, values) in captured {
                state.captures[collectionID, default: [:]].merge(values) { _, new in new }
            }
            state.runner?.isRunning = false
            state.runner?.duration = state.now - runner.startedAt
            let summary = runner.summary
            let failing = summary.failed + summary.errors + summary.notSent
            notify(
                &state,
                runner.isCancelling
                    ? "Run cancelled: \(summary.requests - summary.skipped) of \(runner.rows.count) requests ran"
                    : failing == 0
                        ? "Run passed: \(summary.passed) of \(runner.rows.count)" : "Run: \(failing) did not pass",
                kind: runner.isCancelling ? .info : failing == 0 ? .success : .error)
            // The selected request's history now has the run's exchange.
            if let key = state.selection, runner.rows.contains(where: { $0.key == key }) { return [.loadHistory(key)] }
        }
        return []
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
            return runnerCommand(.hide, &state)
        }
        // Only the view's own commands and its help: the panes under it take no keys.
        switch ExplorerKeymap.command(state.keys.resolve(key, contexts: [KeyContext.runner.rawValue])) {
        case .runner(let command)?: return runnerAction(command, &state)
        case .app(.help)?: return perform(.app(.help), &state)
        default: return []
        }
    }

    /// One of the Runner view's own actions (`runner.up`, `runner.open`, …).
    private static func runnerCommand(_ command: RunnerCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard var runner = state.runner else { return [] }
        let last = max(0, runner.rows.count - 1)
        switch command {
        case .run, .runCollection, .show: return runnerAction(command, &state)
        case .hide: runner.isShown = false
        case .up: runner.selected = max(0, runner.selected - 1)
        case .down: runner.selected = min(last, runner.selected + 1)
        case .pageUp: runner.selected = max(0, runner.selected - 10)
        case .pageDown: runner.selected = min(last, runner.selected + 10)
        case .top: runner.selected = 0
        case .bottom: runner.selected = last
        case .cancel:
            guard runner.isRunning else {
                notify(&state, "The run is over (r runs it again)", kind: .info)
                return []
            }
            runner.isCancelling = true
            state.runner = runner
            return [.cancelRun(run: runner.run)]
        case .again:
            guard !runner.isRunning else {
                notify(&state, "The run is still going (c cancels it)", kind: .info)
                return []
            }
            return startRun((runner.collectionID, runner.folder), &state)
        case .open:
            return openRunnerRow(&state)
        }
        state.runner = runner
        return []
    }

    /// The mouse over the Runner view: a click selects the request row under it (or the request
    /// a detail line belongs to), a click on the selected request opens it (as Enter), the wheel
    /// moves the selection three requests.
    static func runnerMouse(_ mouse: MouseEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let runner = state.runner else { return [] }
        switch mouse.kind {
        case .scrollUp, .scrollDown:
            let last = max(0, runner.rows.count - 1)
            let step = mouse.kind == .scrollUp ? -3 : 3
            state.runner?.selected = max(0, min(last, runner.selected + step))
            return []
        case .press(.left):
            guard let row = RunnerLayout.row(at: mouse.position, state) else { return [] }
            if row == runner.selected { return openRunnerRow(&state) }
            state.runner?.selected = row
            return []
        default:
            return []
        }
    }

    /// Enter on a row: hides the view and selects the request; once its history is loaded the
    /// run's exchange (the newest entry) opens in the response views.
    private static func openRunnerRow(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let runner = state.runner, runner.rows.indices.contains(runner.selected) else { return [] }
        let row = runner.rows[runner.selected]
        guard state.request(row.key) != nil else {
            notify(&state, "\(row.path) is no longer in its collection", kind: .warning)
            return []
        }
        state.runner?.isShown = false
        let effects = select(row.key, &state, focus: false)
        state.focus = .response
        switch row.result?.status {
        case .passed?, .failed?, .error?:
            state.runner?.opening = row.key
        default:
            state.runner?.opening = nil
            if let result = row.result, !result.problems.isEmpty {
                state.overlay = .sendBlocked(problems: result.problems, selected: 0)
            }
        }
        return effects
    }

    /// After a history load: opens the run's exchange of the row Enter was pressed on.
    static func openRunExchangeIfAsked(_ key: RequestKey, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard state.runner?.opening == key, state.selection == key else { return [] }
        state.runner?.opening = nil
        guard !state.response.history.isEmpty else { return [] }
        state.response.tab = .history
        state.response.historySelected = 0
        let effects = responseAction(.open, &state)
        // The run checked its expectations (history does not keep them): its Checks tab shows them.
        if let checks = state.runner?.rows.first(where: { $0.key == key })?.result?.checks, !checks.isEmpty,
            case .response(var response)? = state.response.openedHistoryResult?.outcome
        {
            response.checks = checks.map {
                CheckResult(label: $0.label, passed: $0.passed, expected: $0.expected, actual: $0.actual)
            }
            state.response.openedHistoryResult?.outcome = .response(response)
        }
        return effects
    }
}

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
        reduceRunner(.event(event), &state)
    }

    /// Routes an action to the Runner slice and applies what it asks of the rest: a notice, the
    /// values a finished run captured (a token captured by the run's login is there for the next
    /// F5, as after sending it), and the selected request's history when the run included it.
    static func reduceRunner(_ action: RunnerReducer.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard var runner = state.runner else { return [] }
        let outcome = RunnerReducer.reduce(&runner, action, RunnerReducer.Context(now: state.now))
        state.runner = runner
        for (collectionID, values) in outcome.captured {
            state.captures[collectionID, default: [:]].merge(values) { _, new in new }
        }
        if let notice = outcome.notice { notify(&state, notice.message, kind: notice.kind) }
        if let key = state.selection, outcome.finishedKeys.contains(key) {
            return outcome.effects + [.loadHistory(key)]
        }
        return outcome.effects
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
        guard let runner = state.runner else { return [] }
        switch command {
        case .up, .down, .pageUp, .pageDown, .top, .bottom, .hide, .cancel:
            guard let action = RunnerReducer.action(command, rows: runner.rows.count) else { return [] }
            return reduceRunner(action, &state)
        case .again:
            guard !runner.isRunning else {
                notify(&state, "The run is still going (c cancels it)", kind: .info)
                return []
            }
            return startRun((runner.collectionID, runner.folder), &state)
        case .open:
            return openRunnerRow(&state)
        case .run, .runCollection, .show:
            return runnerAction(command, &state)
        }
    }

    /// The mouse over the Runner view: a click selects the request row under it (or the request
    /// a detail line belongs to), a click on the selected request opens it (as Enter), the wheel
    /// moves the selection three requests.
    static func runnerMouse(_ mouse: MouseEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let runner = state.runner else { return [] }
        switch mouse.kind {
        case .scrollUp, .scrollDown:
            return reduceRunner(.move(rows: mouse.kind == .scrollUp ? -3 : 3), &state)
        case .press(.left):
            guard let row = RunnerLayout.row(at: mouse.position, state) else { return [] }
            if row == runner.selected { return openRunnerRow(&state) }
            return reduceRunner(.moveTo(row: row), &state)
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
        // The run checked its expectations (history does not keep them): its Checks tab shows them.
        let checks = state.runner?.rows.first(where: { $0.key == key })?.result?.checks ?? []
        return reduceResponse(
            .openNewestHistory(
                checks: checks.map {
                    CheckResult(label: $0.label, passed: $0.passed, expected: $0.expected, actual: $0.actual)
                }), &state)
    }
}

import HTTPCore
import Replay
import TUI
import Workspace

/// A run shown in the view: moving, hiding, cancelling, results arriving and the end of the run,
/// and opening a row (its request selected, its run's exchange shown once the history is loaded).
extension RunnerReducer {
    static func reduceRun(_ runner: inout RunnerState, _ action: Action, _ context: Context) -> Outcome {
        let last = max(0, runner.rows.count - 1)
        switch action {
        case .move(let rows):
            runner.selected = max(0, min(last, runner.selected + rows))
        case .moveTo(let row):
            runner.selected = max(0, min(last, row))
        case .click(let row):
            if row == runner.selected { return open(&runner, context) }
            runner.selected = max(0, min(last, row))
        case .open:
            return open(&runner, context)
        case .hide:
            runner.isShown = false
        case .cancel:
            guard runner.isRunning else {
                return Outcome(notice: Notice("The run is over (r runs it again)", kind: .info))
            }
            runner.isCancelling = true
            return Outcome(effects: [.cancelRun(run: runner.run)])
        case .event(.result(let run, let result)):
            guard runner.run == run, let index = runner.index(for: result) else { return Outcome() }
            runner.rows[index].result = result
        case .event(.finished(let run, let captured)):
            guard runner.run == run else { return Outcome() }
            runner.isRunning = false
            runner.duration = context.now - runner.startedAt
            let summary = runner.summary
            let failing = summary.failed + summary.errors + summary.notSent
            let notice =
                runner.isCancelling
                ? Notice(
                    "Run cancelled: \(summary.requests - summary.skipped) of \(runner.rows.count) requests ran",
                    kind: .info)
                : failing == 0
                    ? Notice("Run passed: \(summary.passed) of \(runner.rows.count)", kind: .success)
                    : Notice("Run: \(failing) did not pass", kind: .error)
            return Outcome(notice: notice, captured: captured, finishedKeys: runner.rows.map(\.key))
        case .start, .again, .show, .historyLoaded:
            break
        }
        return Outcome()
    }

    /// Starts the run of `plan` (unless one is in progress): the view shows its rows, the job
    /// goes to the program.
    static func start(_ plan: Plan, _ state: inout RunnerState?, _ context: Context) -> Outcome {
        if let runner = state, runner.isRunning {
            state?.isShown = true
            return Outcome(notice: Notice("A run is in progress (c cancels it)", kind: .info))
        }
        let target = plan.target
        let items = plan.document.collection.allRequests.filter { $0.folderPath.starts(with: target.folder) }.map {
            RunPlan.Item(document: plan.document, folderPath: $0.folderPath, request: $0.request)
        }
        let collection = plan.document.collection
        let title = target.folder.isEmpty ? collection.name : target.folder.joined(separator: "/")
        guard !items.isEmpty else { return Outcome(notice: Notice("\(title) has no requests to run", kind: .info)) }
        let rows = items.map { item in
            RunnerState.Row(
                key: RequestKey(collectionID: target.collectionID, requestID: item.request.id),
                method: item.request.method.rawValue,
                path: (item.folderPath + [item.request.name]).joined(separator: "/"))
        }
        state = RunnerState(
            run: context.run, title: target.folder.isEmpty ? title : "\(title) · \(collection.name)",
            collectionID: target.collectionID, folder: target.folder, environment: plan.environment, rows: rows,
            startedAt: context.now)
        var outcome = Outcome(
            effects: [
                .run(
                    RunJob(
                        run: context.run, plan: RunPlan(items: items), environment: plan.environment,
                        captures: plan.captures, answers: plan.answers))
            ], requests: [.takeGeneration])
        let drafts = plan.drafts.count { key in rows.contains { $0.key == key } }
        if drafts > 0 {
            outcome.notice = Notice(
                "Runs the saved requests: \(drafts) unsaved edit\(drafts == 1 ? " is" : "s are") left out",
                kind: .warning)
        }
        return outcome
    }

    /// Enter on a row: hides the view and selects the request; once its history is loaded the
    /// run's exchange (the newest entry) opens in the response views.
    private static func open(_ runner: inout RunnerState, _ context: Context) -> Outcome {
        guard runner.rows.indices.contains(runner.selected) else { return Outcome() }
        let row = runner.rows[runner.selected]
        guard context.rowOpenable else {
            return Outcome(notice: Notice("\(row.path) is no longer in its collection", kind: .warning))
        }
        runner.isShown = false
        var outcome = Outcome(requests: [.select(row.key), .focusResponse])
        switch row.result?.status {
        case .passed?, .failed?, .error?:
            runner.opening = row.key
        default:
            runner.opening = nil
            if let result = row.result, !result.problems.isEmpty {
                outcome.requests.append(.openOverlay(.sendBlocked(problems: result.problems, selected: 0)))
            }
        }
        return outcome
    }

    /// After a history load: opens the run's exchange of the row Enter was pressed on, with the
    /// checks the run evaluated (history does not keep them).
    static func historyLoaded(_ key: RequestKey, _ state: inout RunnerState?, _ context: Context) -> Outcome {
        guard state?.opening == key, context.selection == key else { return Outcome() }
        state?.opening = nil
        let checks = state?.rows.first(where: { $0.key == key })?.result?.checks ?? []
        return Outcome(
            requests: [
                .openNewestHistory(
                    checks: checks.map {
                        CheckResult(
                            label: $0.label, passed: $0.passed, expected: $0.expected, actual: $0.actual,
                            path: $0.subject == "contract" || $0.subject == "schema" ? $0.path : nil)
                    })
            ])
    }
}

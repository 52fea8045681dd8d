import Replay
import TUI
package import Workspace

/// The Runner view's slice: reduces only `RunnerState`, from its own actions. What it needs of
/// the rest of the explorer comes in a `Context` (the time), what it asks of the rest goes back in
/// an `Outcome` (effects, a notice, values the run captured), which the root applies. Starting a
/// run and opening a row (they read documents and select requests) stay with the root.
package enum RunnerReducer: SliceReducer {
    package enum Action: Equatable, Sendable {
        /// Moves the selection by `rows` (negative: up), within the list.
        case move(rows: Int)
        case moveTo(row: Int)
        case hide
        case cancel
        case event(RunnerEvent)
    }

    package struct Context: Equatable, Sendable {
        package var now: Duration

        package init(now: Duration) { self.now = now }
    }

    package struct Outcome: SliceOutcome {
        package var effects: [ExplorerEffect] = []
        package var notice: Notice?
        /// Values the run ended with, per collection id, for later sends.
        package var captured: [String: [String: VariableScope.Value]] = [:]
        /// The run is over and included these requests (the selected one's history reloads).
        package var finishedKeys: [RequestKey] = []

        package init() {}

        package init(
            effects: [ExplorerEffect] = [], notice: Notice? = nil,
            captured: [String: [String: VariableScope.Value]] = [:], finishedKeys: [RequestKey] = []
        ) {
            self.effects = effects
            self.notice = notice
            self.captured = captured
            self.finishedKeys = finishedKeys
        }
    }

    /// The action a Runner view command is, when it is one of the slice's own.
    static func action(_ command: RunnerCommand, rows: Int) -> Action? {
        switch command {
        case .up: .move(rows: -1)
        case .down: .move(rows: 1)
        case .pageUp: .move(rows: -10)
        case .pageDown: .move(rows: 10)
        case .top: .moveTo(row: 0)
        case .bottom: .moveTo(row: max(0, rows - 1))
        case .hide: .hide
        case .cancel: .cancel
        case .run, .runCollection, .show, .open, .again: nil
        }
    }

    package static func reduce(_ runner: inout RunnerState, _ action: Action, _ context: Context) -> Outcome {
        let last = max(0, runner.rows.count - 1)
        switch action {
        case .move(let rows):
            runner.selected = max(0, min(last, runner.selected + rows))
        case .moveTo(let row):
            runner.selected = max(0, min(last, row))
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
        }
        return Outcome()
    }
}

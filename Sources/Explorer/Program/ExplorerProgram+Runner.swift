import Replay
import Workspace

/// The Runner view's effect: the same `ReplayRunner` as `lazer run`, one request at a time in
/// collection order (captures chain), exchanges recorded in history like any send, each result
/// handed back as it finishes. Cancelling the task cancels the request in flight; the runner
/// reports the rest skipped.
extension ExplorerProgram {
    func startRun(_ job: RunJob) {
        var configuration = RunConfiguration(environment: job.environment, recordHistory: true, captured: job.captures)
        configuration.historyFailed = { [weak self] message in self?.stateWriteFailed(.history, message) }
        let runner = ReplayRunner(services: dependencies.workspace, configuration: configuration)
        let run = job.run
        let plan = job.plan
        let deliver: @Sendable (ExplorerAction) -> Void = { [weak self] action in self?.deliver(action) }
        let task = Task.detached {
            let report = await runner.run(plan) { result in deliver(.runner(.result(run: run, result))) }
            deliver(.runner(.finished(run: run, captured: report.captured)))
        }
        currentRun = (run, task)
    }
}

import Replay
package import Workspace

/// The Runner view's effect: the same `ReplayRunner` as `lazer run`, one request at a time in
/// collection order (captures chain), exchanges recorded in history like any send, each result
/// handed back as it finishes. Cancelling the task cancels the request in flight; the runner
/// reports the rest skipped. The values the run captured are kept like a send's (per collection
/// and environment, secret ones in the secrets file), so a restart still has the run's token.
extension ExplorerProgram {
    func startRun(_ job: RunJob) {
        var configuration = RunConfiguration(environment: job.environment, recordHistory: true, captured: job.captures)
        configuration.answers = job.answers
        configuration.historyFailed = { [weak self] message in self?.stateWriteFailed(.history, message) }
        let runner = ReplayRunner(services: dependencies.workspace, configuration: configuration)
        let run = job.run
        let plan = job.plan
        let deliver: @Sendable (ExplorerAction) -> Void = { [weak self] action in self?.deliver(action) }
        let store: @Sendable (String, [String: VariableScope.Value]) -> Void = { [weak self] collectionID, values in
            self?.storeCaptures(collectionID, environment: job.environment, values)
        }
        let task = Task.detached {
            let report = await runner.run(plan) { result in deliver(.runner(.result(run: run, result))) }
            for (collectionID, values) in Self.newCaptures(report.captured, startedFrom: job.captures) {
                store(collectionID, values)
            }
            deliver(.runner(.finished(run: run, captured: report.captured)))
        }
        currentRun = (run, task)
    }

    /// The values a run took, per collection: what it ended with, less what it started from
    /// unchanged (those are kept already, and one forgotten meanwhile must not come back).
    package nonisolated static func newCaptures(
        _ ended: [String: [String: VariableScope.Value]], startedFrom: [String: [String: VariableScope.Value]]
    ) -> [String: [String: VariableScope.Value]] {
        var taken: [String: [String: VariableScope.Value]] = [:]
        for (collectionID, values) in ended {
            let before = startedFrom[collectionID] ?? [:]
            let changed = values.filter { before[$0.key] != $0.value }
            if !changed.isEmpty { taken[collectionID] = changed }
        }
        return taken
    }
}

import Replay
import Synchronization
import Workspace

/// "Compare with environment…": the request sent once in the other environment through the
/// Runner's engine (history recorded like any send; the values it captures are not kept: it is
/// a comparison, not a step of a flow), then compared with the body shown, off the main queue.
extension ExplorerProgram {
    func compareInEnvironment(_ job: DiffEnvironmentJob) {
        var configuration = RunConfiguration(environment: job.environment, recordHistory: true, captured: job.captures)
        configuration.answers = job.answers
        configuration.historyFailed = { [weak self] message in self?.stateWriteFailed(.history, message) }
        let services = dependencies.workspace
        let deliver: @Sendable (ExplorerAction) -> Void = { [weak self] action in self?.deliver(action) }
        Task.detached {
            let exchange = Mutex<ReplayExchange?>(nil)
            let runner = ReplayRunner(services: services, configuration: configuration) { sent in
                exchange.withLock { $0 = sent }
            }
            let report = await runner.run(RunPlan(items: [job.item]))
            let result: Result<DiffViewState, DiffProblem>
            if let sent = exchange.withLock({ $0 }), case .success = sent.outcome {
                let status = report.results.first?.responseStatus.map { " · \($0)" } ?? ""
                result = DiffComputation.compute(
                    DiffJob(
                        generation: job.generation, leftTitle: job.leftTitle, rightTitle: job.environment + status,
                        left: job.left, right: sent.body))
            } else {
                let first = report.results.first
                let why = first?.failure?.title ?? first?.problems.first ?? "no answer"
                result = .failure(DiffProblem(message: "Not compared: in \(job.environment), \(why)"))
            }
            deliver(.diffFinished(generation: job.generation, result))
        }
    }
}

package import Workspace

extension ReplayRunner {
    /// One request of `item`, as a run sends it — prepared with `captures`, sent, its
    /// expectations checked, its captures taken — for callers that schedule requests themselves
    /// (`lazer load`): the result, the values it captured, and when the transport saw the exchange
    /// end (nil where it does not say: a load measures to then, not to when this task resumed).
    package func execute(
        _ item: RunPlan.Item, preparer: RequestPreparer, captures: [String: VariableScope.Value]
    ) async -> (result: RequestResult, captured: [String: VariableScope.Value], completedAt: ContinuousClock.Instant?) {
        let outcome = await RequestExecution(runner: self, item: item, preparer: preparer, captures: captures).run()
        return (outcome.result, outcome.captured, outcome.completedAt)
    }
}

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

    /// `execute`, the send watched: also how to send the request again as bytes and check its
    /// responses (`LoadRendering`), when nothing in it changes from one send to the next.
    package func executeRendering(
        _ item: RunPlan.Item, preparer: RequestPreparer, captures: [String: VariableScope.Value]
    ) async -> (
        result: RequestResult, captured: [String: VariableScope.Value], completedAt: ContinuousClock.Instant?,
        rendering: LoadRendering?
    ) {
        var execution = RequestExecution(runner: self, item: item, preparer: preparer, captures: captures)
        execution.renders = true
        let outcome = await execution.run()
        return (outcome.result, outcome.captured, outcome.completedAt, outcome.rendering)
    }
}

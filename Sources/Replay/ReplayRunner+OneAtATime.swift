import Workspace

/// A request's execution with what has been done of it so far (a class: held across an await and
/// handed on as one reference, where a tuple of the structs was copied and destroyed field by field).
private final class Step<Part> {
    let execution: RequestExecution
    let part: Part

    init(_ execution: RequestExecution, _ part: Part) {
        self.execution = execution
        self.part = part
    }
}

/// A request prepared ahead.
private typealias Staged = Step<RequestExecution.Prepared>
/// A request handed to the transport, its response not read yet.
private typealias Started = Step<RequestExecution.InFlight>

extension ReplayRunner {
    /// One pass with one request at a time, in plan order, and no child task per request. While a
    /// request is on the wire, the next one is prepared; as soon as the response is in, the next
    /// one is started, and only then is that response checked — when the request in flight cannot
    /// change the next one (it captures nothing and runs no scripts), the run does not stop at a
    /// failure, and both go over the network (a mock answers as it is asked: nothing to overlap).
    /// The checks and the preparations then run while requests are on the wire. Results,
    /// captures, history and output keep the plan's order either way.
    func runOneAtATime(
        _ items: [RunPlan.Item], iteration: Int, bailed: inout Bool,
        known: inout [String: [String: VariableScope.Value]], preparer: (RunPlan.Item) -> RequestPreparer,
        onResult: (RequestResult) -> Void
    ) async -> [RequestResult] {
        var results: [RequestResult] = []
        results.reserveCapacity(items.count)
        var stop = bailed
        // The next request, prepared while the one before it is on the wire, and then started
        // before that one is checked.
        var staged: Staged?
        var started: Started?
        func makeExecution(for item: RunPlan.Item) -> RequestExecution {
            RequestExecution(
                runner: self, item: item, preparer: preparer(item), captures: knownValues(for: item, &known))
        }
        func file(_ outcome: RequestExecution.Outcome) {
            finish(outcome, iteration: iteration, into: &results, &known, &stop, onResult)
        }
        for (index, item) in items.enumerated() {
            let current: Started
            if let next = started {
                current = next
                started = nil
            } else {
                if Task.isCancelled { stop = true }
                if stop {
                    file(RequestExecution.Outcome(result: skipped(item), captured: [:]))
                    continue
                }
                let execution: RequestExecution
                let prepared: RequestExecution.Prepared
                if let next = staged {
                    staged = nil
                    execution = next.execution
                    prepared = next.part
                } else if item.hasScripts || preparer(item).answersFromMockRoutes {
                    file(await makeExecution(for: item).run())
                    continue
                } else {
                    execution = makeExecution(for: item)
                    prepared = await execution.prepare()
                }
                guard case .ready(let request, let preparation, let result) = prepared,
                    RequestExecution.isPlain(item.request, preparation)
                else {
                    // Stopped before it was sent, or sent whole (WebSocket, retries, a token stage).
                    file(await execution.run(prepared))
                    continue
                }
                current = Started(execution, execution.start(request, preparation: preparation, result: result))
            }
            let overlaps = overlapsNext(after: index, in: items, stop: stop, preparer: preparer)
            if overlaps {
                let next = makeExecution(for: items[index + 1])
                staged = Staged(next, await next.prepare())
            }
            let response = await current.execution.response(of: current.part)
            if overlaps, let next = staged, case .ready(let request, let preparation, let result) = next.part,
                RequestExecution.isPlain(items[index + 1].request, preparation), !Task.isCancelled
            {
                staged = nil
                let flight = next.execution.start(request, preparation: preparation, result: result)
                started = Started(next.execution, flight)
            }
            file(current.execution.finish(current.part, with: response))
        }
        bailed = stop
        return results
    }

    /// Whether the request after `index` may be prepared, and started, before the one at `index`
    /// is checked: nothing the one at `index` does can change it, and it goes over the network.
    private func overlapsNext(
        after index: Int, in items: [RunPlan.Item], stop: Bool, preparer: (RunPlan.Item) -> RequestPreparer
    ) -> Bool {
        guard !stop, !configuration.bail, !configuration.fromHistory, index + 1 < items.count else { return false }
        let current = items[index]
        let next = items[index + 1]
        return current.request.captures.isEmpty && !current.hasScripts && !next.hasScripts
            && !preparer(next).answersFromMockRoutes
    }

    /// Files a finished request's result: its iteration, its captures for the requests after it,
    /// and whether the run stops here (`--bail`).
    private func finish(
        _ outcome: RequestExecution.Outcome, iteration: Int, into results: inout [RequestResult],
        _ known: inout [String: [String: VariableScope.Value]], _ stop: inout Bool, _ onResult: (RequestResult) -> Void
    ) {
        var result = outcome.result
        // Set only when it differs: the result's fields are shared with `outcome` here, and a
        // change copies them all.
        if result.iteration != iteration { result.iteration = iteration }
        if !outcome.captured.isEmpty {
            known[result.collectionID, default: [:]].merge(outcome.captured) { _, new in new }
        }
        if configuration.bail, result.status != .passed { stop = true }
        results.append(result)
        onResult(result)
    }
}

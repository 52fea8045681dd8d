import Workspace

extension ReplayRunner {
    /// A request and its execution, handed to the transport, its response not read yet.
    private typealias Started = (execution: RequestExecution, flight: RequestExecution.InFlight)

    /// One pass with one request at a time, in plan order, and no child task per request. While a
    /// request is on the wire, the next one is prepared; as soon as the response is in, the next
    /// one is started, and only then is that response checked — when the request in flight cannot
    /// change the next one (it captures nothing and runs no scripts) and the run does not stop at a
    /// failure. The checks and the preparations then run while requests are on the wire. Results,
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
        var staged: (execution: RequestExecution, prepared: RequestExecution.Prepared)?
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
                // Prepared already, or now; a request with scripts is run whole, as is one that is
                // not sent once as it is.
                let (execution, prepared): (RequestExecution, RequestExecution.Prepared)
                if let next = staged {
                    (execution, prepared) = next
                    staged = nil
                } else if item.hasScripts {
                    file(await makeExecution(for: item).run())
                    continue
                } else {
                    execution = makeExecution(for: item)
                    prepared = await execution.prepare()
                }
                switch prepared {
                case .done(let outcome):
                    file(outcome)
                    continue
                case .ready(let ready) where !ready.isPlain(item.request):
                    file(await execution.send(ready))
                    continue
                case .ready(let ready):
                    current = (execution, execution.start(ready))
                    await Self.giveWay(to: current.flight)
                }
            }
            let overlaps = overlapsNext(after: index, in: items, stop: stop)
            if overlaps {
                let next = makeExecution(for: items[index + 1])
                staged = (next, await next.prepare())
            }
            let response = await current.execution.response(of: current.flight)
            if overlaps, let next = staged, case .ready(let ready) = next.prepared,
                ready.isPlain(items[index + 1].request), !Task.isCancelled
            {
                staged = nil
                started = (next.execution, next.execution.start(ready))
                if let started { await Self.giveWay(to: started.flight) }
            }
            file(current.execution.finish(current.flight, with: response))
        }
        bailed = stop
        return results
    }

    /// Whether the request after `index` may be prepared, and started, before the one at `index`
    /// is checked: nothing the one at `index` does can change it.
    private func overlapsNext(after index: Int, in items: [RunPlan.Item], stop: Bool) -> Bool {
        guard !stop, !configuration.bail, !configuration.fromHistory, index + 1 < items.count else { return false }
        let current = items[index]
        return current.request.captures.isEmpty && !current.hasScripts && !items[index + 1].hasScripts
    }

    /// Lets the transport take a request just started before this task works on: on a dispatcher
    /// whose network thread runs this task (`lazer run`), the transfer is added there only once the
    /// task gives way. Nothing to wait for once its exchange has ended (a mock answers at once).
    private static func giveWay(to flight: RequestExecution.InFlight) async {
        if !flight.hasEnded { await Task.yield() }
    }

    /// Files a finished request's result: its iteration, its captures for the requests after it,
    /// and whether the run stops here (`--bail`).
    private func finish(
        _ outcome: RequestExecution.Outcome, iteration: Int, into results: inout [RequestResult],
        _ known: inout [String: [String: VariableScope.Value]], _ stop: inout Bool, _ onResult: (RequestResult) -> Void
    ) {
        var result = outcome.result
        result.iteration = iteration
        if !outcome.captured.isEmpty {
            known[result.collectionID, default: [:]].merge(outcome.captured) { _, new in new }
        }
        if configuration.bail, result.status != .passed { stop = true }
        results.append(result)
        onResult(result)
    }
}

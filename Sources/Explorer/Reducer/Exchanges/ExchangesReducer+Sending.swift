import HTTPCore
import TUI
import Workspace

/// Sending, cancelling, and results arriving.
extension ExchangesReducer {
    /// Sends the selected request as on screen (the draft), in the collection's environment. A
    /// send in flight for the same request is cancelled; its late answer will be dropped.
    /// `answers`: to its `{{$prompt}}`s; nil before they were asked (then they are asked first).
    static func send(_ state: inout ExchangesState, _ context: Context, answers: [String: String]?) -> Outcome {
        guard let target = context.target else { return Outcome(notice: Notice("Pick a request to send", kind: .info)) }
        if !target.problems.isEmpty {
            return Outcome(requests: [
                .openOverlay(.sendBlocked(problems: target.problems, selected: 0, heading: target.problemsHeading))
            ])
        }
        if answers == nil, !target.prompts.isEmpty {
            return Outcome(requests: [.askPrompts(target.key, target.prompts)])
        }
        let key = target.key
        var effects: [ExplorerEffect] = []
        if let old = state.exchanges[key]?.inFlight { effects.append(.cancel(key, generation: old)) }
        let generation = state.nextGeneration
        state.nextGeneration += 1
        var exchange = state.exchanges[key] ?? ExchangeState()
        exchange.inFlight = generation
        exchange.startedAt = context.now
        exchange.environmentName = target.environment?.name
        exchange.isMock = target.environment?.kind == .mock
        exchange.trace = ExchangeTrace(generation: generation)
        state.exchanges[key] = exchange
        effects.append(
            .send(
                SendJob(
                    key: key, generation: generation, request: target.request, document: target.document,
                    environmentName: target.environment?.name, captures: target.captures, answers: answers ?? [:])))
        return Outcome(effects: effects)
    }

    static func cancel(_ key: RequestKey, generation: Int, _ state: inout ExchangesState, _ context: Context)
        -> Outcome
    {
        guard var exchange = state.exchanges[key], exchange.inFlight == generation else { return Outcome() }
        // A stream that is arriving stops cleanly: its response (what came) follows as a result.
        // Esc again while it stops cancels it outright.
        if var stream = exchange.liveStream, !stream.stopping {
            stream.stopping = true
            exchange.stream = stream
            state.exchanges[key] = exchange
            return Outcome(
                effects: [.stopStream(key, generation: generation)],
                notice: Notice("Stopping the stream after \(CountText.format(stream.total)) events", kind: .info))
        }
        if exchange.stream?.generation == generation { exchange.stream?.end = .stopped }
        let elapsed = context.now - exchange.startedAt
        let stage = exchange.stage.label
        exchange.inFlight = nil
        let target = context.target?.key == key ? context.target : nil
        var result = ExchangeResult(
            generation: generation, outcome: .cancelled(stage: stage, elapsed: elapsed),
            environmentName: exchange.environmentName, isMock: exchange.isMock,
            url: target?.url ?? "", method: target?.request.method.rawValue ?? "")
        // The transport's `cancelled` event follows: it marks in the trace where the exchange stopped.
        result.trace = exchange.trace
        exchange.trace = nil
        exchange.preview = nil
        exchange.result = result
        state.exchanges[key] = exchange
        return Outcome(
            effects: [.cancel(key, generation: generation)],
            notice: Notice("Cancelled after \(DurationText.format(elapsed)), while \(stage)", kind: .warning),
            requests: key == context.selection ? [.resultCancelled] : [])
    }

    /// A send finished. Only the newest send of a request counts: an older one's late answer is
    /// dropped.
    static func finished(_ key: RequestKey, _ result: ExchangeResult, _ state: inout ExchangesState, _ context: Context)
        -> Outcome
    {
        guard var exchange = state.exchanges[key], exchange.inFlight == result.generation else { return Outcome() }
        exchange.inFlight = nil
        var result = result
        if case .failure(var card) = result.outcome {
            // How long it took, on the program's clock (the same one the spinner counts with).
            card.elapsed = context.now - exchange.startedAt
            result.outcome = .failure(card)
        }
        if let trace = exchange.trace, trace.generation == result.generation { result.trace = trace }
        // "Stopping the stream…" is replaced once it has stopped, with what was kept.
        var notice: Notice?
        if var stream = exchange.stream, stream.generation == result.generation {
            stream.end =
                switch (stream.stopping, result.response == nil, result.streamEnd) {
                case (true, _, _), (_, _, .stopped?): .stopped
                case (_, true, _): .failed
                case (_, _, .eventLimit?): .eventLimit
                case (_, _, .timeLimit?): .timeLimit
                case (_, _, nil): .closed
                }
            exchange.stream = stream
            if stream.stopping {
                notice = Notice("Stream stopped: \(CountText.format(stream.total)) events kept", kind: .info)
            }
        }
        exchange.trace = nil
        exchange.preview = nil
        exchange.result = result
        state.exchanges[key] = exchange
        return Outcome(notice: notice, requests: key == context.selection ? [.showLatest] : [])
    }

    /// Events of a streamed response: kept in the exchange's `StreamLog` (a new one for a new send).
    /// The first batch of the selected request's send turns its response pane to the stream.
    static func streamEvents(
        _ key: RequestKey, generation: Int, _ events: [StreamEvent], _ state: inout ExchangesState, _ context: Context
    ) -> Outcome {
        guard state.exchanges[key]?.inFlight == generation, !events.isEmpty else { return Outcome() }
        let started = startStreamLog(key, generation: generation, &state)
        // Changed in place: a copy of the exchange taken out and put back made every batch copy the
        // 10,000 events kept (12,000 events one at a time took the explorer seconds).
        state.exchanges[key]?.stream?.append(events)
        return Outcome(requests: started && key == context.selection ? [.streamStarted] : [])
    }

    /// The server closed the stream: it waits to be connected again, or is (`stream.reconnect`).
    static func streamReconnection(
        _ key: RequestKey, generation: Int, _ step: ResponseStream.Reconnection, _ state: inout ExchangesState
    ) -> Outcome {
        guard state.exchanges[key]?.inFlight == generation else { return Outcome() }
        startStreamLog(key, generation: generation, &state)
        switch step {
        case .waiting(let delay): state.exchanges[key]?.stream?.reconnectingAfter = delay
        case .connecting:
            state.exchanges[key]?.stream?.reconnectingAfter = nil
            state.exchanges[key]?.stream?.reconnections += 1
        }
        return Outcome()
    }

    /// Gives the send of `generation` its own `StreamLog` unless it has one; whether it was made.
    /// The program writes a live stream's events to a spill file: older ones can be read back.
    @discardableResult
    private static func startStreamLog(_ key: RequestKey, generation: Int, _ state: inout ExchangesState) -> Bool {
        guard state.exchanges[key]?.stream?.generation != generation else { return false }
        state.exchanges[key]?.stream = StreamLog(generation: generation, spilled: true)
        return true
    }
}

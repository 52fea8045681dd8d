import HTTPCore
import JSONTree
import TUI
import Workspace

/// Sending, cancelling, and results arriving.
extension ExplorerReducer {
    /// Sends the selected request as on screen (the draft), in the collection's environment. A
    /// send in flight for the same request is cancelled; its late answer will be dropped.
    static func send(_ state: inout ExplorerState) -> [ExplorerEffect] {
        commitEditing(&state)
        // Sending from a field ends its edit: the next `g 3` or `[` is a command again, not text
        // typed into the URL or the body.
        if state.editor.focus == .url || state.editor.focus == .editing { state.editor.focus = .content }
        guard let key = state.selection, let request = state.request(key),
            let document = state.document(collectionID: key.collectionID)
        else {
            notify(&state, "Pick a request to send", kind: .info)
            return []
        }
        if let preview = RequestPreview.of(state), !preview.problems.isEmpty {
            let problems = preview.problems.map { $0.description(in: document.collection, for: request.id) }
            state.overlay = .sendBlocked(problems: problems, selected: 0)
            return []
        }
        var effects: [ExplorerEffect] = []
        if let old = state.exchanges[key]?.inFlight { effects.append(.cancel(key, generation: old)) }
        let generation = state.nextGeneration
        state.nextGeneration += 1
        let environment = state.environment(collectionID: key.collectionID)
        var exchange = state.exchanges[key] ?? ExchangeState()
        exchange.inFlight = generation
        exchange.startedAt = state.now
        exchange.environmentName = environment?.name
        exchange.isMock = environment?.kind == .mock
        exchange.trace = ExchangeTrace(generation: generation)
        state.exchanges[key] = exchange
        effects.append(
            .send(
                SendJob(
                    key: key, generation: generation, request: request, document: document,
                    environmentName: environment?.name, captures: state.captures[key.collectionID] ?? [:])))
        return effects
    }

    static func cancel(_ key: RequestKey, generation: Int, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard var exchange = state.exchanges[key], exchange.inFlight == generation else { return [] }
        let elapsed = state.now - exchange.startedAt
        let stage = exchange.stage.label
        exchange.inFlight = nil
        var result = ExchangeResult(
            generation: generation, outcome: .cancelled(stage: stage, elapsed: elapsed),
            environmentName: exchange.environmentName, isMock: exchange.isMock,
            url: RequestPreview.of(state)?.url ?? "", method: state.request(key)?.method.rawValue ?? "")
        // The transport's `cancelled` event follows: it marks in the trace where the exchange stopped.
        result.trace = exchange.trace
        exchange.trace = nil
        exchange.result = result
        state.exchanges[key] = exchange
        if key == state.selection { reduceResponse(.resultCancelled, &state) }
        notify(&state, "Cancelled after \(DurationText.format(elapsed)), while \(stage)", kind: .warning)
        return [.cancel(key, generation: generation)]
    }

    /// A send finished. Only the newest send of a request counts: an older one's late answer is
    /// dropped.
    static func exchangeFinished(_ key: RequestKey, _ result: ExchangeResult, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        guard var exchange = state.exchanges[key], exchange.inFlight == result.generation else { return [] }
        exchange.inFlight = nil
        var result = result
        if case .failure(var card) = result.outcome {
            // How long it took, on the program's clock (the same one the spinner counts with).
            card.elapsed = state.now - exchange.startedAt
            result.outcome = .failure(card)
        }
        if let trace = exchange.trace, trace.generation == result.generation { result.trace = trace }
        exchange.trace = nil
        exchange.result = result
        state.exchanges[key] = exchange
        if key == state.selection { reduceResponse(.showLatest, &state) }
        return []
    }

    static func copyAsCurl(_ state: inout ExplorerState, reveal: Bool) -> [ExplorerEffect] {
        guard let preview = RequestPreview.of(state) else {
            notify(&state, "Pick a request first", kind: .info)
            return []
        }
        let command = CurlCommand.copy(preview, reveal: reveal)
        notify(&state, command.notice, kind: .info)
        return [.copy(command.text)]
    }
}

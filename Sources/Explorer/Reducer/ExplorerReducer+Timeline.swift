import Futures
import HTTPCore

/// A send's events and chain stages arriving: they fill the trace of the send in flight, or of
/// the result it became (the last events — the transport's `completed`, the history stage — may
/// come after the result). Anything of another generation is dropped.
extension ExplorerReducer {
    static func exchangeEvent(
        _ key: RequestKey, generation: Int, _ event: ExchangeEvent, _ state: inout ExplorerState
    ) -> [ExplorerEffect] {
        updateTrace(key, generation: generation, &state) { $0.record(event) }
        return []
    }

    static func chainStage(
        _ key: RequestKey, generation: Int, _ stage: ChainStage, _ state: inout ExplorerState
    ) -> [ExplorerEffect] {
        updateTrace(key, generation: generation, &state) { $0.update(stage) }
        return []
    }

    /// Applies `change` to the trace of `generation`: the send in flight's, else the shown
    /// result's when it is that send's; nothing otherwise.
    private static func updateTrace(
        _ key: RequestKey, generation: Int, _ state: inout ExplorerState, _ change: (inout ExchangeTrace) -> Void
    ) {
        guard var exchange = state.exchanges[key] else { return }
        if exchange.inFlight == generation, var trace = exchange.trace, trace.generation == generation {
            change(&trace)
            exchange.trace = trace
        } else if var result = exchange.result, result.generation == generation {
            var trace = result.trace ?? ExchangeTrace(generation: generation)
            change(&trace)
            result.trace = trace
            exchange.result = result
        } else {
            return
        }
        state.exchanges[key] = exchange
    }
}

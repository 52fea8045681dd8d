/// A send's events and chain stages arriving: they fill the trace of the send in flight, or of
/// the result it became (the last events — the transport's `completed`, the history stage — may
/// come after the result). Anything of another generation is dropped.
extension ExchangeState {
    /// Applies `change` to the trace of `generation`: the send in flight's, else the shown
    /// result's when it is that send's; nothing otherwise.
    package mutating func updateTrace(generation: Int, _ change: (inout ExchangeTrace) -> Void) {
        if inFlight == generation, var trace, trace.generation == generation {
            change(&trace)
            self.trace = trace
        } else if var result, result.generation == generation {
            var trace = result.trace ?? ExchangeTrace(generation: generation)
            change(&trace)
            result.trace = trace
            self.result = result
        }
    }
}

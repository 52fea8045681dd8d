import Workspace

/// The exchanges slice's state (`ExchangesReducer`): each request's send in flight and last
/// result, and the generation the next send (or run) takes. A late answer, event or stage of an
/// older generation than the one in flight is dropped.
package struct ExchangesState: Sendable, Equatable {
    package var exchanges: [RequestKey: ExchangeState] = [:]
    package var nextGeneration = 1

    package init(exchanges: [RequestKey: ExchangeState] = [:], nextGeneration: Int = 1) {
        self.exchanges = exchanges
        self.nextGeneration = nextGeneration
    }
}

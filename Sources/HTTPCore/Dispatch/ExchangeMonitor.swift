/// Sees every exchange a dispatcher finishes — success, failure or cancellation, exactly once each —
/// for history and logs. Called on the thread that finished the exchange, so it must be thread-safe
/// and quick (hand work to your own queue).
public protocol ExchangeMonitor: Sendable {
    func exchangeDidFinish(_ exchange: Exchange)
}

/// An ``ExchangeMonitor`` from a closure.
public struct ClosureExchangeMonitor: ExchangeMonitor {
    private let body: @Sendable (Exchange) -> Void

    public init(_ body: @escaping @Sendable (Exchange) -> Void) {
        self.body = body
    }

    public func exchangeDidFinish(_ exchange: Exchange) {
        body(exchange)
    }
}

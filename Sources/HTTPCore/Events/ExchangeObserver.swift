public import Futures

/// Hears an exchange's ``ExchangeEvent``s as they happen. Attach one per request with
/// ``HTTPRequest/exchangeObserver``; a request without one costs the transport nothing extra.
///
/// Threading: events arrive on the thread that produced them — the curl transport's network
/// thread, a mock's delay scheduler, the thread that sent or cancelled the future — one at a time
/// and in order, never two at once for the same exchange. So `observe` must be quick and
/// thread-safe; hand work to your own queue, or use ``ClosureExchangeObserver/init(on:_:)``,
/// which does it on a serial scheduler (order kept).
public protocol ExchangeObserver: Sendable {
    func observe(_ event: ExchangeEvent)
}

/// An ``ExchangeObserver`` from a closure, called inline or on a scheduler.
public struct ClosureExchangeObserver: ExchangeObserver {
    private let scheduler: (any Scheduler)?
    private let body: @Sendable (ExchangeEvent) -> Void

    /// Calls `body` on the reporting thread (quick, thread-safe code only).
    public init(_ body: @escaping @Sendable (ExchangeEvent) -> Void) {
        scheduler = nil
        self.body = body
    }

    /// Calls `body` on `scheduler` (e.g. `MainQueueScheduler()` for UI state); a serial scheduler keeps the order.
    public init(on scheduler: any Scheduler, _ body: @escaping @Sendable (ExchangeEvent) -> Void) {
        self.scheduler = scheduler
        self.body = body
    }

    public func observe(_ event: ExchangeEvent) {
        guard let scheduler else {
            body(event)
            return
        }
        let body = body
        scheduler.schedule { body(event) }
    }
}

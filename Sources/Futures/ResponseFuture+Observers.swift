import AnnotatedLocks
import Synchronization

/// Observer registration. Each method returns the future so calls chain; each may be called
/// any number of times; observers run on the future's scheduler in registration order (see the
/// ordering rules on ``ResponseFuture``). Registering after the future settled still delivers
/// the outcome once.
extension ResponseFuture {
    /// Called with the value when the future succeeds. A throw is routed to the `error` observers
    /// (the first throw, if several observers throw) and the `result` observers then see it as
    /// the failure. The remaining `success` observers still run.
    @discardableResult
    public func success(_ observer: @escaping @Sendable (Success) throws -> Void) -> Self {
        let settled: FutureOutcome<Success>? = state.withLock(ownedBy: self) { state in
            if state.settled == nil { state.successObservers.append(observer) }
            return state.outcome
        }
        if case .success(let value) = settled {
            scheduler.schedule { [self] in
                do {
                    try observer(value)
                } catch {
                    for errorObserver in state.withLock(ownedBy: self, { $0.errorObservers }) { errorObserver(error) }
                }
            }
        }
        return self
    }

    /// Called with the error when the future fails, or when a `success` observer throws.
    /// Not called on cancellation (see ``cancellation(_:)``).
    @discardableResult
    public func error(_ observer: @escaping @Sendable (any Error) -> Void) -> Self {
        let settled: FutureOutcome<Success>? = state.withLock(ownedBy: self) { state in
            state.errorObservers.append(observer)
            return state.outcome
        }
        if case .failure(let error) = settled {
            scheduler.schedule { observer(error) }
        }
        return self
    }

    /// Called when the future is cancelled.
    @discardableResult
    public func cancellation(_ observer: @escaping @Sendable () -> Void) -> Self {
        let settled: FutureOutcome<Success>? = state.withLock(ownedBy: self) { state in
            if state.settled == nil { state.cancellationObservers.append(observer) }
            return state.outcome
        }
        if settled?.isCancelled == true {
            scheduler.schedule(observer)
        }
        return self
    }

    /// Called with the outcome as a `Result`, after `success`/`error`/`cancellation`.
    /// Cancellation arrives as `.failure(CancellationError())`.
    @discardableResult
    public func result(_ observer: @escaping @Sendable (Result<Success, any Error>) -> Void) -> Self {
        let settled: FutureOutcome<Success>? = state.withLock(ownedBy: self) { state in
            if state.settled == nil { state.resultObservers.append(observer) }
            return state.outcome
        }
        if let settled {
            scheduler.schedule { observer(settled.result) }
        }
        return self
    }

    /// Called last, exactly once, however the future ended.
    @discardableResult
    public func completion(_ observer: @escaping @Sendable () -> Void) -> Self {
        let settled: Bool = state.withLock(ownedBy: self) { state in
            if state.settled == nil { state.completionObservers.append(observer) }
            return state.settled != nil
        }
        if settled {
            scheduler.schedule(observer)
        }
        return self
    }

    /// Called with each progress update reported before the future settles.
    @discardableResult
    public func updated(_ observer: @escaping @Sendable (TransferProgress) -> Void) -> Self {
        state.withLock(ownedBy: self) { state in
            if state.settled == nil { state.updateObservers.append(observer) }
        }
        return self
    }
}

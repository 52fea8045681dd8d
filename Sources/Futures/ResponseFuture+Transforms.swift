public import Dispatch
import Synchronization

/// Transforms that derive a new cold future from this one. Sending the derived future sends
/// this one; cancelling it cancels this one; progress updates are forwarded downstream.
extension ResponseFuture {
    /// A future of `transform(value)`. `transform` runs on `scheduler` (default: this future's
    /// scheduler); a throw fails the new future. Failure and cancellation pass through.
    public func then<U: Sendable>(
        _ type: U.Type = U.self,
        on scheduler: (any Scheduler)? = nil,
        _ transform: @escaping @Sendable (Success) throws -> U
    ) -> ResponseFuture<U> {
        derived(on: scheduler ?? self.scheduler) { value, next in
            next.succeed(with: try transform(value))
        }
    }

    /// ``then(_:on:_:)`` with the transform on a dispatch queue (heavy work off the main thread).
    public func then<U: Sendable>(
        _ type: U.Type = U.self,
        on queue: DispatchQueue,
        _ transform: @escaping @Sendable (Success) throws -> U
    ) -> ResponseFuture<U> {
        then(type, on: DispatchQueueScheduler(queue), transform)
    }

    /// The same as ``then(_:on:_:)``.
    public func map<U: Sendable>(
        _ type: U.Type = U.self,
        on scheduler: (any Scheduler)? = nil,
        _ transform: @escaping @Sendable (Success) throws -> U
    ) -> ResponseFuture<U> {
        then(type, on: scheduler, transform)
    }

    /// The same as ``then(_:on:_:)`` with a dispatch queue.
    public func map<U: Sendable>(
        _ type: U.Type = U.self,
        on queue: DispatchQueue,
        _ transform: @escaping @Sendable (Success) throws -> U
    ) -> ResponseFuture<U> {
        then(type, on: DispatchQueueScheduler(queue), transform)
    }

    /// Replaces the value with another future (flatMap): `makeNext` runs on this future's
    /// scheduler with the value and returns the future to continue with, which is sent and
    /// whose outcome becomes the new future's. Returning `nil` cancels the new future; a throw
    /// fails it. Cancelling the new future cancels whichever of the two is running.
    public func replace<U: Sendable>(
        _ type: U.Type = U.self,
        _ makeNext: @escaping @Sendable (Success) throws -> ResponseFuture<U>?
    ) -> ResponseFuture<U> {
        derived(on: scheduler) { value, next in
            guard let inner = try makeNext(value) else {
                next.cancel()
                return
            }
            inner.fulfill(next)
        }
    }

    /// The building block of every transform: a cold future that, when sent, sends this one and
    /// calls `onSuccess` on `runner` with the value (a throw fails the derived future).
    /// Failure and cancellation pass straight through; cancelling the derived future cancels
    /// this one.
    func derived<U: Sendable>(
        on runner: (any Scheduler)?,
        _ onSuccess: @escaping @Sendable (Success, ResponseFuture<U>) throws -> Void
    ) -> ResponseFuture<U> {
        let upstream = self
        return ResponseFuture<U>(scheduler: scheduler) { next in
            next.onCancel { upstream.cancel() }
            upstream.addProgressListener { next.update(with: $0) }
            upstream.addOutcomeListener { outcome in
                switch outcome {
                case .success(let value):
                    let work: @Sendable () -> Void = {
                        guard !next.isCompleted else { return }
                        do {
                            try onSuccess(value, next)
                        } catch {
                            next.fail(with: error)
                        }
                    }
                    if let runner { runner.schedule(work) } else { work() }
                case .failure(let error):
                    next.fail(with: error)
                case .cancelled:
                    next.cancel()
                }
            }
            upstream.send()
        }
    }
}

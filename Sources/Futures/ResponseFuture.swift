import AnnotatedLocks
import Synchronization

/// A cold, cancellable, single-outcome computation — the unit every request in Lazer runs as.
///
/// A future is **cold**: nothing runs until ``send()`` (or its synonym ``start()``). The first
/// call runs the action; later calls are no-ops, so a future never runs twice. A future ends
/// exactly once — it succeeds, fails or is cancelled — and whatever settles it first wins:
/// a second `succeed`/`fail`, or `cancel()` after success, changes nothing and notifies no one.
///
/// Observers (``success(_:)``, ``error(_:)``, ``cancellation(_:)``, ``result(_:)``,
/// ``completion(_:)``, ``updated(_:)``) can be registered any number of times. When the future
/// settles they are called in registration order, `success` before `error` (a throw inside
/// `success` is routed to the `error` observers), then `result`, and `completion` last, once.
/// An observer registered after the future settled is still called once with the outcome.
///
/// Transforms (`then`/`map`, `replace`, the joins, `safeResult`) return a new cold future;
/// sending it sends the futures it depends on, and cancelling it cancels them, all the way up
/// to the producer, whose ``onCancel(_:)`` hook can then stop the underlying transfer.
///
/// ## Threading contract
/// - The type is `Sendable`; all state sits behind a `Mutex`. Every method may be called from
///   any thread.
/// - The action passed to ``init(scheduler:action:)`` runs synchronously on the thread that
///   calls `send()`. It must not block; it starts work and completes the future later.
/// - Producers may call `succeed`, `fail`, `complete`, `update` and `cancel` from any thread.
/// - Every public observer runs on the future's ``scheduler`` — never inline in the producer's
///   call. With a serial scheduler (``MainQueueScheduler``, `ManualScheduler` (FuturesTesting)) observers run
///   one at a time in the order above and progress updates never arrive after `completion`.
/// - ``onCancel(_:)`` hooks are for producers: they run synchronously on the cancelling
///   thread, so they must be quick and thread-safe (e.g. wake the transfer thread).
/// - `then`/`map` transforms run on the future's scheduler unless given `on:`; `replace` and
///   join callbacks run on the future's scheduler.
/// - Observer closures are released once the future settles, so a finished chain holds no
///   cycles. A future that never settles keeps its observers alive.
public final class ResponseFuture<Success: Sendable>: Sendable {
    /// The work a future does when sent. It receives the future to complete.
    public typealias Action = @Sendable (ResponseFuture<Success>) throws -> Void

    /// Where observers are called.
    public let scheduler: any Scheduler

    let state: Mutex<FutureState<Success>>

    /// A future that runs `action` when sent. A throw from `action` fails the future.
    public init(scheduler: any Scheduler = MainQueueScheduler(), action: @escaping Action) {
        self.scheduler = scheduler
        // Made in place: copying a state (a dozen observer lists) costs a retain and a release each.
        self.state = Mutex(FutureState(action: action))
    }

    /// A future with no action (a promise): only the producer's `succeed`/`fail`/`cancel` settle it.
    public init(scheduler: any Scheduler = MainQueueScheduler()) {
        self.scheduler = scheduler
        self.state = Mutex(FutureState())
    }

    /// A future that completes with `result` when sent.
    public convenience init(scheduler: any Scheduler = MainQueueScheduler(), result: Result<Success, any Error>) {
        self.init(scheduler: scheduler) { future in
            future.complete(with: result)
        }
    }

    // MARK: - Starting

    /// Starts the future: runs its action once. Calling it again (or after ``start()``) is a
    /// no-op, and so is sending a future that was already cancelled.
    @discardableResult
    public func send() -> Self {
        let action: Action? = state.withLock(ownedBy: self) { state in
            guard !state.started else { return nil }
            state.started = true
            defer { state.action = nil }
            return state.settled == nil ? state.action : nil
        }
        if let action {
            do {
                try action(self)
            } catch {
                fail(with: error)
            }
        }
        return self
    }

    /// A synonym of ``send()``: starts the future once; later calls are no-ops.
    @discardableResult
    public func start() -> Self {
        send()
    }

    /// Whether ``send()`` or ``start()`` has been called.
    public var isStarted: Bool {
        state.withLock(ownedBy: self) { $0.started }
    }

    /// Whether the future has settled (succeeded, failed or been cancelled).
    public var isCompleted: Bool {
        state.withLock(ownedBy: self) { $0.settled != nil }
    }

    /// Whether the future was cancelled.
    public var isCancelled: Bool {
        state.withLock(ownedBy: self) { $0.settled?.outcome.isCancelled ?? false }
    }

    // MARK: - Producer API

    /// Settles the future with `value`. No-op if it already settled.
    public func succeed(with value: Success) {
        settle(.success(value))
    }

    /// Settles the future with `error`. No-op if it already settled.
    public func fail(with error: any Error) {
        settle(.failure(error))
    }

    /// Settles the future with `result`. No-op if it already settled.
    public func complete(with result: consuming Result<Success, any Error>) {
        switch consume result {
        case .success(let value): settle(.success(value))
        case .failure(let error): settle(.failure(error))
        }
    }

    /// Cancels the future: runs the ``onCancel(_:)`` hooks, then notifies `cancellation`,
    /// `result` (with `CancellationError`) and `completion` observers. No-op if it already
    /// settled, so cancelling after success changes nothing.
    public func cancel() {
        settle(.cancelled)
    }

    /// Reports transfer progress to the `updated` observers. Ignored once the future settled.
    public func update(with progress: TransferProgress) {
        let (observers, listeners) = state.withLock(ownedBy: self) { state in
            state.settled == nil ? (state.updateObservers, state.progressListeners) : ([], [])
        }
        if !observers.isEmpty {
            scheduler.schedule { [self] in
                guard !state.withLock(ownedBy: self, { $0.completionDelivered }) else { return }
                for observer in observers { observer(progress) }
            }
        }
        for listener in listeners { listener(progress) }
    }

    /// Producer hook: runs `hook` if the future is cancelled — synchronously, on the cancelling
    /// thread, before any observer — or right away if it already was. Never runs after success
    /// or failure. The transport uses it to stop the transfer behind the future.
    public func onCancel(_ hook: @escaping @Sendable () -> Void) {
        let runNow: Bool = state.withLock(ownedBy: self) { state in
            guard let settled = state.settled else {
                state.cancelHooks.append(hook)
                return false
            }
            return settled.outcome.isCancelled
        }
        if runNow { hook() }
    }

    /// Sends this future and settles `target` with its outcome (success, failure or
    /// cancellation), forwarding progress. Cancelling `target` cancels this future.
    public func fulfill(_ target: ResponseFuture<Success>) {
        target.onCancel { [self] in cancel() }
        addProgressListener { target.update(with: $0) }
        addOutcomeListener { target.settle($0) }
        send()
    }

    // MARK: - Internals

    /// Settles once; returns whether this call did it.
    @discardableResult
    func settle(_ outcome: consuming FutureOutcome<Success>) -> Bool {
        typealias Taken = (
            ObserverBatch<Success>, InlineFirstList<@Sendable (FutureOutcome<Success>) -> Void>,
            InlineFirstList<@Sendable () -> Void>
        )
        let settled = SettledOutcome(outcome)
        let taken = state.withLock(ownedBy: self) { state -> Taken? in
            guard state.settled == nil else { return nil }
            state.settled = settled
            state.action = nil
            return (ObserverBatch.take(from: &state), state.outcomeListeners.take(), state.cancelHooks.take())
        }
        guard let (batch, listeners, hooks) = taken else { return false }
        if settled.outcome.isCancelled {
            hooks.forEach { $0() }
        }
        if scheduler.runsInline {
            deliver(batch, settled)
        } else {
            scheduler.schedule { [self] in deliver(batch, settled) }
        }
        listeners.forEach { $0(settled.outcome) }
        return true
    }

    /// Runs the observers taken when the future settled (on the scheduler).
    private func deliver(_ batch: ObserverBatch<Success>, _ settled: SettledOutcome<Success>) {
        state.withLock(ownedBy: self) { $0.completionDelivered = true }
        batch.deliver(settled.outcome)
    }

    /// Calls `listener` synchronously with the outcome when the future settles (now, if it has).
    func addOutcomeListener(_ listener: @escaping @Sendable (FutureOutcome<Success>) -> Void) {
        let settled: SettledOutcome<Success>? = state.withLock(ownedBy: self) { state in
            if state.settled == nil { state.outcomeListeners.append(listener) }
            return state.settled
        }
        if let settled { listener(settled.outcome) }
    }

    /// Calls `listener` synchronously with every progress update until the future settles.
    func addProgressListener(_ listener: @escaping @Sendable (TransferProgress) -> Void) {
        state.withLock(ownedBy: self) { state in
            if state.settled == nil { state.progressListeners.append(listener) }
        }
    }
}

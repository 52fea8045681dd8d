import AnnotatedLocks
import Foundation
public import Futures
import Synchronization

/// What a transport uses to report one exchange: progress, the outcome, and a hook to stop the transfer
/// when the future is cancelled. Completion runs the response adapters and the monitors exactly once;
/// later completions (a transfer finishing after a cancel) are ignored.
public final class ExchangeHandle: Sendable {
    private let future: ResponseFuture<DataResponse>
    private let pipeline: DispatchPipeline
    /// The request being sent, after adapters.
    public let prepared: PreparedRequest
    private let resolved: Bool
    /// When the exchange started, read only when monitors will be told (clock reads cost on every request).
    private let startedAt: Date?
    private let startInstant: ContinuousClock.Instant?
    /// The request's ``ExchangeObserver``'s delivery, nil when nobody observes (the usual case).
    private let events: ExchangeEventSink?
    private let state = Mutex(State())

    private struct State {
        /// Completed, or reported as cancelled: nothing more goes to the monitors.
        var finished = false
        /// The future was cancelled (the transport's hook then runs at once when set).
        var cancelled = false
        /// The transport's ways to stop the transfer, until the future is cancelled or completes:
        /// the first (usually the only one) kept without an array, which would allocate per request.
        var cancelHook: (@Sendable () -> Void)?
        var laterCancelHooks: [@Sendable () -> Void] = []

        mutating func addCancelHook(_ hook: @escaping @Sendable () -> Void) {
            if cancelHook == nil {
                cancelHook = hook
            } else {
                laterCancelHooks.append(hook)
            }
        }

        /// The hooks in registration order, removed from the state (on cancel only: this allocates).
        mutating func takeCancelHooks() -> [@Sendable () -> Void] {
            defer { dropCancelHooks() }
            guard let cancelHook else { return [] }
            return [cancelHook] + laterCancelHooks
        }

        /// Forgets the hooks (the exchange completed), releasing what they captured.
        mutating func dropCancelHooks() {
            cancelHook = nil
            if !laterCancelHooks.isEmpty { laterCancelHooks = [] }
        }
    }

    init(
        future: ResponseFuture<DataResponse>, pipeline: DispatchPipeline, prepared: PreparedRequest, startedAt: Date?,
        resolved: Bool = true, isMock: Bool = false, clock: (@Sendable () -> Duration)? = nil
    ) {
        self.events = prepared.request.exchangeObserver.map {
            ExchangeEventSink(observer: $0, isMock: isMock, clock: clock)
        }
        self.future = future
        self.pipeline = pipeline
        self.prepared = prepared
        self.resolved = resolved
        self.startedAt = startedAt
        self.startInstant = startedAt == nil ? nil : ContinuousClock.now
    }

    /// Whether the future was cancelled: a transport may stop early when it sees this.
    public var isCancelled: Bool { future.isCancelled }

    /// Runs `hook` (synchronously, on the cancelling thread) if the future is cancelled — at once
    /// if it already was; never after the exchange completed. Hooks run in registration order. The
    /// handle keeps them itself, so a request costs the future one cancel hook
    /// (``futureWasCancelled()``), not one more per transport hook.
    public func onCancel(_ hook: @escaping @Sendable () -> Void) {
        let runNow = state.withLock(ownedBy: self) { state in
            guard !state.cancelled else { return true }
            if !state.finished { state.addCancelHook(hook) }
            return false
        }
        if runNow { hook() }
    }

    /// Whether the request has an ``ExchangeObserver``: a transport does the work of finding out
    /// what happened (and calls ``report(_:stage:offset:)``) only then.
    public var isObserved: Bool { events != nil }

    /// Reports an event to the request's ``ExchangeObserver`` (nothing without one). Events are
    /// delivered in the order reported, one at a time, each once; terminal events are reported by
    /// the handle itself (``complete(with:)``, cancellation) and later reports are ignored.
    /// - Parameters:
    ///   - stage: the stage the exchange is in from now on, when not the one the event implies
    ///     (after `connected` on a new `https` connection: `.tlsHandshake`).
    ///   - offset: a simulated time (mocks); the monotonic clock otherwise.
    public func report(_ kind: ExchangeEvent.Kind, stage: ExchangeStage? = nil, offset: Duration? = nil) {
        events?.report(kind, stage: stage, offset: offset)
    }

    /// The stage the last reported event left the exchange in (`.queued` when unobserved).
    public var observedStage: ExchangeStage { events?.stage ?? .queued }

    /// Reports progress to the future's `updated` observers.
    public func update(with progress: TransferProgress) {
        future.update(with: progress)
    }

    /// Finishes the exchange. A response gets the prepared request as its ``Response/request`` and then
    /// goes through the response adapters (a throw turns it into a failure).
    public func complete(with result: consuming Result<DataResponse, any Error>) {
        guard claim() else { return }
        // The response is moved along, not copied: it is a large value and this runs per request.
        let outcome: Result<DataResponse, any Error>
        switch consume result {
        case .success(var response):
            response.request = prepared.request
            if events != nil { response.request.exchangeObserver = nil }
            do {
                for adapter in pipeline.responseAdapters {
                    response = try adapter.adapt(response)
                }
                outcome = .success(response)
            } catch {
                outcome = .failure(error)
            }
        case .failure(let error):
            outcome = .failure(error)
        }
        notify(outcome)
        if let events { reportEnd(outcome, to: events) }
        future.complete(with: consume outcome)
    }

    /// Ends the exchange as cancelled (for a transport that stopped on its own, e.g. at shutdown).
    public func cancel() {
        future.cancel()
    }

    /// The future's cancel hook: stops the transfer (the transport's ``onCancel(_:)`` hook), then
    /// tells the monitors the exchange was cancelled.
    func futureWasCancelled() {
        let (hooks, claimed) = state.withLock(ownedBy: self) { state in
            state.cancelled = true
            let claimed = !state.finished
            state.finished = true
            return (state.takeCancelHooks(), claimed)
        }
        for hook in hooks { hook() }
        if claimed {
            notify(.failure(CancellationError()))
            if let events { events.report(.cancelled(stage: events.stage)) }
        }
    }

    /// The terminal event for `outcome`: completed, failed (with the error's stage and partial
    /// timings, or the observed stage and the time so far) or cancelled.
    private func reportEnd(_ outcome: Result<DataResponse, any Error>, to events: ExchangeEventSink) {
        switch outcome {
        case .success(var response):
            response.request.exchangeObserver = nil
            events.report(.completed(response))
        case .failure(let error as TransportError) where error.reason == .cancelled:
            events.report(.cancelled(stage: error.stage ?? events.stage))
        case .failure(let error as TransportError):
            let timings = error.timings ?? Timings(total: events.elapsed)
            events.report(.failed(.init(error: error, stage: error.stage ?? events.stage, timings: timings)))
        case .failure(let error) where error is CancellationError:
            events.report(.cancelled(stage: events.stage))
        case .failure(let error):
            let failure = ExchangeEvent.Failure(
                error: error, stage: events.stage, timings: Timings(total: events.elapsed))
            events.report(.failed(failure))
        }
    }

    /// Marks the exchange finished (dropping the transport's cancel hook); false when it already was.
    private func claim() -> Bool {
        state.withLock(ownedBy: self) { state in
            guard !state.finished else { return false }
            state.finished = true
            state.dropCancelHooks()
            return true
        }
    }

    private func notify(_ result: Result<DataResponse, any Error>) {
        guard !pipeline.monitors.isEmpty else { return }
        let exchange = Exchange(
            request: prepared.request, url: resolved ? prepared.url : nil, result: result,
            startedAt: startedAt ?? Date(),
            duration: startInstant.map { ContinuousClock.now - $0 } ?? .zero)
        for monitor in pipeline.monitors {
            monitor.exchangeDidFinish(exchange)
        }
    }
}

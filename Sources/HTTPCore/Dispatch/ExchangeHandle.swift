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
    private let state = Mutex(State())

    private struct State {
        /// Completed, or reported as cancelled: nothing more goes to the monitors.
        var finished = false
        /// The future was cancelled (the transport's hook then runs at once when set).
        var cancelled = false
        /// The transport's way to stop the transfer, until the future is cancelled or completes.
        var cancelHook: (@Sendable () -> Void)?
    }

    init(
        future: ResponseFuture<DataResponse>, pipeline: DispatchPipeline, prepared: PreparedRequest, startedAt: Date?,
        resolved: Bool = true
    ) {
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
    /// if it already was. The handle keeps the hook itself, so a request costs the future one
    /// cancel hook (``futureWasCancelled()``), not two.
    public func onCancel(_ hook: @escaping @Sendable () -> Void) {
        let runNow = state.withLock(ownedBy: self) { state in
            guard !state.cancelled else { return true }
            if !state.finished { state.cancelHook = hook }
            return false
        }
        if runNow { hook() }
    }

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
        future.complete(with: consume outcome)
    }

    /// Ends the exchange as cancelled (for a transport that stopped on its own, e.g. at shutdown).
    public func cancel() {
        future.cancel()
    }

    /// The future's cancel hook: stops the transfer (the transport's ``onCancel(_:)`` hook), then
    /// tells the monitors the exchange was cancelled.
    func futureWasCancelled() {
        let (hook, claimed) = state.withLock(ownedBy: self) { state in
            state.cancelled = true
            defer { state.cancelHook = nil }
            let claimed = !state.finished
            state.finished = true
            return (state.cancelHook, claimed)
        }
        hook?()
        if claimed { notify(.failure(CancellationError())) }
    }

    /// Marks the exchange finished (dropping the transport's cancel hook); false when it already was.
    private func claim() -> Bool {
        state.withLock(ownedBy: self) { state in
            guard !state.finished else { return false }
            state.finished = true
            state.cancelHook = nil
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

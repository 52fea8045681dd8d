import Foundation
public import Futures

/// The part every dispatcher shares: request adapters → URL resolution and validation → transport →
/// response adapters → exchange monitors, wrapped in a cold ``ResponseFuture``.
///
/// A transport only supplies `start`, which begins the transfer for a ``PreparedRequest`` and reports
/// through the ``ExchangeHandle`` (progress, completion, and a cancel hook to stop the transfer).
public struct DispatchPipeline: Sendable {
    public var requestAdapters: [any RequestAdapter]
    public var responseAdapters: [any ResponseAdapter]
    public var monitors: [any ExchangeMonitor]

    public init(
        requestAdapters: [any RequestAdapter] = [], responseAdapters: [any ResponseAdapter] = [],
        monitors: [any ExchangeMonitor] = []
    ) {
        self.requestAdapters = requestAdapters
        self.responseAdapters = responseAdapters
        self.monitors = monitors
    }

    /// Runs the request adapters, then resolves and validates the result.
    public func prepare(_ request: HTTPRequest) throws -> PreparedRequest {
        var adapted = request
        for adapter in requestAdapters {
            adapted = try adapter.adapt(adapted)
        }
        let url = try adapted.validate()
        return PreparedRequest(request: adapted, url: url)
    }

    /// A cold future for `request`. When sent, it prepares the request (a failure fails the future
    /// and is reported to the monitors) and calls `start` on the sending thread; `start` must not block.
    ///
    /// When the request has an ``HTTPRequest/exchangeObserver``, the handle reports
    /// ``ExchangeEvent/Kind/queued`` before `start` runs, and the terminal event when it completes.
    /// `isMock` labels the events as a mock's; `firstStage` is the stage the exchange is in once queued
    /// (the curl transport starts resolving at once: `.resolving`; a mock is `.sending`); `clock`, the
    /// time event offsets are measured on (a mock's virtual time; the monotonic clock by default).
    public func future(
        for request: HTTPRequest, scheduler: any Scheduler, isMock: Bool = false, firstStage: ExchangeStage = .queued,
        clock: (@Sendable () -> Duration)? = nil,
        start: @escaping @Sendable (PreparedRequest, ExchangeHandle) -> Void
    ) -> ResponseFuture<DataResponse> {
        let pipeline = self
        return ResponseFuture(scheduler: scheduler) { future in
            let startedAt = pipeline.monitors.isEmpty ? nil : Date()
            let handle: ExchangeHandle
            do {
                let prepared = try pipeline.prepare(request)
                handle = ExchangeHandle(
                    future: future, pipeline: pipeline, prepared: prepared, startedAt: startedAt, isMock: isMock,
                    clock: clock)
                future.onCancel { handle.futureWasCancelled() }
                if handle.isObserved {
                    handle.report(.queued(.init(method: prepared.request.method, url: prepared.url)), stage: firstStage)
                }
                start(prepared, handle)
            } catch {
                let failed = ExchangeHandle(
                    future: future, pipeline: pipeline,
                    prepared: PreparedRequest(request: request, url: URL(fileURLWithPath: "/")), startedAt: startedAt,
                    resolved: false, isMock: isMock, clock: clock)
                failed.complete(with: .failure(error))
            }
        }
    }
}

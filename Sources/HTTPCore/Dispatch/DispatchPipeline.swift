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
    public func future(
        for request: HTTPRequest, scheduler: any Scheduler,
        start: @escaping @Sendable (PreparedRequest, ExchangeHandle) -> Void
    ) -> ResponseFuture<DataResponse> {
        let pipeline = self
        return ResponseFuture(scheduler: scheduler) { future in
            let startedAt = pipeline.monitors.isEmpty ? nil : Date()
            let handle: ExchangeHandle
            do {
                let prepared = try pipeline.prepare(request)
                handle = ExchangeHandle(future: future, pipeline: pipeline, prepared: prepared, startedAt: startedAt)
                future.onCancel { handle.futureWasCancelled() }
                start(prepared, handle)
            } catch {
                let failed = ExchangeHandle(
                    future: future, pipeline: pipeline,
                    prepared: PreparedRequest(request: request, url: URL(fileURLWithPath: "/")), startedAt: startedAt,
                    resolved: false)
                failed.complete(with: .failure(error))
            }
        }
    }
}

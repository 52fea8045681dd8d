public import Futures

/// A response as dispatchers produce it: the body in memory or in a temporary file.
public typealias DataResponse = Response<ResponseBody>

/// Sends requests and answers with cold futures: nothing goes on the wire until `send()`.
///
/// Implemented by the curl transport and by ``MockDispatcher``. Implementations run every
/// ``RequestAdapter`` before sending (the adapted request is the one sent and recorded in the
/// response), every ``ResponseAdapter`` after, and tell every ``ExchangeMonitor`` how the exchange
/// ended — ``DispatchPipeline`` does all three. Futures deliver on ``scheduler``.
public protocol DataDispatcher: Sendable {
    /// Where the futures this dispatcher makes deliver their callbacks.
    var scheduler: any Scheduler { get }

    /// A cold future for `request`. Failures (request, transport) arrive in `error`; 4xx/5xx arrive
    /// as responses with ``Response/httpError`` set.
    func dataFuture(from request: HTTPRequest) -> ResponseFuture<DataResponse>

    /// Where a wait between two of its exchanges runs (an SSE reconnection's retry time): a mock's
    /// own delays, so tests on virtual time move it by hand; nil (the default) for real time.
    var waits: (any DelayScheduler)? { get }
}

extension DataDispatcher {
    public var waits: (any DelayScheduler)? { nil }
}

extension DataDispatcher {
    /// The lazy form: `makeRequest` runs when the future is sent, and whatever it throws lands in
    /// the future's `error` observers instead of at the call site.
    public func dataFuture(_ makeRequest: @escaping @Sendable () throws -> HTTPRequest) -> ResponseFuture<DataResponse>
    {
        ResponseFuture(scheduler: scheduler) { future in
            dataFuture(from: try makeRequest()).fulfill(future)
        }
    }
}

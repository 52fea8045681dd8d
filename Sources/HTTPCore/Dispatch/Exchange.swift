public import Foundation

/// One finished exchange as an ``ExchangeMonitor`` sees it: the request as sent and how it ended.
public struct Exchange: Sendable {
    /// The request after adapters (or as given, if an adapter or URL resolution failed).
    public var request: HTTPRequest
    /// The resolved URL, when resolution got that far.
    public var url: URL?
    /// The response (after response adapters) or the error; `CancellationError` when cancelled.
    public var result: Result<DataResponse, any Error>
    /// When the future was sent.
    public var startedAt: Date
    /// How long it took from send to the end.
    public var duration: Duration

    public init(
        request: HTTPRequest, url: URL?, result: Result<DataResponse, any Error>, startedAt: Date, duration: Duration
    ) {
        self.request = request
        self.url = url
        self.result = result
        self.startedAt = startedAt
        self.duration = duration
    }

    /// Whether the exchange was cancelled.
    public var wasCancelled: Bool {
        if case .failure(let error) = result { return error is CancellationError }
        return false
    }
}

public import Futures
public import HTTPCore

/// Everything needed to send one saved request: the resolved request (for display), the
/// `HTTPRequest`, the dispatcher of the environment, and the redactor for anything shown or
/// recorded. When `problems` is not empty, `request` and `dispatcher` are nil: nothing may be sent.
public struct SendPreparation: Sendable {
    public var collectionID: String
    public var saved: SavedRequest
    public var environment: Environment?
    public var resolved: ResolvedRequest
    /// Unresolved variables, a bad base URL, an invalid URL, a broken mock route: all found before sending.
    public var problems: [String]
    public var request: HTTPRequest?
    public var dispatcher: (any DataDispatcher)?
    public var redactor: Redactor

    /// The request as a future, ready to `send()`; nil when there are problems.
    public func future() -> ResponseFuture<DataResponse>? {
        guard let request, let dispatcher, problems.isEmpty else { return nil }
        return dispatcher.dataFuture(from: request)
    }
}

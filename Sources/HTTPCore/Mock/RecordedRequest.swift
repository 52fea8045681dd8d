/// A request a ``MockDispatcher`` received, for assertions.
public struct RecordedRequest: Sendable {
    /// The request after adapters.
    public var request: HTTPRequest
    /// The path it was matched on.
    public var path: String
    /// The matched route's description, or `nil` when no route matched (answered 404).
    public var route: String?
    /// The path parameters the route captured (`id` → `"7"`).
    public var parameters: [String: String]

    public init(request: HTTPRequest, path: String, route: String?, parameters: [String: String]) {
        self.request = request
        self.path = path
        self.route = route
        self.parameters = parameters
    }
}

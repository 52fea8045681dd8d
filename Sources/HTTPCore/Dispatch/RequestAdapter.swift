/// Changes a request just before it is sent (add a token, sign, set default headers).
///
/// Adapters run in order when the future is sent, on the sending thread; the result of the last one
/// is the request that goes on the wire and is recorded in ``Response/request``. A throw fails the
/// future (wrap reasons in ``RequestError/adapterFailed(_:)`` for a clear translation).
public protocol RequestAdapter: Sendable {
    func adapt(_ request: HTTPRequest) throws -> HTTPRequest
}

/// A ``RequestAdapter`` from a closure.
public struct ClosureRequestAdapter: RequestAdapter {
    private let body: @Sendable (HTTPRequest) throws -> HTTPRequest

    public init(_ body: @escaping @Sendable (HTTPRequest) throws -> HTTPRequest) {
        self.body = body
    }

    public func adapt(_ request: HTTPRequest) throws -> HTTPRequest {
        try body(request)
    }
}

/// Adds headers the request does not already have (an environment's default headers).
public struct DefaultHeadersAdapter: RequestAdapter {
    public var headers: HTTPHeaders

    public init(_ headers: HTTPHeaders) {
        self.headers = headers
    }

    public func adapt(_ request: HTTPRequest) throws -> HTTPRequest {
        var adapted = request
        for field in headers where !request.headers.contains(field.name) {
            adapted.headers.add(name: field.name, value: field.value)
        }
        return adapted
    }
}

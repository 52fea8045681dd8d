public import Foundation

/// One completed exchange: the request that was actually sent and everything the server and the
/// transport said about it, with a body of type `Body` (``ResponseBody`` from a dispatcher, a
/// decoded value after ``decode(_:using:)``).
///
/// Error statuses are ordinary responses; ``httpError`` says whether the status is a 4xx/5xx
/// without throwing, so the body the server sent can still be shown.
public struct Response<Body: Sendable>: Sendable {
    /// The request as sent, after every ``RequestAdapter``.
    public var request: HTTPRequest
    /// The final status.
    public var statusCode: StatusCode
    /// The final response's headers, in order, duplicates kept.
    public var headers: HTTPHeaders
    /// The protocol version the response came over.
    public var httpVersion: HTTPVersion
    /// The URL of the final response, after any redirects.
    public var url: URL
    /// The server's address as `ip:port`, when the transport knows it.
    public var remoteAddress: String?
    /// Where the time went.
    public var timings: Timings
    /// Bytes put on the wire (headers and body, all redirects).
    public var bytesSent: Int64
    /// Bytes taken off the wire (headers and body, all redirects; before decompression).
    public var bytesReceived: Int64
    /// The body.
    public var body: Body

    public init(
        request: HTTPRequest, statusCode: StatusCode, headers: HTTPHeaders = HTTPHeaders(),
        httpVersion: HTTPVersion = .http11, url: URL, remoteAddress: String? = nil, timings: Timings = Timings(),
        bytesSent: Int64 = 0, bytesReceived: Int64 = 0, body: Body
    ) {
        self.request = request
        self.statusCode = statusCode
        self.headers = headers
        self.httpVersion = httpVersion
        self.url = url
        self.remoteAddress = remoteAddress
        self.timings = timings
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
        self.body = body
    }

    /// The 4xx/5xx error this response represents, or `nil` for any other status. Not thrown for you.
    public var httpError: HTTPError? { HTTPError(statusCode: statusCode) }

    /// The same response with another body.
    public func replacingBody<NewBody: Sendable>(_ newBody: NewBody) -> Response<NewBody> {
        Response<NewBody>(
            request: request, statusCode: statusCode, headers: headers, httpVersion: httpVersion, url: url,
            remoteAddress: remoteAddress, timings: timings, bytesSent: bytesSent, bytesReceived: bytesReceived,
            body: newBody)
    }

    /// The same response with its body transformed.
    public func mapBody<NewBody: Sendable>(_ transform: (Body) throws -> NewBody) rethrows -> Response<NewBody> {
        replacingBody(try transform(body))
    }
}

/// The name PiuPiu users know for a response with a typed HTTP status; the same type as ``Response``.
public typealias HTTPResponse<Body: Sendable> = Response<Body>

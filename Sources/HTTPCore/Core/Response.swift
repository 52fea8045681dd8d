public import Foundation

/// One completed exchange: the request that was actually sent and everything the server and the
/// transport said about it, with a body of type `Body` (``ResponseBody`` from a dispatcher, a
/// decoded value after ``decode(_:using:)``).
///
/// Error statuses are ordinary responses; ``httpError`` says whether the status is a 4xx/5xx
/// without throwing, so the body the server sent can still be shown.
///
/// A response is a value, stored copy-on-write: futures, observers and adapters pass it along many
/// times per request, and one reference is far cheaper to pass than a dozen fields.
public struct Response<Body: Sendable>: Sendable {
    private var storage: ResponseStorage<Body>

    public init(
        request: HTTPRequest, statusCode: StatusCode, headers: HTTPHeaders = HTTPHeaders(),
        httpVersion: HTTPVersion = .http11, url: URL, remoteAddress: String? = nil, timings: Timings = Timings(),
        bytesSent: Int64 = 0, bytesReceived: Int64 = 0, reasonPhrase: String? = nil, body: Body
    ) {
        storage = ResponseStorage(
            request: request, statusCode: statusCode, headers: headers, httpVersion: httpVersion, url: url,
            remoteAddress: remoteAddress, timings: timings, bytesSent: bytesSent, bytesReceived: bytesReceived,
            reasonPhrase: reasonPhrase, body: body)
    }

    /// The request as sent, after every ``RequestAdapter``.
    public var request: HTTPRequest {
        get { storage.request }
        set { uniqueStorage().request = newValue }
    }
    /// The final status.
    public var statusCode: StatusCode {
        get { storage.statusCode }
        set { uniqueStorage().statusCode = newValue }
    }
    /// The final response's headers, in order, duplicates kept.
    public var headers: HTTPHeaders {
        get { storage.headers }
        set { uniqueStorage().headers = newValue }
    }
    /// The protocol version the response came over.
    public var httpVersion: HTTPVersion {
        get { storage.httpVersion }
        set { uniqueStorage().httpVersion = newValue }
    }
    /// The reason phrase of the final status line as the server sent it (`OK`, `Created`; "" over
    /// HTTP/2, which has none), or nil when no status line was read (a mock answer).
    public var reasonPhrase: String? {
        get { storage.reasonPhrase }
        set { uniqueStorage().reasonPhrase = newValue }
    }
    /// The reason phrase to show beside the status (``StatusCode/text(sent:)``).
    public var statusText: String { statusCode.text(sent: reasonPhrase) }
    /// The URL of the final response, after any redirects.
    public var url: URL {
        get { storage.url }
        set { uniqueStorage().url = newValue }
    }
    /// The server's address as `ip:port`, when the transport knows it.
    public var remoteAddress: String? {
        get { storage.remoteAddress }
        set { uniqueStorage().remoteAddress = newValue }
    }
    /// Where the time went.
    public var timings: Timings {
        get { storage.timings }
        set { uniqueStorage().timings = newValue }
    }
    /// Bytes put on the wire (headers and body, all redirects).
    public var bytesSent: Int64 {
        get { storage.bytesSent }
        set { uniqueStorage().bytesSent = newValue }
    }
    /// Bytes taken off the wire (headers and body, all redirects; before decompression).
    public var bytesReceived: Int64 {
        get { storage.bytesReceived }
        set { uniqueStorage().bytesReceived = newValue }
    }
    /// The body.
    public var body: Body {
        get { storage.body }
        set { uniqueStorage().body = newValue }
    }

    /// The 4xx/5xx error this response represents, or `nil` for any other status. Not thrown for you.
    public var httpError: HTTPError? { HTTPError(statusCode: statusCode) }

    /// The same response with another body.
    public func replacingBody<NewBody: Sendable>(_ newBody: NewBody) -> Response<NewBody> {
        let fields = storage
        return Response<NewBody>(
            request: fields.request, statusCode: fields.statusCode, headers: fields.headers,
            httpVersion: fields.httpVersion, url: fields.url, remoteAddress: fields.remoteAddress,
            timings: fields.timings, bytesSent: fields.bytesSent, bytesReceived: fields.bytesReceived,
            reasonPhrase: fields.reasonPhrase, body: newBody)
    }

    /// The same response with its body transformed.
    public func mapBody<NewBody: Sendable>(_ transform: (Body) throws -> NewBody) rethrows -> Response<NewBody> {
        replacingBody(try transform(body))
    }

    /// The storage, copied first when another response shares it (copy-on-write).
    private mutating func uniqueStorage() -> ResponseStorage<Body> {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
        }
        return storage
    }
}

/// The name PiuPiu users know for a response with a typed HTTP status; the same type as ``Response``.
public typealias HTTPResponse<Body: Sendable> = Response<Body>

/// A response's fields behind one reference. Mutated only through ``Response``'s setters, and only
/// while that response holds the sole reference, so no two threads ever see a write.
/// Its fields are its own, not one struct as in `HTTPRequestStorage`: the class is generic, and its
/// deinit runs unspecialised, destroying a generic struct field through the runtime — measured
/// 1.5 k instructions per request dearer in `make bench-transport` (a box shared by all three
/// copy-on-write types was 2 k dearer, for the same reason and cross-module exclusivity checks).
private final class ResponseStorage<Body: Sendable>: @unchecked Sendable {
    var request: HTTPRequest
    var statusCode: StatusCode
    var headers: HTTPHeaders
    var httpVersion: HTTPVersion
    var url: URL
    var remoteAddress: String?
    var timings: Timings
    var bytesSent: Int64
    var bytesReceived: Int64
    var reasonPhrase: String?
    var body: Body

    init(
        request: HTTPRequest, statusCode: StatusCode, headers: HTTPHeaders, httpVersion: HTTPVersion, url: URL,
        remoteAddress: String?, timings: Timings, bytesSent: Int64, bytesReceived: Int64, reasonPhrase: String?,
        body: Body
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
        self.reasonPhrase = reasonPhrase
        self.body = body
    }

    func copy() -> ResponseStorage {
        ResponseStorage(
            request: request, statusCode: statusCode, headers: headers, httpVersion: httpVersion, url: url,
            remoteAddress: remoteAddress, timings: timings, bytesSent: bytesSent, bytesReceived: bytesReceived,
            reasonPhrase: reasonPhrase, body: body)
    }
}

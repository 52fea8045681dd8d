public import Foundation

/// A request as the user wrote it: method, target, query, headers, body and transport options.
///
/// The target is either an absolute URL or a path relative to a ``ServerProvider`` (the active
/// environment), which is held weakly and read only when the URL is resolved with ``url()``.
/// Requests are values: adapters return changed copies, and the copy a transport sends is the one a
/// ``Response`` records.
public struct HTTPRequest: Sendable {
    /// Where a request goes.
    public enum Target: Hashable, Sendable {
        /// An absolute `http`/`https` URL.
        case url(URL)
        /// A path (optionally with `?query`) joined to the server provider's base URL.
        case path(String)
    }

    /// The fields, copy-on-write: a request is copied several times on its way to the transport
    /// (adapters, the prepared request, the response's record of it), and one reference is far
    /// cheaper to copy than a dozen fields of strings and arrays.
    private var storage: HTTPRequestStorage

    /// The method.
    public var method: HTTPMethod {
        get { storage.fields.method }
        set { uniqueStorage().fields.method = newValue }
    }
    /// The absolute URL or relative path.
    public var target: Target {
        get { storage.fields.target }
        set { uniqueStorage().fields.target = newValue }
    }
    /// The provider whose base URL a relative path is joined to. Held weakly.
    public var serverProvider: (any ServerProvider)? {
        get { storage.fields.serverProvider }
        set { uniqueStorage().fields.serverProvider = newValue }
    }
    /// Query items appended (encoded) after any query already in the target.
    public var queryItems: [URLQueryItem] {
        get { storage.fields.queryItems }
        set { uniqueStorage().fields.queryItems = newValue }
        // In place: `request.queryItems.append/add(…)` in a loop would otherwise copy the whole
        // value at every step (10,000 headers cost seconds).
        _modify { yield &uniqueStorage().fields.queryItems }
    }
    /// Header fields, in order.
    public var headers: HTTPHeaders {
        get { storage.fields.headers }
        set { uniqueStorage().fields.headers = newValue }
        // In place: `request.headers.append/add(…)` in a loop would otherwise copy the whole
        // value at every step (10,000 headers cost seconds).
        _modify { yield &uniqueStorage().fields.headers }
    }
    /// The body.
    public var body: RequestBody {
        get { storage.fields.body }
        set { uniqueStorage().fields.body = newValue }
        // In place: `request.body.append/add(…)` in a loop would otherwise copy the whole
        // value at every step (10,000 headers cost seconds).
        _modify { yield &uniqueStorage().fields.body }
    }
    /// Per-request transport settings.
    public var options: RequestOptions {
        get { storage.fields.options }
        set { uniqueStorage().fields.options = newValue }
        // In place: `request.options.append/add(…)` in a loop would otherwise copy the whole
        // value at every step (10,000 headers cost seconds).
        _modify { yield &uniqueStorage().fields.options }
    }

    /// Who hears this exchange's ``ExchangeEvent``s as they happen (opt-in: `nil`, the default, costs
    /// the transport nothing). Not part of the request's identity: ignored by `==`, and cleared
    /// from the ``Response/request`` a response records.
    public var exchangeObserver: (any ExchangeObserver)? {
        get { storage.exchangeObserver }
        set { uniqueStorage().exchangeObserver = newValue }
    }

    /// Where the body goes as it arrives when the response is a stream (`text/event-stream`,
    /// NDJSON…; see ``ResponseStream``). Like the observer, not part of the request's identity.
    public var responseStream: ResponseStream? {
        get { storage.responseStream }
        set {
            // Nil where there is none (a request that does not stream) changes nothing: no copy.
            guard newValue != nil || storage.responseStream != nil else { return }
            uniqueStorage().responseStream = newValue
        }
    }

    /// Who else hears the start of a body that is not a stream, as it arrives (see ``BodyPreview``).
    /// Like the observer, not part of the request's identity.
    public var bodyPreview: BodyPreview? {
        get { storage.bodyPreview }
        set { uniqueStorage().bodyPreview = newValue }
    }

    /// A request to an absolute URL.
    public init(
        method: HTTPMethod = .get, url: URL, queryItems: [URLQueryItem] = [], headers: HTTPHeaders = HTTPHeaders(),
        body: RequestBody = .none, options: RequestOptions = RequestOptions()
    ) {
        storage = HTTPRequestStorage(
            HTTPRequestFields(
                method: method, target: .url(url), serverProvider: nil, queryItems: queryItems, headers: headers,
                body: body, options: options))
    }

    /// A request to `path` under `serverProvider`'s base URL. A path that is itself an absolute
    /// `http(s)://` URL is used as it is.
    public init(
        method: HTTPMethod = .get, path: String, serverProvider: (any ServerProvider)?,
        queryItems: [URLQueryItem] = [], headers: HTTPHeaders = HTTPHeaders(), body: RequestBody = .none,
        options: RequestOptions = RequestOptions()
    ) {
        storage = HTTPRequestStorage(
            HTTPRequestFields(
                method: method, target: .path(path), serverProvider: serverProvider, queryItems: queryItems,
                headers: headers, body: body, options: options))
    }

    /// The storage, copied first when another request shares it (copy-on-write).
    private mutating func uniqueStorage() -> HTTPRequestStorage {
        if !isKnownUniquelyReferenced(&storage) {
            let copy = HTTPRequestStorage(storage.fields)
            copy.exchangeObserver = storage.exchangeObserver
            copy.responseStream = storage.responseStream
            copy.bodyPreview = storage.bodyPreview
            storage = copy
        }
        return storage
    }

    /// Whether two requests share their storage (then they are equal without comparing fields).
    fileprivate func sharesStorage(with other: HTTPRequest) -> Bool {
        storage === other.storage
    }

    /// The full URL to send to: base URL, path and query joined and percent-encoded.
    public func url() throws(RequestError) -> URL {
        try URLSerializer.url(for: self)
    }

    /// Checks everything a transport would reject, so the failure is a clear ``RequestError`` instead
    /// of a transport error: the URL resolves, headers are well-formed, body files exist.
    /// Returns the resolved URL.
    @discardableResult
    public func validate() throws(RequestError) -> URL {
        let url = try url()
        try headers.validate()
        if body.streamsFromDisk {
            _ = try body.contentLength()
        }
        return url
    }
}

extension HTTPRequest {
    /// Sets the body and, unless the caller already chose one, the `Content-Type` the body implies.
    /// Multipart bodies always set it, because the boundary must match.
    public mutating func setBody(_ body: RequestBody) {
        self.body = body
        guard let contentType = body.defaultContentType else { return }
        if case .multipart = body {
            headers["Content-Type"] = contentType
        } else if !headers.contains("Content-Type") {
            headers["Content-Type"] = contentType
        }
    }

    /// Sets raw bytes as the body, with an optional `Content-Type`.
    public mutating func setBody(data: Data, contentType: String? = nil) {
        setBody(.bytes(data))
        if let contentType {
            headers["Content-Type"] = contentType
        }
    }

    /// Sets JSON text as the body (sent as written, even if it is not valid JSON: testing a server's
    /// error handling is a legitimate use).
    public mutating func setJSONBody(string: String) {
        setBody(.json(Data(string.utf8)))
    }

    /// Serializes a `JSONSerialization` object (dictionaries, arrays, strings, numbers, booleans, `NSNull`).
    public mutating func setJSONBody(jsonObject: Any, options: JSONSerialization.WritingOptions = [])
        throws(RequestError)
    {
        guard JSONSerialization.isValidJSONObject(jsonObject) else {
            throw .bodyEncodingFailed("the object holds a value JSON cannot represent")
        }
        do {
            setBody(.json(try JSONSerialization.data(withJSONObject: jsonObject, options: options)))
        } catch {
            throw .bodyEncodingFailed(error.localizedDescription)
        }
    }

    /// Encodes an `Encodable` value as the JSON body.
    public mutating func setJSONBody<Value: Encodable>(
        encodable: Value, encoder: JSONEncoder = JSONEncoder()
    ) throws(RequestError) {
        do {
            setBody(.json(try encoder.encode(encodable)))
        } catch {
            throw .bodyEncodingFailed("\(Value.self): \(error)")
        }
    }

    /// Sets an `application/x-www-form-urlencoded` body.
    public mutating func setFormBody(_ fields: [FormField]) {
        setBody(.formURLEncoded(fields))
    }

    /// Sets a `multipart/form-data` body; file parts are streamed when sent.
    public mutating func setMultipartBody(_ parts: [MultipartPart]) {
        setBody(.multipart(MultipartBody(parts: parts)))
    }

    /// Streams a file as the body.
    public mutating func setFileBody(path: String, contentType: String? = nil) {
        setBody(.file(path: path))
        if let contentType {
            headers["Content-Type"] = contentType
        } else if !headers.contains("Content-Type") {
            headers["Content-Type"] = RequestBody.guessedContentType(forPath: path)
        }
    }
}

extension HTTPRequest: Equatable {
    /// Requests are equal when everything that goes on the wire is equal and they resolve against the same
    /// provider instance.
    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.sharesStorage(with: rhs)
            || (lhs.method == rhs.method && lhs.target == rhs.target && lhs.queryItems == rhs.queryItems
                && lhs.headers == rhs.headers && lhs.body == rhs.body && lhs.options == rhs.options
                && lhs.serverProvider === rhs.serverProvider)
    }
}

/// A request's fields. ``HTTPRequest`` keeps them behind one reference (`HTTPRequestStorage`),
/// written only while that request holds the sole reference, so no two threads ever see a write.
private struct HTTPRequestFields: Sendable {
    var method: HTTPMethod
    var target: HTTPRequest.Target
    weak var serverProvider: (any ServerProvider)?
    var queryItems: [URLQueryItem]
    var headers: HTTPHeaders
    var body: RequestBody
    var options: RequestOptions
}

/// One class per value type on purpose: a shared generic box was measured slower (its deinit runs
/// unspecialised and its field accesses get run-time exclusivity checks from other modules — about
/// 2 k more instructions per request in `make bench-transport`).
private final class HTTPRequestStorage: @unchecked Sendable {
    var fields: HTTPRequestFields
    /// Beside the fields, and read without a run-time exclusivity check: every dispatch reads it
    /// (is anyone observing?), and a checked read of `fields` costs a `swift_beginAccess` per
    /// request that unobserved requests did not pay before. Written only through
    /// `uniqueStorage()`, like the fields.
    @exclusivity(unchecked) var exchangeObserver: (any ExchangeObserver)?
    /// Beside the fields for the same reason (read by every dispatch).
    @exclusivity(unchecked) var responseStream: ResponseStream?
    @exclusivity(unchecked) var bodyPreview: BodyPreview?
    init(_ fields: consuming HTTPRequestFields) { self.fields = fields }
}

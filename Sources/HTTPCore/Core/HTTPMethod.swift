/// An HTTP request method: one of the standard methods or any custom token (`PURGE`, `REPORT`).
///
/// Methods are case-sensitive tokens (RFC 9110 §9.1), so `get` and `GET` are different methods; the
/// standard ones are spelled in upper case. A custom method is validated once, when it is made,
/// so a transport never has to put a malformed method on the wire.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token exactly as it goes on the request line.
    public let rawValue: String

    /// Makes a method from a token; `nil` when `rawValue` is empty or holds a character a token
    /// cannot contain (spaces, separators, non-ASCII).
    public init?(rawValue: String) {
        guard HTTPToken.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Makes a method from a token, throwing ``RequestError/invalidMethod(_:)`` for a bad one.
    public init(token: String) throws(RequestError) {
        guard let method = HTTPMethod(rawValue: token) else { throw .invalidMethod(token) }
        self = method
    }

    private init(standard: String) {
        rawValue = standard
    }

    public var description: String { rawValue }

    /// `GET`: read a resource.
    public static let get = HTTPMethod(standard: "GET")
    /// `HEAD`: like GET, headers only.
    public static let head = HTTPMethod(standard: "HEAD")
    /// `POST`: submit data for processing.
    public static let post = HTTPMethod(standard: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(standard: "PUT")
    /// `PATCH`: partially update a resource.
    public static let patch = HTTPMethod(standard: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(standard: "DELETE")
    /// `OPTIONS`: ask what the server allows.
    public static let options = HTTPMethod(standard: "OPTIONS")
    /// `TRACE`: loop the request back (diagnostics).
    public static let trace = HTTPMethod(standard: "TRACE")
    /// `CONNECT`: open a tunnel (proxies).
    public static let connect = HTTPMethod(standard: "CONNECT")

    /// The methods RFC 9110 and RFC 5789 define, in the order a picker shows them.
    public static let standard: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .head, .options, .trace, .connect]

    /// Whether this is one of ``standard`` (a custom token such as `PURGE` is not).
    public var isStandard: Bool { Self.standard.contains(self) }

    /// Whether a request with this method normally carries no body (GET, HEAD, OPTIONS, TRACE).
    public var isBodyless: Bool {
        self == .get || self == .head || self == .options || self == .trace
    }
}

extension HTTPMethod: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let token = try container.decode(String.self)
        guard let method = HTTPMethod(rawValue: token) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(token)\" is not a valid HTTP method token")
        }
        self = method
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// An HTTP status code: any three-digit number, with names and reason phrases for the registered ones.
public struct StatusCode: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The status class, from the first digit.
    public enum Category: String, Hashable, Sendable, CaseIterable {
        case informational, success, redirection, clientError, serverError, nonStandard
    }

    /// The numeric code.
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: StatusCode, rhs: StatusCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The class this code belongs to (`nonStandard` outside 100–599).
    public var category: Category {
        switch rawValue {
        case 100...199: return .informational
        case 200...299: return .success
        case 300...399: return .redirection
        case 400...499: return .clientError
        case 500...599: return .serverError
        default: return .nonStandard
        }
    }

    /// Whether this is a 2xx.
    public var isSuccess: Bool { category == .success }

    /// The registered reason phrase (`Not Found`), or `nil` for an unregistered code.
    public var reasonPhrase: String? { Self.reasonPhrases[rawValue] }

    /// The reason phrase to show beside the code: the one the server `sent` (`200 Everything Is
    /// Fine` stays so), or the registered one where it sent none (HTTP/2, a mock answer, an old
    /// history entry); "" for an unregistered code.
    public func text(sent: String?) -> String {
        if let sent, !sent.isEmpty { return sent }
        return reasonPhrase ?? ""
    }

    /// Whether IANA's HTTP Status Code Registry lists this code (418 included, as every client knows it).
    public var isRegistered: Bool { Self.reasonPhrases[rawValue] != nil }

    /// `404 Not Found`, or just `299` for an unregistered code.
    public var description: String {
        reasonPhrase.map { "\(rawValue) \($0)" } ?? "\(rawValue)"
    }

    /// Every registered code, in order.
    public static var registered: [StatusCode] { reasonPhrases.keys.sorted().map(StatusCode.init(rawValue:)) }

    /// IANA HTTP Status Code Registry (RFC 9110 names), plus 418.
    static let reasonPhrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols", 102: "Processing", 103: "Early Hints",
        104: "Upload Resumption Supported",
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content", 207: "Multi-Status", 208: "Already Reported", 226: "IM Used",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
        413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
        417: "Expectation Failed", 418: "I'm a Teapot", 421: "Misdirected Request", 422: "Unprocessable Content",
        423: "Locked", 424: "Failed Dependency", 425: "Too Early", 426: "Upgrade Required",
        428: "Precondition Required", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
        451: "Unavailable For Legal Reasons",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported", 506: "Variant Also Negotiates",
        507: "Insufficient Storage", 508: "Loop Detected", 510: "Not Extended", 511: "Network Authentication Required",
    ]

    public static let ok = StatusCode(200)
    public static let created = StatusCode(201)
    public static let accepted = StatusCode(202)
    public static let noContent = StatusCode(204)
    public static let movedPermanently = StatusCode(301)
    public static let found = StatusCode(302)
    public static let seeOther = StatusCode(303)
    public static let notModified = StatusCode(304)
    public static let temporaryRedirect = StatusCode(307)
    public static let permanentRedirect = StatusCode(308)
    public static let badRequest = StatusCode(400)
    public static let unauthorized = StatusCode(401)
    public static let forbidden = StatusCode(403)
    public static let notFound = StatusCode(404)
    public static let methodNotAllowed = StatusCode(405)
    public static let conflict = StatusCode(409)
    public static let unprocessableContent = StatusCode(422)
    public static let tooManyRequests = StatusCode(429)
    public static let internalServerError = StatusCode(500)
    public static let notImplemented = StatusCode(501)
    public static let badGateway = StatusCode(502)
    public static let serviceUnavailable = StatusCode(503)
    public static let gatewayTimeout = StatusCode(504)
}

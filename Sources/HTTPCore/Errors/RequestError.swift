/// A request could not be built or sent as written; nothing went on the wire.
public enum RequestError: Error, Hashable, Sendable {
    /// The request has a relative path but no ``ServerProvider`` (never set, or already released).
    case missingServerProvider
    /// The ``ServerProvider`` has no base URL configured.
    case missingBaseURL
    /// The URL text is not a valid URL; `text` is the offending URL (shown with any password removed).
    case invalidURL(text: String, reason: String)
    /// The URL's scheme is not `http` or `https`.
    case unsupportedScheme(String)
    /// The method is not a valid token (empty, or contains spaces or separators).
    case invalidMethod(String)
    /// A header name is not a valid token.
    case invalidHeaderName(String)
    /// A header value contains CR, LF or NUL. The value itself is not kept: it may be a secret.
    case invalidHeaderValue(name: String)
    /// More header fields than a request carries (``HTTPHeaders/maximumCount``), or more bytes of
    /// them than libcurl puts in a request head (``HTTPHeaders/maximumBytes``).
    case tooManyHeaders(count: Int, bytes: Int)
    /// The body could not be encoded (for example a JSON object with a value JSON cannot hold).
    case bodyEncodingFailed(String)
    /// A file the body refers to does not exist.
    case bodyFileNotFound(path: String)
    /// A file the body refers to exists but cannot be read.
    case bodyFileUnreadable(path: String, reason: String)
    /// A ``RequestAdapter`` refused the request.
    case adapterFailed(String)
}

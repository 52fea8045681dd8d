public import Foundation

/// What a request carries after its headers.
///
/// In-memory kinds (bytes, JSON, form) are ready to send; file kinds (``file(path:)`` and
/// multipart bodies with file parts) are references, so the transport streams them from disk and
/// a 1 GB upload never sits in memory.
public enum RequestBody: Hashable, Sendable {
    /// No body.
    case none
    /// Raw bytes, sent as they are.
    case bytes(Data)
    /// JSON text, already encoded.
    case json(Data)
    /// `application/x-www-form-urlencoded` fields, encoded when sent.
    case formURLEncoded([FormField])
    /// `multipart/form-data` with text and file parts.
    case multipart(MultipartBody)
    /// The contents of a file, streamed by the transport.
    case file(path: String)

    /// The `Content-Type` this kind of body implies, or `nil` when it implies none (raw bytes, a
    /// file, no body). A file's type is a guess `setFileBody` makes (``guessedContentType(forPath:)``);
    /// a file body set with `setBody(.file(path:))` alone goes without one, as `curl -T` sends it.
    public var defaultContentType: String? {
        switch self {
        case .none, .bytes, .file:
            return nil
        case .json:
            return "application/json"
        case .formURLEncoded:
            return "application/x-www-form-urlencoded"
        case .multipart(let body):
            return body.contentType
        }
    }

    /// The media type a file's extension suggests (`application/octet-stream` when none does).
    public static func guessedContentType(forPath path: String) -> String {
        MediaTypes.guess(forPath: path)
    }

    /// Whether the transport must read a file to send this body.
    public var streamsFromDisk: Bool {
        switch self {
        case .file:
            return true
        case .multipart(let body):
            return body.hasFileParts
        case .none, .bytes, .json, .formURLEncoded:
            return false
        }
    }

    /// The encoded body when it lives in memory; `nil` for no body and for file-backed bodies.
    public var inMemoryData: Data? {
        switch self {
        case .none, .file:
            return nil
        case .bytes(let data), .json(let data):
            return data
        case .formURLEncoded(let fields):
            return Data(FormURLEncoding.encode(fields).utf8)
        case .multipart(let body):
            guard !body.hasFileParts else { return nil }
            return try? body.encodedData()
        }
    }

    /// The whole encoded body, reading files if needed. Meant for small bodies (mocks, previews);
    /// transports stream file bodies instead.
    public func encodedData() throws(RequestError) -> Data {
        switch self {
        case .none:
            return Data()
        case .bytes(let data), .json(let data):
            return data
        case .formURLEncoded(let fields):
            return Data(FormURLEncoding.encode(fields).utf8)
        case .multipart(let body):
            return try body.encodedData()
        case .file(let path):
            return try MultipartBody.readFile(path)
        }
    }

    /// The body's length in bytes (file sizes are read from disk).
    public func contentLength() throws(RequestError) -> Int64 {
        switch self {
        case .file(let path):
            return try MultipartBody.fileSize(path)
        case .multipart(let body):
            return try body.contentLength()
        default:
            return Int64(inMemoryData?.count ?? 0)
        }
    }
}

import Foundation
import HTTPCore

/// Everything the engine needs to run one exchange, in transport terms (no HTTPCore types), so the
/// engine can be tested on its own and the dispatcher stays a thin mapping.
///
/// Stored copy-on-write: a spec is copied on its way into a `CurlTransfer` (and kept by redirect
/// chains), and one reference is far cheaper to copy than two dozen fields of strings and arrays.
@dynamicMemberLookup
struct TransferSpec: Sendable {
    /// A run of an upload: literal bytes or a whole file (streamed from disk).
    enum UploadSegment: Sendable {
        case data(Data)
        case file(path: String)
    }

    /// What follows the headers.
    enum Body: Sendable {
        case none
        case bytes(Data)
        /// Streamed by the read callback: files are never loaded whole (file bodies, multipart with files).
        case stream([UploadSegment])
    }

    /// The HTTP version to ask libcurl for.
    enum Version: Sendable {
        case automatic
        case http10
        case http11
        case http2
        case http2PriorKnowledge
        case http3
    }

    /// Which `CURLOPT_HTTPAUTH` scheme the credentials are for.
    enum AuthenticationScheme: Sendable {
        case basic
        case digest
        case ntlm
        case negotiate
    }

    /// `CURLOPT_HTTPAUTH` with `CURLOPT_USERNAME`/`CURLOPT_PASSWORD`.
    struct Authentication: Sendable {
        var scheme: AuthenticationScheme
        var username: String
        var password: String
    }

    /// Every setting, as plain stored properties (what `CurlHandleShapeTests` enumerates).
    struct Fields: Sendable {
        var method = "GET"
        var url: String
        var headers: [(name: String, value: String)] = []
        /// Sent as `User-Agent` (`CURLOPT_USERAGENT`) when set; a `User-Agent` in `headers` wins.
        var userAgent: String?
        /// Headers libcurl would add on its own that this exchange must not send (e.g. a default Content-Type).
        var suppressedHeaders: [String] = []
        var body = Body.none
        var connectTimeoutMilliseconds: Int?
        var totalTimeoutMilliseconds: Int?
        var followRedirects = false
        var maxRedirects = 10
        var verifyTLS = true
        var caFile: String?
        var clientCertificate: String?
        var clientKey: String?
        var clientKeyPassphrase: String?
        var proxy: String?
        /// `CURLOPT_PROXY_CAINFO`: the CA bundle for an `https://` proxy's certificate.
        var proxyCAFile: String?
        /// Credentials for the server's challenge, in libcurl's terms.
        var authentication: Authentication?
        var version = Version.automatic
        var acceptCompression = true
        /// Bodies larger than this go to a temporary file instead of memory.
        var memoryLimit = 256 * 1024 * 1024
        /// When set, the body always goes to this file (downloads).
        var destination: URL?
        /// The body goes to a file even when small: `destination`, or a new temporary file.
        var alwaysToFile = false
        /// The caller's jar (`RequestOptions.cookieJar`): libcurl's own cookie engine stays off for
        /// this transfer, and `RedirectChain` sends the jar's cookies and stores `Set-Cookie` per hop.
        var cookieJar: CookieJar?
        /// Fed each chunk of a streamed body as it arrives (`HTTPRequest.responseStream`).
        var responseStream: ResponseStream?
        /// Fed the start of a body that is not a stream as it arrives (`HTTPRequest.bodyPreview`).
        var bodyPreview: BodyPreview?
    }

    /// The fields behind one reference, written only while a single spec holds it.
    /// One class per value type on purpose: a shared generic box was measured slower (its
    /// deinit runs unspecialised and its field accesses get run-time exclusivity checks from
    /// other modules — about 2 k more instructions per request in `make bench-transport`).
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: consuming Fields) { self.fields = fields }
    }

    private var storage: Storage

    init(url: String) {
        storage = Storage(Fields(url: url))
    }

    init(fields: consuming Fields) {
        storage = Storage(fields)
    }

    /// The storage, copied first when another spec shares it (copy-on-write).
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(storage.fields)
        }
        return storage
    }

    /// Every field of `Fields`, read and written as if it were the spec's own (`spec.url`,
    /// `spec.headers = …`); a write first makes the storage this spec's alone.
    subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { storage.fields[keyPath: field] }
        set { uniqueStorage().fields[keyPath: field] = newValue }
    }
}

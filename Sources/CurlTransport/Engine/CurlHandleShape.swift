/// What a plain transfer leaves configured on its easy handle, so the next transfer of the same
/// shape can reuse the handle without `curl_easy_reset`, setting again only its URL and its
/// per-transfer pointers (error buffer, callback data) — reusing handles with their options is
/// ordinary libcurl practice, and it saves the reset and some twenty options per request.
///
/// Only plain transfers have a shape: no body, no custom or suppressed headers, no credentials, no
/// redirect following, no file download, no h2c prior knowledge. Everything else — and any pair of
/// transfers whose shapes differ — goes through `curl_easy_reset` and a full configuration, so
/// nothing one request set can reach the next. `CurlHandleShapeTests` checks that the fields below
/// and the ones that rule a shape out cover every `TransferSpec` property.
///
/// It keeps the spec itself (one reference, the spec being copy-on-write) and compares the fields
/// above on demand, so making a shape per request copies no strings.
struct CurlHandleShape: Equatable, Sendable {
    private let spec: TransferSpec

    /// The `TransferSpec` properties this type accounts for: compared, ruled out when set, or not
    /// libcurl options at all (`url` is set for every transfer; `memoryLimit` and `alwaysToFile`
    /// only steer where the body goes, `responseStream` and `bodyPreview` who else hears it).
    static let accountedProperties: Set<String> = [
        "method", "userAgent", "connectTimeoutMilliseconds", "totalTimeoutMilliseconds", "maxRedirects", "verifyTLS",
        "caFile", "clientCertificate", "clientKey", "clientKeyPassphrase", "proxy", "proxyCAFile", "version",
        "acceptCompression", "body", "headers", "suppressedHeaders", "authentication", "followRedirects", "destination",
        "url", "memoryLimit", "alwaysToFile", "cookieJar",
        "responseStream", "bodyPreview",
    ]

    /// The shape of `spec`, or nil when it must start from a reset handle.
    init?(_ spec: TransferSpec) {
        guard case .none = spec.body, spec.headers.isEmpty, spec.suppressedHeaders.isEmpty,
            spec.authentication == nil, !spec.followRedirects, spec.destination == nil,
            spec.version != .http2PriorKnowledge, spec.cookieJar == nil
        else { return nil }
        self.spec = spec
    }

    static func == (lhs: CurlHandleShape, rhs: CurlHandleShape) -> Bool {
        let (lhs, rhs) = (lhs.spec, rhs.spec)
        return lhs.method == rhs.method && lhs.userAgent == rhs.userAgent
            && lhs.connectTimeoutMilliseconds == rhs.connectTimeoutMilliseconds
            && lhs.totalTimeoutMilliseconds == rhs.totalTimeoutMilliseconds && lhs.maxRedirects == rhs.maxRedirects
            && lhs.verifyTLS == rhs.verifyTLS && lhs.caFile == rhs.caFile
            && lhs.clientCertificate == rhs.clientCertificate && lhs.clientKey == rhs.clientKey
            && lhs.clientKeyPassphrase == rhs.clientKeyPassphrase && lhs.proxy == rhs.proxy
            && lhs.proxyCAFile == rhs.proxyCAFile && lhs.version == rhs.version
            && lhs.acceptCompression == rhs.acceptCompression
    }
}

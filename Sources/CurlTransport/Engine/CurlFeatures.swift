import CCurl

/// What the libcurl loaded at run time can do (from `curl_version_info`).
public struct CurlFeatures: Sendable, Hashable {
    /// libcurl's version, e.g. `7.88.1`.
    public var version: String
    /// The TLS library, e.g. `OpenSSL/3.0.11`, or empty without TLS.
    public var tlsLibrary: String
    /// HTTP/2 over TLS (ALPN) and h2c prior knowledge.
    public var http2: Bool
    /// HTTP/3 over QUIC.
    public var http3: Bool
    /// `br` content decoding.
    public var brotli: Bool
    /// `zstd` content decoding.
    public var zstd: Bool
    /// `gzip`/`deflate` content decoding.
    public var gzip: Bool
    /// IPv6 addresses.
    public var ipv6: Bool
    /// libcurl's version as `0xXXYYZZ` (major, minor, patch).
    public var versionNumber: Int

    init(_ info: ccurl_version) {
        version = info.version.map { String(cString: $0) } ?? ""
        tlsLibrary = info.ssl_version.map { String(cString: $0) } ?? ""
        http2 = info.http2 != 0
        http3 = info.http3 != 0
        brotli = info.brotli != 0
        zstd = info.zstd != 0
        gzip = info.libz != 0
        ipv6 = info.ipv6 != 0
        versionNumber = Int(info.version_number)
    }

    /// Whether reusing an HTTP/2 prior-knowledge (h2c) connection works. libcurl before 8.0.0
    /// fails the second request on such a connection ("Error in the HTTP2 framing layer", curl
    /// issue 10634), so the engine gives each h2c transfer its own connection there.
    var reusesPriorKnowledgeConnections: Bool { versionNumber >= 0x08_00_00 }

    /// The `Accept-Encoding` list of every encoding this libcurl decodes, in libcurl's own order
    /// (what `CURLOPT_ACCEPT_ENCODING` "" sends), or "" when it decodes none. Handing libcurl the
    /// finished list spares it rebuilding the text for every request.
    var acceptEncoding: String {
        guard gzip else { return "" }
        return (["deflate", "gzip"] + (brotli ? ["br"] : []) + (zstd ? ["zstd"] : [])).joined(separator: ", ")
    }

    /// The features of the libcurl this process loaded.
    public static var current: CurlFeatures { loaded }

    private static let loaded: CurlFeatures = {
        CurlGlobal.initialize()
        return CurlGlobal.features
    }()
}

/// Per-request transport settings. The defaults are the safe ones: TLS verified, redirects not
/// followed, no timeouts beyond the transport's own, compression accepted.
public struct RequestOptions: Hashable, Sendable {
    /// The longest the transport may spend establishing the connection (DNS, TCP, TLS); `nil` for the transport default.
    public var connectTimeout: Duration?
    /// The longest the whole exchange may take, body included; `nil` for no limit.
    public var totalTimeout: Duration?
    /// Whether 3xx responses with a `Location` are followed.
    public var followRedirects: Bool
    /// How many redirects are followed before failing with ``TransportError/Reason/tooManyRedirects``.
    public var maxRedirects: Int
    /// Whether the server's TLS certificate and host name are verified. Turning this off is "insecure mode".
    public var verifyTLS: Bool
    /// A CA bundle (PEM) to trust instead of the system's.
    public var caFile: String?
    /// A client certificate for mutual TLS.
    public var clientCertificate: ClientCertificate?
    /// A proxy URL (`http://`, `https://`, `socks5://`, `socks5h://`); `nil` uses the environment (`http_proxy`, …).
    public var proxy: String?
    /// A CA bundle (PEM) to trust for an `https://` proxy's own certificate instead of the system's.
    /// ``verifyTLS`` does not cover the proxy: its certificate is always verified.
    public var proxyCAFile: String?
    /// The HTTP version to ask for; `nil` lets the transport choose.
    public var httpVersion: HTTPVersion?
    /// Whether to send `Accept-Encoding` for every encoding the transport can decode and decode the body.
    public var acceptCompression: Bool
    /// Credentials the transport answers an authentication challenge with (Digest needs the
    /// server's nonce); `nil` sends none beyond the headers.
    public var authentication: HTTPAuthentication?
    /// The cookie jar this request reads its cookies from and stores the response's `Set-Cookie`
    /// in, on every redirect hop (see ``CookieJar``); `nil` leaves cookies to the transport (the
    /// curl transport's own jar, per dispatcher; none for `MockDispatcher`).
    public var cookieJar: CookieJar?

    public init(
        connectTimeout: Duration? = nil,
        totalTimeout: Duration? = nil,
        followRedirects: Bool = false,
        maxRedirects: Int = 10,
        verifyTLS: Bool = true,
        caFile: String? = nil,
        clientCertificate: ClientCertificate? = nil,
        proxy: String? = nil,
        httpVersion: HTTPVersion? = nil,
        acceptCompression: Bool = true,
        authentication: HTTPAuthentication? = nil,
        proxyCAFile: String? = nil,
        cookieJar: CookieJar? = nil
    ) {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.followRedirects = followRedirects
        self.maxRedirects = maxRedirects
        self.verifyTLS = verifyTLS
        self.caFile = caFile
        self.clientCertificate = clientCertificate
        self.proxy = proxy
        self.httpVersion = httpVersion
        self.acceptCompression = acceptCompression
        self.authentication = authentication
        self.proxyCAFile = proxyCAFile
        self.cookieJar = cookieJar
    }
}

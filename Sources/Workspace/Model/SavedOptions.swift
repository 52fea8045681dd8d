/// Per-request transfer options; `nil` means "the application's default".
package struct SavedOptions: Sendable, Equatable {
    package var timeoutSeconds: Double?
    package var connectTimeoutSeconds: Double?
    package var followRedirects: Bool?
    package var maxRedirects: Int?
    package var verifyTLS: Bool?
    /// A proxy URL (`http://`, `https://`, `socks5://`, `socks5h://`); may use variables.
    package var proxy: String?
    /// A PEM file of CA certificates to trust for HTTPS and `wss://` (a private CA), relative to
    /// the collection file; may use variables.
    package var caFile: String?
    /// A TLS client certificate (PEM; may hold its key too) for mutual TLS, relative to the
    /// collection file; may use variables. The key and passphrase below go with it
    /// (``ownsClientCertificate``).
    package var clientCertificate: String?
    /// The client certificate's private key (PEM), when it is not in the certificate file.
    package var clientKey: String?
    /// The key's passphrase: only `{{variable}}` references (a secret variable), never the
    /// passphrase itself, so a collection file, a draft or an export never holds it.
    package var clientKeyPassphrase: String?
    package var httpVersion: HTTPVersionChoice?
    package var unknownFields: [StoredJSON.Member]

    package init(
        timeoutSeconds: Double? = nil, connectTimeoutSeconds: Double? = nil, followRedirects: Bool? = nil,
        maxRedirects: Int? = nil, verifyTLS: Bool? = nil, proxy: String? = nil, caFile: String? = nil,
        clientCertificate: String? = nil, clientKey: String? = nil, clientKeyPassphrase: String? = nil,
        httpVersion: HTTPVersionChoice? = nil, unknownFields: [StoredJSON.Member] = []
    ) {
        self.timeoutSeconds = timeoutSeconds
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.followRedirects = followRedirects
        self.maxRedirects = maxRedirects
        self.verifyTLS = verifyTLS
        self.proxy = proxy
        self.caFile = caFile
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
        self.clientKeyPassphrase = clientKeyPassphrase
        self.httpVersion = httpVersion
        self.unknownFields = unknownFields
    }

    package var isEmpty: Bool { self == SavedOptions() }

    /// Whether redirects are followed when neither the request nor its collection says: yes, as
    /// Postman and Posting do, up to ``defaultMaxRedirects`` hops.
    package static let defaultFollowRedirects = true
    /// The hop limit when neither the request nor its collection sets `maxRedirects`.
    package static let defaultMaxRedirects = 10

    /// These options over `base` (a collection's): each field set here wins, an absent one is
    /// taken from `base`. Unknown fields stay this request's own.
    package func overlaid(on base: SavedOptions) -> SavedOptions {
        let certificate = ownsClientCertificate ? self : base
        return SavedOptions(
            timeoutSeconds: timeoutSeconds ?? base.timeoutSeconds,
            connectTimeoutSeconds: connectTimeoutSeconds ?? base.connectTimeoutSeconds,
            followRedirects: followRedirects ?? base.followRedirects, maxRedirects: maxRedirects ?? base.maxRedirects,
            verifyTLS: verifyTLS ?? base.verifyTLS, proxy: proxy ?? base.proxy, caFile: caFile ?? base.caFile,
            clientCertificate: certificate.clientCertificate, clientKey: certificate.clientKey,
            clientKeyPassphrase: certificate.clientKeyPassphrase, httpVersion: httpVersion ?? base.httpVersion,
            unknownFields: unknownFields)
    }

    /// Whether these options make their own client certificate choice. The certificate, its key
    /// and its passphrase are one choice: a request setting any of them takes none from its
    /// collection (never its own certificate with the collection's key).
    package var ownsClientCertificate: Bool {
        clientCertificate != nil || clientKey != nil || clientKeyPassphrase != nil
    }

    /// The HTTP version a request asks for (absent: HTTP/1.1, or HTTP/2 where TLS offers it).
    package enum HTTPVersionChoice: String, Sendable, CaseIterable {
        case http10 = "1.0"
        case http11 = "1.1"
        case http2 = "2"
        case http2PriorKnowledge = "2-prior-knowledge"
    }

    static let keys = [
        "timeoutSeconds", "connectTimeoutSeconds", "followRedirects", "maxRedirects", "verifyTLS", "proxy",
        "caFile", "clientCertificate", "clientKey", "clientKeyPassphrase", "httpVersion",
    ]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedOptions? {
        guard let fields = reader.object(node, at: path) else { return nil }
        return SavedOptions(
            timeoutSeconds: fields.seconds("timeoutSeconds"),
            connectTimeoutSeconds: fields.seconds("connectTimeoutSeconds"),
            followRedirects: fields.bool("followRedirects"),
            maxRedirects: fields.int("maxRedirects", in: 0...100),
            verifyTLS: fields.bool("verifyTLS"),
            proxy: fields.string("proxy"),
            caFile: fields.string("caFile"),
            clientCertificate: fields.string("clientCertificate"),
            clientKey: fields.string("clientKey"),
            clientKeyPassphrase: fields.string("clientKeyPassphrase"),
            httpVersion: fields.choice("httpVersion"),
            unknownFields: fields.unknownFields(known: keys))
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("timeoutSeconds", seconds: timeoutSeconds)
        object.add("connectTimeoutSeconds", seconds: connectTimeoutSeconds)
        object.add("followRedirects", followRedirects)
        object.add("maxRedirects", maxRedirects)
        object.add("verifyTLS", verifyTLS)
        object.add("proxy", proxy)
        object.add("caFile", caFile)
        object.add("clientCertificate", clientCertificate)
        object.add("clientKey", clientKey)
        object.add("clientKeyPassphrase", clientKeyPassphrase)
        object.add("httpVersion", httpVersion?.rawValue)
        object.append(unknown: unknownFields)
        return object.json
    }
}

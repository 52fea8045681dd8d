/// A saved request with every placeholder filled, ready to become an `HTTPRequest`.
///
/// It is plain data so the TUI can show exactly what will be sent (with secrets masked) and the
/// replay runner can report it, before any dispatcher is involved.
package struct ResolvedRequest: Sendable, Equatable {
    /// Where the request goes.
    package enum Target: Sendable, Equatable {
        /// A full URL written in the request (`https://…` after resolution).
        case absolute(String)
        /// A path (`/posts/1`) the environment's `ServerProvider` joins to its base URL.
        case path(String)
    }

    package enum Body: Sendable, Equatable {
        case none
        case bytes([UInt8], contentType: String?)
        case form([NameValue])
        case multipart([Part])
        /// An absolute path to a file to stream.
        case file(path: String, contentType: String?)
    }

    /// One resolved multipart part.
    package struct Part: Sendable, Equatable {
        package var name: String
        package var value: String?
        /// Absolute path for file parts.
        package var filePath: String?
        package var fileName: String?
        package var contentType: String?

        package init(name: String, value: String?, filePath: String?, fileName: String?, contentType: String?) {
            self.name = name
            self.value = value
            self.filePath = filePath
            self.fileName = fileName
            self.contentType = contentType
        }
    }

    package struct NameValue: Sendable, Equatable {
        package var name: String
        package var value: String

        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    package struct Credentials: Sendable, Equatable {
        package var username: String
        package var password: String

        package init(username: String, password: String) {
            self.username = username
            self.password = password
        }
    }

    /// AWS SigV4's resolved fields: the request is signed once it is an `HTTPRequest`
    /// (`RequestPreparer`), when every header it carries is known.
    package struct AWSSigning: Sendable, Equatable {
        package var accessKeyID: String
        package var secretAccessKey: String
        package var sessionToken: String
        package var region: String
        package var service: String
        package var unsignedPayload: Bool

        package init(
            accessKeyID: String, secretAccessKey: String, sessionToken: String, region: String, service: String,
            unsignedPayload: Bool
        ) {
            self.accessKeyID = accessKeyID
            self.secretAccessKey = secretAccessKey
            self.sessionToken = sessionToken
            self.region = region
            self.service = service
            self.unsignedPayload = unsignedPayload
        }
    }

    package var requestID: String
    package var method: RequestMethod
    package var target: Target
    package var query: [NameValue]
    package var headers: [NameValue]
    package var body: Body
    /// Digest needs the server's challenge, so the transport does it; the other schemes are already headers or query items.
    package var digestCredentials: Credentials?
    package var options: SavedOptions
    /// Set for `aws-sigv4` auth: signed after the `HTTPRequest` is built. Boxed: a resolved
    /// request is copied several times on its way to the send, and its five strings were retained
    /// at each copy of every signed request.
    @Boxed package var awsSigning: AWSSigning? = nil
    /// Set for `oauth2` auth: the token is fetched (or taken from the cache) when the request is sent.
    package var oauth: OAuthSettings?
    /// Set for `command` auth (its header and prefix resolved): `RequestPreparer` adds the token,
    /// cached or fetched first, as that header.
    package var commandAuth: CommandAuth?
    /// Set for `jwt` auth: `RequestPreparer` signs the token at the time of the send.
    package var jwt: JWTSigning?
    /// Set for `ntlm` and `negotiate` auth: the transport answers the server's challenge.
    package var challengeAuth: ChallengeAuth?
    /// A GraphQL subscription's `connection_init` payload as JSON text, placeholders filled.
    package var connectionInit: String?
    /// A WebSocket request's saved messages, placeholders filled (a `file`'s path too). With
    /// steps, a message is filled again when its step sends it (`WebSocketMessageResolver`), with
    /// what earlier steps captured.
    package var webSocketMessages: [WebSocketSavedMessage]?
    /// Whether a dynamic value new at each send (`{{$uuid}}`, `{{$timestamp}}`…) went in.
    package var usesFreshValues = false

    /// Auth the transport does after a `401` challenge, beside Digest.
    package enum ChallengeAuth: Sendable, Equatable {
        /// `username` already `DOMAIN\user` when a domain is set.
        case ntlm(username: String, password: String)
        case negotiate
    }

    /// `jwt` auth resolved: placeholders filled in the secret, the claims' strings and where the
    /// token goes; the key file's path made absolute.
    package struct JWTSigning: Sendable, Equatable {
        package var algorithm: JWTAuth.Algorithm
        package var secret: String
        package var privateKeyFile: String
        package var claims: StoredJSON
        package var lifetimeSeconds: Double
        package var keyID: String
        package var header: String
        package var prefix: String
    }
    /// Secret values that appear in this request (and derived forms such as the Basic credential);
    /// hand them to a `Redactor` before displaying or recording anything.
    package var secretValues: Set<String>
    /// The secret variable each value of `secretValues` came from (a derived form such as the
    /// Basic credential has none).
    package var secretNames: [String: String] = [:]
    /// Secret variables this request uses that have no value: sent (or exported) as nothing.
    package var emptySecrets: [String] = []

    /// The URL text for display: the absolute URL, or the path joined to `baseURL`, plus the query.
    package func displayURL(baseURL: String?) -> String {
        var url: String
        switch target {
        case .absolute(let text): url = text
        case .path(let path):
            let base = baseURL ?? ""
            url = base.hasSuffix("/") && path.hasPrefix("/") ? String(base.dropLast()) + path : base + path
        }
        let items = query.map { PercentEncoding.encodeQuery($0.name) + "=" + PercentEncoding.encodeQuery($0.value) }
        if !items.isEmpty { url += (url.contains("?") ? "&" : "?") + items.joined(separator: "&") }
        return url
    }
}

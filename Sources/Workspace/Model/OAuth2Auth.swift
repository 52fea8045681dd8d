/// The fields of `"type": "oauth2"` auth: which grant gets the token, where the provider's
/// endpoints are (written, or found from an OpenID Connect `issuer`), the client, and where the
/// token goes on the request. Every text may hold `{{placeholders}}`; the client secret, a
/// password and a refresh token belong in secret variables (a literal one is warned about).
/// Tokens themselves are never written here: they live in the token cache
/// (`OAuthTokenStore`, beside the secrets file).
package struct OAuth2Auth: Sendable, Equatable {
    package enum Grant: String, Sendable, CaseIterable {
        case clientCredentials = "client_credentials"
        /// Always with PKCE (S256) and a loopback redirect (RFC 8252): needs a person.
        case authorizationCode = "authorization_code"
        /// RFC 8628: a person approves on another device.
        case deviceCode = "device_code"
        /// Legacy (the resource owner's password goes to the client); kept for old providers.
        case password
        /// A refresh token given in the file (from another tool) is exchanged for access tokens.
        case refreshToken = "refresh_token"

        /// Whether the grant needs a person at a browser (never possible in `lazer run`).
        package var needsPerson: Bool { self == .authorizationCode || self == .deviceCode }
    }

    /// How the client proves who it is at the token endpoint.
    package enum ClientAuthentication: String, Sendable, CaseIterable {
        /// `Authorization: Basic` (RFC 6749 §2.3.1, the default).
        case basic
        /// `client_id` and `client_secret` in the form body.
        case body
        /// RFC 7523 §2.2 / OpenID Connect Core §9: a JWT signed with the client's private key
        /// (`client_assertion`), fresh for each token request; no secret is sent.
        case privateKeyJWT = "private_key_jwt"

        /// The name OpenID Connect discovery lists it by (`token_endpoint_auth_methods_supported`);
        /// a client without a secret authenticates with `none`.
        package func methodName(hasSecret: Bool) -> String {
            switch self {
            case .privateKeyJWT: "private_key_jwt"
            case _ where !hasSecret: "none"
            case .basic: "client_secret_basic"
            case .body: "client_secret_post"
            }
        }
    }

    /// How `private_key_jwt`'s assertion is signed.
    package enum AssertionAlgorithm: String, Sendable, CaseIterable {
        case rs256 = "RS256"
        case es256 = "ES256"
        case ps256 = "PS256"
    }

    /// Where the access token travels.
    package enum Placement: String, Sendable, CaseIterable {
        case header, query
    }

    package var grant: Grant
    /// An OpenID Connect issuer: its `/.well-known/openid-configuration` fills the URLs left empty.
    package var issuer: String = ""
    package var tokenURL: String = ""
    package var authorizationURL: String = ""
    package var deviceAuthorizationURL: String = ""
    package var clientID: String = ""
    package var clientSecret: String = ""
    package var clientAuthentication: ClientAuthentication = .basic
    /// `private_key_jwt`: the PEM private key (usually a secret variable's reference) or a PEM
    /// file relative to the collection file's folder, the assertion's algorithm and its `kid`.
    package var privateKey: String = ""
    package var privateKeyFile: String = ""
    package var assertionAlgorithm: AssertionAlgorithm = .rs256
    package var keyID: String = ""
    /// Space-separated, as OAuth writes them.
    package var scope: String = ""
    package var audience: String = ""
    package var resource: String = ""
    /// The resource owner's, for the password grant.
    package var username: String = ""
    package var password: String = ""
    /// For the refresh_token grant.
    package var refreshToken: String = ""
    /// More form fields for the token (and authorization) request, in order.
    package var parameters: [KeyValueRow] = []
    package var placement: Placement = .header
    /// `Authorization: <prefix> <token>`; "Bearer" unless set.
    package var headerPrefix: String = "Bearer"
    /// The query parameter's name when `placement` is `query`.
    package var queryParameter: String = "access_token"
    /// The loopback redirect listener's port (authorization code); nil picks a free one.
    package var redirectPort: Int?

    package init(grant: Grant) {
        self.grant = grant
    }

    static let keys = [
        "type", "grant", "issuer", "tokenUrl", "authorizationUrl", "deviceAuthorizationUrl", "clientId",
        "clientSecret", "clientAuthentication", "scope", "audience", "resource", "username", "password",
        "refreshToken", "parameters", "tokenIn", "headerPrefix", "queryParameter", "redirectPort",
        "privateKey", "privateKeyFile", "assertionAlgorithm", "keyId",
    ]

    /// The fields that must not be written as literals.
    private static let secretKeys = ["clientSecret", "password", "refreshToken", "privateKey"]

    static func read(_ fields: ObjectFields) -> OAuth2Auth? {
        guard let grant: Grant = fields.choice("grant", required: true) else { return nil }
        var auth = OAuth2Auth(grant: grant)
        auth.issuer = fields.string("issuer") ?? ""
        auth.tokenURL = fields.string("tokenUrl") ?? ""
        auth.authorizationURL = fields.string("authorizationUrl") ?? ""
        auth.deviceAuthorizationURL = fields.string("deviceAuthorizationUrl") ?? ""
        auth.clientID = fields.string("clientId") ?? ""
        auth.clientSecret = fields.string("clientSecret") ?? ""
        auth.clientAuthentication = fields.choice("clientAuthentication") ?? .basic
        auth.privateKey = fields.string("privateKey") ?? ""
        auth.privateKeyFile = fields.string("privateKeyFile") ?? ""
        auth.assertionAlgorithm = fields.choice("assertionAlgorithm") ?? .rs256
        auth.keyID = fields.string("keyId") ?? ""
        auth.scope = fields.string("scope") ?? ""
        auth.audience = fields.string("audience") ?? ""
        auth.resource = fields.string("resource") ?? ""
        auth.username = fields.string("username") ?? ""
        auth.password = fields.string("password") ?? ""
        auth.refreshToken = fields.string("refreshToken") ?? ""
        auth.parameters = fields.array("parameters") { node, path in KeyValueRow.read(node, path, fields.reader) }
        auth.placement = fields.choice("tokenIn") ?? .header
        auth.headerPrefix = fields.string("headerPrefix") ?? "Bearer"
        auth.queryParameter = fields.string("queryParameter") ?? "access_token"
        auth.redirectPort = fields.int("redirectPort", in: 1...65535)
        let problems = auth.missingFields
        for problem in problems {
            fields.reader.report(.error, "oauth2 auth: \(problem)", at: fields.offset, path: fields.path)
        }
        for key in secretKeys {
            guard let text = fields.string(key), !text.isEmpty, !text.contains("{{") else { continue }
            fields.reader.report(
                .warning, "the \(key) is written in the file: put it in a secret variable and write {{name}} here",
                at: fields.node(key)?.offset ?? fields.offset, path: fields.path.appending(key))
        }
        if auth.clientAuthentication == .privateKeyJWT, !auth.clientSecret.isEmpty {
            fields.reader.report(
                .warning, "the clientSecret is not sent with private_key_jwt (the signed assertion stands for it)",
                at: fields.node("clientSecret")?.offset ?? fields.offset, path: fields.path.appending("clientSecret"))
        }
        return problems.isEmpty ? auth : nil
    }

    /// What this grant needs and the file does not say (an issuer stands for the endpoint URLs).
    package var missingFields: [String] {
        var missing: [String] = []
        if clientID.isEmpty { missing.append("needs a clientId") }
        if clientAuthentication == .privateKeyJWT, privateKey.isEmpty, privateKeyFile.isEmpty {
            missing.append(
                "clientAuthentication private_key_jwt needs a privateKeyFile (a PEM file) or a privateKey "
                    + "(such as \"{{clientKey}}\", a secret variable holding the PEM key)")
        }
        let discovers = !issuer.isEmpty
        if tokenURL.isEmpty, !discovers { missing.append("needs a tokenUrl or an issuer") }
        switch grant {
        case .authorizationCode where authorizationURL.isEmpty && !discovers:
            missing.append("the authorization_code grant needs an authorizationUrl or an issuer")
        case .deviceCode where deviceAuthorizationURL.isEmpty && !discovers:
            missing.append("the device_code grant needs a deviceAuthorizationUrl or an issuer")
        case .password where username.isEmpty:
            missing.append("the password grant needs a username")
        case .refreshToken where refreshToken.isEmpty:
            missing.append("the refresh_token grant needs a refreshToken")
        default: break
        }
        return missing
    }

    func write(into object: inout ObjectBuilder) {
        object.add("grant", grant.rawValue)
        for (key, value) in [
            ("issuer", issuer), ("tokenUrl", tokenURL), ("authorizationUrl", authorizationURL),
            ("deviceAuthorizationUrl", deviceAuthorizationURL), ("clientId", clientID), ("clientSecret", clientSecret),
        ] where !value.isEmpty {
            object.add(key, value)
        }
        if clientAuthentication != .basic { object.add("clientAuthentication", clientAuthentication.rawValue) }
        for (key, value) in [("privateKey", privateKey), ("privateKeyFile", privateKeyFile)] where !value.isEmpty {
            object.add(key, value)
        }
        if assertionAlgorithm != .rs256 { object.add("assertionAlgorithm", assertionAlgorithm.rawValue) }
        if !keyID.isEmpty { object.add("keyId", keyID) }
        for (key, value) in [
            ("scope", scope), ("audience", audience), ("resource", resource), ("username", username),
            ("password", password), ("refreshToken", refreshToken),
        ] where !value.isEmpty {
            object.add(key, value)
        }
        object.add("parameters", list: parameters.map(\.stored))
        if placement != .header { object.add("tokenIn", placement.rawValue) }
        if headerPrefix != "Bearer" { object.add("headerPrefix", headerPrefix) }
        if queryParameter != "access_token" { object.add("queryParameter", queryParameter) }
        object.add("redirectPort", redirectPort)
    }
}

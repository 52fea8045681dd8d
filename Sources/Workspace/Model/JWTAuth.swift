/// The fields of `"type": "jwt"` auth: a JSON Web Token signed locally at each send (HS256 with a
/// shared secret, RS256 or ES256 with a private key in PEM), sent as a bearer token. Its claims
/// take `{{placeholders}}` in their strings; `iat` and `exp` (now + `lifetimeSeconds`) are added
/// unless the claims set them. The key belongs in a secret variable or a file beside the
/// collection, never written in clear (a literal secret is warned about).
package struct JWTAuth: Sendable, Equatable {
    package enum Algorithm: String, Sendable, CaseIterable {
        case hs256 = "HS256"
        case rs256 = "RS256"
        case es256 = "ES256"
    }

    package var algorithm: Algorithm
    /// HS256's shared secret, or a PEM private key (usually a secret variable's reference).
    package var secret: String
    /// A PEM private key file, relative to the collection file's folder; empty for none.
    package var privateKeyFile: String
    /// The claims, an object.
    package var claims: StoredJSON
    package var lifetimeSeconds: Double
    /// The header's `kid`; empty for none.
    package var keyID: String
    package var header: String
    package var prefix: String

    package static let defaultLifetimeSeconds = 300.0

    package init(
        algorithm: Algorithm = .hs256, secret: String = "", privateKeyFile: String = "",
        claims: StoredJSON = .object([]), lifetimeSeconds: Double = defaultLifetimeSeconds, keyID: String = "",
        header: String = CommandAuth.defaultHeader, prefix: String = CommandAuth.defaultPrefix
    ) {
        self.algorithm = algorithm
        self.secret = secret
        self.privateKeyFile = privateKeyFile
        self.claims = claims
        self.lifetimeSeconds = lifetimeSeconds
        self.keyID = keyID
        self.header = header
        self.prefix = prefix
    }

    static let keys = [
        "type", "algorithm", "secret", "privateKeyFile", "claims", "lifetimeSeconds", "keyId", "header", "prefix",
    ]

    static func read(_ fields: ObjectFields) -> JWTAuth? {
        guard let algorithm: Algorithm = fields.choice("algorithm", required: true) else { return nil }
        let secret = fields.string("secret") ?? ""
        let file = fields.string("privateKeyFile") ?? ""
        func report(_ message: String, _ key: String) {
            fields.reader.report(
                .error, message, at: fields.node(key)?.offset ?? fields.offset, path: fields.path.appending(key))
        }
        if algorithm == .hs256, secret.isEmpty {
            report("jwt auth with HS256 needs a secret (such as \"{{jwtSecret}}\", a secret variable)", "secret")
            return nil
        }
        if algorithm != .hs256, secret.isEmpty, file.isEmpty {
            report(
                "jwt auth with \(algorithm.rawValue) needs a privateKeyFile (a PEM file) or a secret holding the PEM key",
                "privateKeyFile")
            return nil
        }
        if !secret.isEmpty, !secret.contains("{{") {
            fields.reader.report(
                .warning, "the JWT's key is written in the file: put it in a secret variable and write {{name}} here",
                at: fields.node("secret")?.offset ?? fields.offset, path: fields.path.appending("secret"))
        }
        let claims = fields.json("claims") ?? .object([])
        guard case .object = claims else {
            report("the claims must be a JSON object, such as {\"sub\": \"{{user}}\"}", "claims")
            return nil
        }
        let header = fields.string("header") ?? CommandAuth.defaultHeader
        if header.isEmpty || header.contains(where: { $0 == ":" || $0 == " " || $0 == "\n" || $0 == "\r" }) {
            report("the header must be a header name (such as \"Authorization\"); found \"\(header)\"", "header")
            return nil
        }
        return JWTAuth(
            algorithm: algorithm, secret: secret, privateKeyFile: file, claims: claims,
            lifetimeSeconds: fields.seconds("lifetimeSeconds") ?? defaultLifetimeSeconds,
            keyID: fields.string("keyId") ?? "", header: header,
            prefix: fields.string("prefix") ?? CommandAuth.defaultPrefix)
    }

    func write(into object: inout ObjectBuilder) {
        object.add("algorithm", algorithm.rawValue)
        if !secret.isEmpty { object.add("secret", secret) }
        if !privateKeyFile.isEmpty { object.add("privateKeyFile", privateKeyFile) }
        if claims != .object([]) { object.add("claims", claims) }
        if lifetimeSeconds != Self.defaultLifetimeSeconds { object.add("lifetimeSeconds", seconds: lifetimeSeconds) }
        if !keyID.isEmpty { object.add("keyId", keyID) }
        if header != CommandAuth.defaultHeader { object.add("header", header) }
        if prefix != CommandAuth.defaultPrefix { object.add("prefix", prefix) }
    }
}

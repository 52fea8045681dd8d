/// How a saved request authenticates. Credentials are usually `{{variables}}` marked secret.
/// A request inherits the auth of its nearest folder that sets one, else its collection's (as
/// Postman's "inherit auth from parent"); see `RequestCollection+Auth.swift`.
package struct SavedAuth: Sendable, Equatable {
    /// The schemes with many settings are `indirect` (boxed): every saved request holds a
    /// scheme, and inline they made each one 336 bytes (a million-request collection, a third of a GB).
    package enum Scheme: Sendable, Equatable {
        /// The parent's auth (a request without `auth` in its file); `none` sends none, whatever
        /// the parents set.
        case inherit
        case none
        case basic(username: String, password: String)
        case bearer(token: String)
        case apiKey(name: String, value: String, location: APIKeyLocation)
        case digest(username: String, password: String)
        /// AWS Signature Version 4, computed when the request is sent.
        indirect case awsSigV4(AWSSigV4Auth)
        /// OAuth 2.0: a token fetched (and cached, refreshed) when the request is sent.
        indirect case oauth2(OAuth2Auth)
        /// A token printed by a shell command (trusted collections only), sent in a header.
        indirect case command(CommandAuth)
        /// A JSON Web Token signed locally at each send, sent as a bearer token.
        indirect case jwt(JWTAuth)
        /// NTLM, answered by the transport (libcurl) after the server's `401` challenge.
        indirect case ntlm(NTLMAuth)
        /// SPNEGO / Kerberos (`Negotiate`), answered by the transport with the user's ticket (`kinit`).
        case negotiate
    }

    /// Where an API key travels.
    package enum APIKeyLocation: String, Sendable, CaseIterable {
        case header, query
    }

    package enum Kind: String, Sendable, CaseIterable {
        case inherit, none, basic, bearer, apiKey, digest
        case awsSigV4 = "aws-sigv4"
        case oauth2
        case command
        case jwt, ntlm, negotiate
    }

    package var scheme: Scheme
    package var unknownFields: [StoredJSON.Member]

    package init(_ scheme: Scheme, unknownFields: [StoredJSON.Member] = []) {
        self.scheme = scheme
        self.unknownFields = unknownFields
    }

    /// The fields each scheme uses; any other field is kept as unknown.
    static func keys(for kind: Kind?) -> [String] {
        switch kind {
        case .inherit?, .none?, nil: ["type"]
        case .basic?, .digest?: ["type", "username", "password"]
        case .bearer?: ["type", "token"]
        case .apiKey?: ["type", "name", "value", "in"]
        case .awsSigV4?: AWSSigV4Auth.keys
        case .oauth2?: OAuth2Auth.keys
        case .command?: CommandAuth.keys
        case .jwt?: JWTAuth.keys
        case .ntlm?: ["type", "username", "password", "domain"]
        case .negotiate?: ["type"]
        }
    }

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedAuth? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let kind: Kind? = fields.choice("type", required: true)
        let unknown = fields.unknownFields(known: keys(for: kind))
        switch kind {
        case .inherit?:
            return SavedAuth(.inherit, unknownFields: unknown)
        case .none?:
            return SavedAuth(.none, unknownFields: unknown)
        case .basic?, .digest?:
            let username = fields.string("username", required: true)
            let password = fields.string("password") ?? ""
            guard let username else { return nil }
            let scheme: Scheme =
                kind == .basic
                ? .basic(username: username, password: password) : .digest(username: username, password: password)
            return SavedAuth(scheme, unknownFields: unknown)
        case .bearer?:
            guard let token = fields.string("token", required: true) else { return nil }
            return SavedAuth(.bearer(token: token), unknownFields: unknown)
        case .apiKey?:
            let name = fields.string("name", required: true)
            let value = fields.string("value", required: true)
            let location: APIKeyLocation? = fields.choice("in", required: true)
            guard let name, let value, let location else { return nil }
            return SavedAuth(.apiKey(name: name, value: value, location: location), unknownFields: unknown)
        case .awsSigV4?:
            guard let aws = AWSSigV4Auth.read(fields) else { return nil }
            return SavedAuth(.awsSigV4(aws), unknownFields: unknown)
        case .oauth2?:
            guard let oauth = OAuth2Auth.read(fields) else { return nil }
            return SavedAuth(.oauth2(oauth), unknownFields: unknown)
        case .command?:
            guard let command = CommandAuth.read(fields) else { return nil }
            return SavedAuth(.command(command), unknownFields: unknown)
        case .jwt?:
            guard let jwt = JWTAuth.read(fields) else { return nil }
            return SavedAuth(.jwt(jwt), unknownFields: unknown)
        case .ntlm?:
            guard let username = fields.string("username", required: true) else { return nil }
            let ntlm = NTLMAuth(
                username: username, password: fields.string("password") ?? "", domain: fields.string("domain") ?? "")
            return SavedAuth(.ntlm(ntlm), unknownFields: unknown)
        case .negotiate?:
            return SavedAuth(.negotiate, unknownFields: unknown)
        case nil:
            return nil
        }
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        switch scheme {
        case .inherit:
            object.add("type", Kind.inherit.rawValue)
        case .none:
            object.add("type", Kind.none.rawValue)
        case .basic(let username, let password):
            object.add("type", Kind.basic.rawValue)
            object.add("username", username)
            object.add("password", password)
        case .digest(let username, let password):
            object.add("type", Kind.digest.rawValue)
            object.add("username", username)
            object.add("password", password)
        case .bearer(let token):
            object.add("type", Kind.bearer.rawValue)
            object.add("token", token)
        case .apiKey(let name, let value, let location):
            object.add("type", Kind.apiKey.rawValue)
            object.add("name", name)
            object.add("value", value)
            object.add("in", location.rawValue)
        case .awsSigV4(let aws):
            object.add("type", Kind.awsSigV4.rawValue)
            aws.write(into: &object)
        case .oauth2(let oauth):
            object.add("type", Kind.oauth2.rawValue)
            oauth.write(into: &object)
        case .command(let command):
            object.add("type", Kind.command.rawValue)
            command.write(into: &object)
        case .jwt(let jwt):
            object.add("type", Kind.jwt.rawValue)
            jwt.write(into: &object)
        case .ntlm(let ntlm):
            object.add("type", Kind.ntlm.rawValue)
            object.add("username", ntlm.username)
            object.add("password", ntlm.password)
            if !ntlm.domain.isEmpty { object.add("domain", ntlm.domain) }
        case .negotiate:
            object.add("type", Kind.negotiate.rawValue)
        }
        object.append(unknown: unknownFields)
        return object.json
    }

    /// The auth as written in a file: absent when it inherits (a request's default, and a folder
    /// or collection that sets none of its own).
    var storedUnlessInherited: StoredJSON? {
        scheme == .inherit && unknownFields.isEmpty ? nil : stored
    }
}

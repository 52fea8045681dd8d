import Workspace

/// One line saying what an auth is, secrets masked (a `{{variable}}` shows as written): how the
/// Auth tab says what an inheriting request is sent with.
enum AuthSummary {
    static func text(_ auth: SavedAuth) -> String {
        let shown = FormRow.masked
        switch auth.scheme {
        case .inherit, .none: return "none"
        case .basic(let username, let password): return "basic \(username) / \(shown(password))"
        case .digest(let username, let password): return "digest \(username) / \(shown(password))"
        case .bearer(let token): return "bearer \(shown(token))"
        case .apiKey(let name, let value, let location):
            return "api key \(name) = \(shown(value)) in \(location.rawValue)"
        case .awsSigV4(let aws):
            let token = aws.sessionToken.isEmpty ? "" : " + session token"
            return "aws-sigv4 \(aws.region)/\(aws.service) \(aws.accessKeyID) / \(shown(aws.secretAccessKey))\(token)"
        case .oauth2(let oauth):
            let scope = oauth.scope.isEmpty ? "" : " scope \(oauth.scope)"
            return "oauth2 \(oauth.grant.rawValue) \(oauth.clientID)\(scope)"
        case .command(let command):
            return "command $ \(command.command) → \(command.header): \(command.prefix)…"
        case .jwt(let jwt):
            let key = jwt.privateKeyFile.isEmpty ? shown(jwt.secret) : jwt.privateKeyFile
            return "jwt \(jwt.algorithm.rawValue) \(key) \(jwt.claims.compact())"
        case .ntlm(let ntlm):
            return "ntlm \(ntlm.domain.isEmpty ? "" : ntlm.domain + "\\")\(ntlm.username) / \(shown(ntlm.password))"
        case .negotiate:
            return "negotiate (your Kerberos ticket)"
        }
    }

    /// `private_key_jwt PS256 keys/svc.pem kid 2026-12`: how an oauth2 client signs its
    /// assertion (a key given as text masked); nil for the other client authentications.
    static func clientKey(_ oauth: OAuth2Auth) -> String? {
        guard oauth.clientAuthentication == .privateKeyJWT else { return nil }
        let key = oauth.privateKeyFile.isEmpty ? FormRow.masked(oauth.privateKey) : oauth.privateKeyFile
        return "private_key_jwt \(oauth.assertionAlgorithm.rawValue) \(key)"
            + (oauth.keyID.isEmpty ? "" : " kid \(oauth.keyID)")
    }
}

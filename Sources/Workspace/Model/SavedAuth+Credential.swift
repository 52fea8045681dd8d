extension SavedAuth.Scheme {
    /// The scheme's credential (a password, a token, an API key value, a secret key) and the name
    /// a secret variable holding it is given; nil for schemes without one.
    package var credential: (text: String, secretName: String)? {
        switch self {
        case .basic(_, let password), .digest(_, let password): (password, "password")
        case .bearer(let token): (token, "token")
        case .apiKey(_, let value, _): (value, "apiKey")
        case .awsSigV4(let aws): (aws.secretAccessKey, "awsSecretAccessKey")
        case .ntlm(let ntlm): (ntlm.password, "password")
        case .jwt(let jwt): (jwt.secret, "jwtSecret")
        case .oauth2, .none, .inherit, .command, .negotiate: nil
        }
    }

    /// The scheme with its credential set to `text` (unchanged when it has none).
    package func replacingCredential(with text: String) -> SavedAuth.Scheme {
        switch self {
        case .basic(let username, _): return .basic(username: username, password: text)
        case .digest(let username, _): return .digest(username: username, password: text)
        case .bearer: return .bearer(token: text)
        case .apiKey(let name, _, let location): return .apiKey(name: name, value: text, location: location)
        case .ntlm(var ntlm):
            ntlm.password = text
            return .ntlm(ntlm)
        case .jwt(var jwt):
            jwt.secret = text
            return .jwt(jwt)
        case .awsSigV4(var aws):
            aws.secretAccessKey = text
            return .awsSigV4(aws)
        case .oauth2, .none, .inherit, .command, .negotiate: return self
        }
    }

    /// The scheme's secrets beyond `credential`, each with the name a secret variable holding it is
    /// given: an OAuth client secret and a password grant's password, an AWS session token (an
    /// import kept them in clear while it moved the credential).
    package var otherCredentials: [(text: String, secretName: String)] {
        switch self {
        case .oauth2(let oauth): [(oauth.clientSecret, "clientSecret"), (oauth.password, "password")]
        case .awsSigV4(let aws): [(aws.sessionToken, "awsSessionToken")]
        default: []
        }
    }

    /// The scheme with its `otherCredentials[index]` set to `text`.
    package func replacingOtherCredential(at index: Int, with text: String) -> SavedAuth.Scheme {
        switch self {
        case .oauth2(var oauth):
            if index == 0 { oauth.clientSecret = text } else { oauth.password = text }
            return .oauth2(oauth)
        case .awsSigV4(var aws):
            aws.sessionToken = text
            return .awsSigV4(aws)
        default: return self
        }
    }
}

import Workspace

/// Postman's `oauth2` auth parameters in Lazer's terms and back. Postman stores a fetched
/// `accessToken` in the collection; Lazer fetches its own and never writes one, so that
/// parameter is left behind in both directions.
enum PostmanOAuth2 {
    /// Postman's `grant_type` names for Lazer's grants.
    private static let grantNames: [(String, OAuth2Auth.Grant)] = [
        ("client_credentials", .clientCredentials), ("authorization_code_with_pkce", .authorizationCode),
        ("authorization_code", .authorizationCode), ("password_credentials", .password),
    ]

    /// What a Postman oauth2 auth becomes: the auth, or what Lazer does not run (the implicit grant).
    enum Reading {
        case auth(OAuth2Auth)
        case unsupported(String)
    }

    /// The auth `parameter` describes.
    static func read(_ parameter: (String) -> String?) -> Reading {
        let name = parameter("grant_type") ?? "authorization_code"
        guard let grant = grantNames.first(where: { $0.0 == name })?.1 else {
            return .unsupported("OAuth 2.0 grant \"\(name)\"")
        }
        var auth = OAuth2Auth(grant: grant)
        auth.tokenURL = parameter("accessTokenUrl") ?? ""
        auth.authorizationURL = parameter("authUrl") ?? ""
        auth.clientID = parameter("clientId") ?? ""
        auth.clientSecret = parameter("clientSecret") ?? ""
        auth.scope = parameter("scope") ?? ""
        auth.username = parameter("username") ?? ""
        auth.password = parameter("password") ?? ""
        auth.clientAuthentication = parameter("client_authentication") == "body" ? .body : .basic
        auth.placement = parameter("addTokenTo") == "queryParams" ? .query : .header
        if let prefix = parameter("headerPrefix"), !prefix.isEmpty { auth.headerPrefix = prefix }
        return .auth(auth)
    }

    /// The parameters Postman reads for `auth`: the fields it has a place for (device code has none).
    static func pairs(_ auth: OAuth2Auth) -> [(String, String)] {
        let grant: String =
            switch auth.grant {
            case .clientCredentials: "client_credentials"
            case .authorizationCode: "authorization_code_with_pkce"
            case .password: "password_credentials"
            case .deviceCode, .refreshToken: "authorization_code"
            }
        var pairs = [("grant_type", grant), ("accessTokenUrl", auth.tokenURL), ("clientId", auth.clientID)]
        if !auth.authorizationURL.isEmpty { pairs.append(("authUrl", auth.authorizationURL)) }
        if !auth.clientSecret.isEmpty { pairs.append(("clientSecret", auth.clientSecret)) }
        if !auth.scope.isEmpty { pairs.append(("scope", auth.scope)) }
        if auth.grant == .password {
            pairs += [("username", auth.username), ("password", auth.password)]
        }
        if auth.grant == .authorizationCode { pairs.append(("challengeAlgorithm", "S256")) }
        pairs.append(("client_authentication", auth.clientAuthentication == .body ? "body" : "header"))
        pairs.append(("addTokenTo", auth.placement == .query ? "queryParams" : "header"))
        if auth.headerPrefix != "Bearer" { pairs.append(("headerPrefix", auth.headerPrefix)) }
        return pairs
    }
}

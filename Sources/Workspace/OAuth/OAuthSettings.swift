import Foundation
package import HTTPCore

/// `oauth2` auth with its placeholders filled: what the token steps and the request need. The
/// client secret, the password and a given refresh token are secrets (never shown or recorded).
package struct OAuthSettings: Sendable, Hashable {
    package var grant: OAuth2Auth.Grant
    package var issuer: String
    package var tokenURL: String
    package var authorizationURL: String
    package var deviceAuthorizationURL: String
    package var clientID: String
    package var clientSecret: String
    package var clientAuthentication: OAuth2Auth.ClientAuthentication
    /// `private_key_jwt`'s key: PEM text (a secret), or the absolute path of a PEM file.
    package var privateKey: String
    package var privateKeyFile: String
    package var assertionAlgorithm: OAuth2Auth.AssertionAlgorithm
    package var keyID: String
    package var scope: String
    package var audience: String
    package var resource: String
    package var username: String
    package var password: String
    package var refreshToken: String
    package var parameters: [FormField]
    package var placement: OAuth2Auth.Placement
    package var headerPrefix: String
    package var queryParameter: String
    package var redirectPort: Int?
    /// The collection and environment the token is cached for (with the client below).
    package var collectionID: String = ""
    package var environment: String = ""
    /// The client authentication methods the provider's discovery document lists, once known:
    /// a refusal says when the configured one is not among them.
    package var advertisedAuthMethods: [String]?

    package init(_ auth: OAuth2Auth, resolve: (String, String) -> String) {
        grant = auth.grant
        issuer = resolve(auth.issuer, "issuer")
        tokenURL = resolve(auth.tokenURL, "tokenUrl")
        authorizationURL = resolve(auth.authorizationURL, "authorizationUrl")
        deviceAuthorizationURL = resolve(auth.deviceAuthorizationURL, "deviceAuthorizationUrl")
        clientID = resolve(auth.clientID, "clientId")
        clientSecret = resolve(auth.clientSecret, "clientSecret")
        clientAuthentication = auth.clientAuthentication
        privateKey = resolve(auth.privateKey, "privateKey")
        privateKeyFile = resolve(auth.privateKeyFile, "privateKeyFile")
        assertionAlgorithm = auth.assertionAlgorithm
        keyID = resolve(auth.keyID, "keyId")
        scope = resolve(auth.scope, "scope")
        audience = resolve(auth.audience, "audience")
        resource = resolve(auth.resource, "resource")
        username = resolve(auth.username, "username")
        password = resolve(auth.password, "password")
        refreshToken = resolve(auth.refreshToken, "refreshToken")
        parameters = auth.parameters.enumerated().compactMap { index, row in
            row.enabled
                ? FormField(
                    name: resolve(row.name, "parameters[\(index)].name"),
                    value: resolve(row.value, "parameters[\(index)].value")) : nil
        }
        placement = auth.placement
        headerPrefix = auth.headerPrefix
        queryParameter = auth.queryParameter
        redirectPort = auth.redirectPort
    }

    /// The values that must never be shown or recorded.
    package var secrets: [String] { [clientSecret, password, refreshToken, privateKey].filter { !$0.isEmpty } }

    /// The method's name as discovery lists it (`client_secret_basic`, `private_key_jwt`, `none`…).
    package var authMethodName: String { clientAuthentication.methodName(hasSecret: !clientSecret.isEmpty) }

    /// Where the token is cached: per collection, environment and client (its provider, id, grant
    /// and scope). Holds no secret.
    package var cacheKey: String {
        [collectionID, environment, issuer.isEmpty ? tokenURL : issuer, clientID, grant.rawValue, scope, audience]
            .joined(separator: "\u{1F}")
    }

    /// `request` carrying `token` where the settings say.
    package func apply(_ token: OAuthToken, to request: HTTPRequest) -> HTTPRequest {
        var request = request
        switch placement {
        case .header:
            let prefix = headerPrefix.isEmpty ? "" : headerPrefix + " "
            request.headers.set(name: "Authorization", value: prefix + token.accessToken)
        case .query:
            request.queryItems.append(URLQueryItem(name: queryParameter, value: token.accessToken))
        }
        return request
    }
}

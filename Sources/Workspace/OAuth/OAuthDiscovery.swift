import Foundation

/// The endpoints an OpenID Connect provider publishes at `/.well-known/openid-configuration`.
struct OAuthDiscovery: Sendable, Equatable {
    /// The issuer the document says it is for (required; it must be the one asked).
    var issuer: String?
    var tokenEndpoint: String
    var authorizationEndpoint: String?
    var deviceAuthorizationEndpoint: String?
    /// `token_endpoint_auth_methods_supported`, when listed.
    var tokenEndpointAuthMethods: [String]?

    /// nil when `bytes` is not a metadata document with a token endpoint.
    init?(_ bytes: [UInt8]) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let token = object["token_endpoint"] as? String
        else { return nil }
        tokenEndpoint = token
        issuer = object["issuer"] as? String
        authorizationEndpoint = object["authorization_endpoint"] as? String
        deviceAuthorizationEndpoint = object["device_authorization_endpoint"] as? String
        tokenEndpointAuthMethods = object["token_endpoint_auth_methods_supported"] as? [String]
    }

    /// Whether the document is `asked`'s (OpenID Connect Discovery §4.3, RFC 8414 §3.3: the
    /// `issuer` it names is the one asked; a trailing slash aside). Another issuer's document
    /// could send the client secret to endpoints of someone else's.
    func isFor(_ asked: String) -> Bool {
        func trimmed(_ text: String) -> Substring {
            var text = Substring(text)
            while text.hasSuffix("/") { text = text.dropLast() }
            return text
        }
        guard let issuer else { return false }
        return trimmed(issuer) == trimmed(asked)
    }
}

import Foundation

/// The endpoints an OpenID Connect provider publishes at `/.well-known/openid-configuration`.
struct OAuthDiscovery: Sendable, Equatable {
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
        authorizationEndpoint = object["authorization_endpoint"] as? String
        deviceAuthorizationEndpoint = object["device_authorization_endpoint"] as? String
        tokenEndpointAuthMethods = object["token_endpoint_auth_methods_supported"] as? [String]
    }
}

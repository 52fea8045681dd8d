import Foundation
import OpenAPIKit
import Workspace

extension OpenAPICollectionBuilder {
    /// `oauth2` auth for an OpenAPI `oauth2` scheme (its first flow Lazer runs: client
    /// credentials, authorization code, device authorization, password) or an `openIdConnect`
    /// one (an authorization code grant from the issuer), asking for the requirement's
    /// `scopes`. The client id and secret become variables named after the scheme (the secret a
    /// secret one). Nil, reported, for the implicit flow alone.
    mutating func oauth2Auth(
        _ type: OpenAPI.SecurityScheme.SecurityType, name: String, scopes: [String], place: String
    ) -> SavedAuth? {
        var auth: OAuth2Auth
        switch type {
        case .oauth2(let flows, _):
            if let flow = flows.clientCredentials {
                auth = OAuth2Auth(grant: .clientCredentials)
                auth.tokenURL = flow.tokenUrl.absoluteString
            } else if let flow = flows.authorizationCode {
                auth = OAuth2Auth(grant: .authorizationCode)
                auth.tokenURL = flow.tokenUrl.absoluteString
                auth.authorizationURL = flow.authorizationUrl.absoluteString
            } else if let flow = flows.deviceAuthorization {
                auth = OAuth2Auth(grant: .deviceCode)
                auth.tokenURL = flow.tokenUrl.absoluteString
                auth.deviceAuthorizationURL = flow.deviceAuthorizationUrl.absoluteString
            } else if let flow = flows.password {
                auth = OAuth2Auth(grant: .password)
                auth.tokenURL = flow.tokenUrl.absoluteString
                let variable = PostmanPlaceholders.variableName(name)
                addVariable(variable + ".username", value: "", description: "user name (\(name))")
                addVariable(variable + ".password", value: "", secret: true, description: "password (\(name))")
                auth.username = "{{\(variable).username}}"
                auth.password = "{{\(variable).password}}"
            } else {
                reportItem(
                    "OAuth 2.0 implicit flow \"\(name)\" (deprecated; Lazer does not run it)", place + ".security",
                    kept: "sent without it")
                return nil
            }
        case .openIdConnect(let url):
            auth = OAuth2Auth(grant: .authorizationCode)
            var issuer = url.absoluteString
            if let range = issuer.range(of: "/.well-known/openid-configuration") {
                issuer = String(issuer[..<range.lowerBound])
            }
            auth.issuer = issuer
        default:
            return nil
        }
        let variable = PostmanPlaceholders.variableName(name)
        addVariable(variable + ".clientId", value: "", description: "OAuth client id (\(name))")
        addVariable(variable + ".clientSecret", value: "", secret: true, description: "OAuth client secret (\(name))")
        auth.clientID = "{{\(variable).clientId}}"
        auth.clientSecret = "{{\(variable).clientSecret}}"
        auth.scope = scopes.joined(separator: " ")
        return SavedAuth(.oauth2(auth))
    }
}

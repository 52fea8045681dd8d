import Foundation
import HTTPCore
import JWTSigning

/// The authorization code grant with PKCE S256 for a native app (RFC 6749 §4.1, RFC 7636, RFC
/// 8252): listens on a loopback redirect URI, shows the person the authorization URL, waits for
/// the browser to come back, checks `state`, and exchanges the code with the verifier. The code
/// and the verifier live only in this flow: never logged, shown or cached.
struct OAuthAuthorizationCodeFlow: Sendable {
    let fetch: OAuthTokenFetch
    let settings: OAuthSettings
    let listening: any OAuthRedirectListening
    let person: any OAuthPerson
    let log: OAuthTokenFetch.Log

    static let callbackPath = "/callback"

    func run() async throws(OAuthError) -> OAuthToken {
        guard !settings.authorizationURL.isEmpty else {
            throw OAuthError(.authorization, .settings("no authorizationUrl (nor an issuer that names one)"))
        }
        let verifier = PKCE.verifier()
        let state = PKCE.randomToken(bytes: 16)
        let listener = try listening.listen(port: settings.redirectPort ?? 0, path: Self.callbackPath) { query in
            Self.page(for: query, state: state)
        }
        defer { listener.close() }
        let address = try authorizationURL(
            redirectURI: listener.redirectURI, state: state, challenge: PKCE.challenge(for: verifier))
        person.showAuthorization(OAuthBrowserPrompt(authorizationURL: address, redirectURI: listener.redirectURI))
        let started = ContinuousClock.now
        let query = try await listener.callback()
        listener.close()
        let code = try Self.code(from: query, state: state)
        log.append(
            OAuthStepRecord(
                step: .authorization, method: "GET", url: listener.redirectURI, status: 200,
                start: started - log.origin, duration: ContinuousClock.now - started))
        let form = [
            FormField(name: "grant_type", value: "authorization_code"),
            FormField(name: "code", value: code),
            FormField(name: "redirect_uri", value: listener.redirectURI),
            FormField(name: "code_verifier", value: verifier),
        ]
        return try await fetch.tokenRequest(settings, step: .token, form: form, previous: nil, log: log)
    }

    /// The authorization endpoint with the request's parameters (the endpoint's own query kept).
    func authorizationURL(redirectURI: String, state: String, challenge: String) throws(OAuthError) -> String {
        let base = try fetch.url(settings.authorizationURL, .authorization)
        var items: [(String, String)] = [
            ("response_type", "code"), ("client_id", settings.clientID), ("redirect_uri", redirectURI),
        ]
        for (name, value) in [
            ("scope", settings.scope), ("audience", settings.audience), ("resource", settings.resource),
        ]
        where !value.isEmpty {
            items.append((name, value))
        }
        items += [("state", state), ("code_challenge", challenge), ("code_challenge_method", "S256")]
        items += settings.parameters.map { ($0.name, $0.value) }
        let query = items.map {
            FormURLEncoding.encode(component: $0.0) + "=" + FormURLEncoding.encode(component: $0.1)
        }
        let text = base.absoluteString
        return text + (text.contains("?") ? "&" : "?") + query.joined(separator: "&")
    }

    /// The code of the browser's return, or why there is none: a `state` that is not ours (an
    /// answer to another request, or forged), the provider's `error`, no code at all.
    static func code(from query: [String: String], state: String) throws(OAuthError) -> String {
        guard query["state"] == state else { throw OAuthError(.authorization, .stateMismatch) }
        if let error = query["error"] {
            throw OAuthError(
                .authorization, .provider(code: error, description: query["error_description"], status: 302))
        }
        guard let code = query["code"], !code.isEmpty else {
            throw OAuthError(.authorization, .settings("the provider sent the browser back without a code"))
        }
        return code
    }

    /// What the browser shows at the end.
    static func page(for query: [String: String], state: String) -> OAuthRedirectPage {
        do throws(OAuthError) {
            _ = try code(from: query, state: state)
            return OAuthRedirectPage(
                status: 200, title: "Lazer got the authorization",
                text: "You can close this tab and go back to the terminal.")
        } catch {
            let detail: String
            switch error.reason {
            case .stateMismatch:
                detail = "This answer does not belong to the authorization Lazer asked for (its state differs)."
            case .provider(let code, let description, _):
                detail =
                    "The provider answered \(code): \(OAuthError.meanings[code]?.0 ?? "it refused")"
                    + (description.map { " (\($0))" } ?? "") + "."
            default:
                detail = error.description
            }
            return OAuthRedirectPage(status: 400, title: "Lazer did not get the authorization", text: detail)
        }
    }
}

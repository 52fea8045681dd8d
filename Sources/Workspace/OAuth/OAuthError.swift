package import HTTPCore

/// Why a token could not be had, naming the step: the provider's `error` and
/// `error_description` (RFC 6749 §5.2, RFC 8628 §3.5) put in plain words, a transport failure
/// on the way, or a flow that needs a person where there is none (`lazer run`).
package struct OAuthError: Error, TranslatableError, Sendable, CustomStringConvertible {
    package enum Step: String, Sendable {
        case discovery = "OpenID Connect discovery"
        case token = "token request"
        case refresh = "token refresh"
        case deviceAuthorization = "device authorization"
        case devicePolling = "device approval"
        case authorization = "browser authorization"
    }

    package enum Reason: Sendable, Equatable {
        /// The provider answered `error` (with its description, when it gave one) and `status`.
        case provider(code: String, description: String?, status: Int)
        /// Not an OAuth answer (status and the start of the body).
        case unreadable(status: Int, excerpt: String)
        /// The request did not get an answer (the transport's words).
        case transport(String)
        /// The grant needs a person (authorization code, device code) and none can take part.
        case needsPerson(OAuth2Auth.Grant)
        /// A setting is missing or wrong (no token URL after discovery, a bad URL).
        case settings(String)
        /// The person cancelled the flow.
        case cancelled
        /// The browser came back with a `state` that is not the one Lazer sent (RFC 6749 §10.12).
        case stateMismatch
    }

    package var step: Step
    package var reason: Reason
    /// The requests the fetch made before it failed (the Timeline's rows under the token stage).
    package var steps: [OAuthStepRecord] = []
    /// A refused client (`invalid_client`, `unauthorized_client`): how it authenticated
    /// (`client_secret_basic`, `private_key_jwt`…) and the methods the provider's discovery
    /// document lists, when it was read.
    package var clientAuthentication: String?
    package var advertisedAuthMethods: [String]?

    package init(_ step: Step, _ reason: Reason) {
        self.step = step
        self.reason = reason
    }

    /// What a provider's error code means, and what to do about it.
    static let meanings: [String: (String, String)] = [
        "invalid_client": (
            "the provider did not accept the client (wrong client id or secret, or the wrong client authentication)",
            "Check clientId and clientSecret, and try clientAuthentication \"body\" or \"basic\"."
        ),
        "invalid_grant": (
            "the grant was refused: the refresh token, code or password is wrong, expired or already used",
            "Get a new token (the cached one is forgotten); check the username and password for the password grant."
        ),
        "unauthorized_client": (
            "this client may not use this grant",
            "Enable the grant for the client at the provider, or pick another grant."
        ),
        "unsupported_grant_type": ("the provider does not offer this grant", "Pick a grant the provider supports."),
        "invalid_scope": ("a scope asked for is unknown or not allowed", "Check the scope field."),
        "invalid_request": ("the provider found the token request malformed", "Check the extra parameters and URLs."),
        "access_denied": ("the person refused the request", "Try again and approve it, or use another account."),
        "expired_token": (
            "the device code expired before anyone approved it", "Get a new token and approve it sooner."
        ),
        "authorization_pending": ("nobody has approved the device yet", "Approve it at the verification URL."),
        "slow_down": ("the provider asked Lazer to poll less often", "Wait: Lazer polls more slowly now."),
        "invalid_token": ("the provider no longer accepts the access token", "Get a new token."),
    ]

    package var description: String {
        switch reason {
        case .provider(let code, let text, let status):
            let meaning = Self.meanings[code]?.0 ?? "the provider refused it"
            return "\(step.rawValue) failed: \(code) (\(meaning))" + (text.map { ": \($0)" } ?? "")
                + " [HTTP \(status)]" + (unadvertisedMethodNote.map { "; \($0)" } ?? "")
        case .unreadable(let status, let excerpt):
            return "\(step.rawValue) failed: HTTP \(status), not an OAuth answer: \(excerpt)"
        case .transport(let text): return "\(step.rawValue) failed: \(text)"
        case .needsPerson(let grant):
            return "the \(grant.rawValue) grant needs a person at a browser; none can take part here"
        case .settings(let text): return "\(step.rawValue): \(text)"
        case .cancelled: return "\(step.rawValue) cancelled"
        case .stateMismatch:
            return "\(step.rawValue) failed: the browser came back with a state Lazer did not send"
        }
    }

    /// "the provider lists client_secret_basic, none — not private_key_jwt", when discovery said
    /// which client authentication methods it takes and the one used is not among them.
    package var unadvertisedMethodNote: String? {
        guard let method = clientAuthentication, let listed = advertisedAuthMethods, !listed.contains(method) else {
            return nil
        }
        let offered = listed.isEmpty ? "no client authentication method" : listed.joined(separator: ", ")
        return "the provider's discovery document lists \(offered) — not \(method)"
    }

    package var translationKey: String { "workspace.oauth" }

    package var translationTemplate: TranslationTemplate {
        let hint: String =
            switch reason {
            case .provider where unadvertisedMethodNote != nil:
                (unadvertisedMethodNote.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "")
                    + ": set clientAuthentication to one it lists (basic is client_secret_basic, body "
                    + "client_secret_post), or enable it for the client at the provider."
            case .provider("invalid_client", _, _) where clientAuthentication == "private_key_jwt":
                "Check privateKey or privateKeyFile, assertionAlgorithm and keyId: the provider must know the client's public key."
            case .provider(let code, _, _):
                Self.meanings[code]?.1 ?? "Check the oauth2 settings of the request, its folder or its collection."
            case .unreadable: "Check tokenUrl (or the issuer): it does not look like a token endpoint."
            case .transport: "Check that the provider's URL is right and reachable."
            case .needsPerson:
                "Get the token once in the explorer (lazer, Auth tab); lazer run then uses the cached and refreshed token."
            case .settings: "Fix the oauth2 settings."
            case .cancelled: "Send again to start over."
            case .stateMismatch:
                "Send again and finish the authorization in the browser tab Lazer opened (an older tab answers with another state)."
            }
        return TranslationTemplate(title: "No OAuth token: {summary}", explanation: "{detail}.", hint: hint)
    }

    package var translationValues: [String: String] { ["summary": summary, "detail": description] }

    /// The step and what went wrong, in a few words (the title; reporters show it alone).
    package var summary: String {
        switch reason {
        case .provider(let code, _, _): "\(step.rawValue) failed: \(code)"
        case .unreadable(let status, _): "\(step.rawValue) failed: HTTP \(status), not an OAuth answer"
        case .transport: "\(step.rawValue) failed: no answer"
        case .needsPerson(let grant): "the \(grant.rawValue) grant needs a person"
        case .settings: "\(step.rawValue): bad settings"
        case .cancelled: "\(step.rawValue) cancelled"
        case .stateMismatch: "\(step.rawValue) failed: wrong state"
        }
    }

    package var technicalDetail: String { "OAuthError: \(description)" }

    /// Whether a person is needed: `lazer run` exits with status 3.
    package var needsPerson: Bool {
        if case .needsPerson = reason { return true }
        return false
    }
}

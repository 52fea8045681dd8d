package import Foundation

/// One request of a token fetch (discovery, token, refresh, device authorization, a poll): what
/// the Timeline shows as the sub-exchange of the token stage. Holds no secret: the URL is the
/// endpoint's, the form is not kept.
package struct OAuthStepRecord: Sendable, Equatable {
    package var step: OAuthError.Step
    package var method: String
    package var url: String
    /// nil when no answer came.
    package var status: Int?
    package var duration: Duration
    /// The provider's error code (`authorization_pending`, `invalid_grant`), or the transport's words.
    package var error: String?

    package init(
        step: OAuthError.Step, method: String, url: String, status: Int?, duration: Duration, error: String? = nil
    ) {
        self.step = step
        self.method = method
        self.url = url
        self.status = status
        self.duration = duration
        self.error = error
    }

    /// `POST http://127.0.0.1:8080/token → 200 in 12 ms (token request)`.
    package var summary: String {
        let milliseconds = Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000
        let answer = status.map { "→ \($0)" } ?? "→ no answer"
        let problem = error.map { " \($0)" } ?? ""
        return "\(method) \(url) \(answer)\(problem) in \(Int(milliseconds.rounded())) ms (\(step.rawValue))"
    }
}

/// What the token stage did for one send.
package struct OAuthTokenOutcome: Sendable, Equatable {
    package enum Source: String, Sendable {
        /// A cached token, still fresh: no request.
        case cached
        /// Obtained now through the grant.
        case fetched
        /// Renewed now with the refresh token.
        case refreshed
    }

    package var token: OAuthToken
    package var source: Source
    package var grant: OAuth2Auth.Grant
    package var steps: [OAuthStepRecord]

    package init(token: OAuthToken, source: Source, grant: OAuth2Auth.Grant, steps: [OAuthStepRecord] = []) {
        self.token = token
        self.source = source
        self.grant = grant
        self.steps = steps
    }

    /// `token: cached, valid until 14:03:11 (scope read)` — the Timeline's line for the stage.
    package func summary(now: Date, timeZone: TimeZone = .current) -> String {
        var text = "token (oauth2 \(grant.rawValue)): \(source.rawValue)"
        if let expiresAt = token.expiresAt {
            let formatter = DateFormatter()
            formatter.dateFormat = "HH:mm:ss"
            formatter.timeZone = timeZone
            text += ", valid until \(formatter.string(from: expiresAt))"
        }
        if !token.scope.isEmpty { text += ", scope \(token.scope)" }
        return text
    }
}

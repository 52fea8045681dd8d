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
    /// When it started, from the start of the token fetch (the Timeline places it under the token stage).
    package var start: Duration = .zero
    package var duration: Duration
    /// The provider's error code (`authorization_pending`, `invalid_grant`), or the transport's words.
    package var error: String?
    /// Which of the send's token fetches it belongs to: 0, or 1 for the one after the API refused
    /// the first token (`401 invalid_token`), whose `start` counts from when that refusal came.
    package var fetch = 0

    package init(
        step: OAuthError.Step, method: String, url: String, status: Int?, start: Duration = .zero, duration: Duration,
        error: String? = nil
    ) {
        self.start = start
        self.step = step
        self.method = method
        self.url = url
        self.status = status
        self.duration = duration
        self.error = error
    }

    /// The step in a word, as the Timeline's row label (8 columns at most): "discover", "browser", "token".
    package var shortLabel: String {
        switch step {
        case .discovery: "discover"
        case .token: "token"
        case .refresh: "refresh"
        case .deviceAuthorization: "device"
        case .devicePolling: "approval"
        case .authorization: "browser"
        }
    }

    /// `→ 200 POST /p/main/token`, `→ 400 invalid_grant POST /p/main/token`: the row's note, the
    /// answer first (a narrow pane cuts the path, not the outcome).
    package var note: String {
        let path = URLComponents(string: url)?.path ?? url
        let answer = status.map { "→ \($0)" } ?? "→ no answer"
        return answer + (error.map { " \($0)" } ?? "") + " \(method) \(path.isEmpty ? "/" : path)"
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

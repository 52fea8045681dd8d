package import Futures
package import HTTPCore

/// The send of a prepared request with its token stage: the token (cached, shared, refreshed or
/// fetched) is put on the request, and a 401 whose `WWW-Authenticate` says the bearer token is
/// `invalid_token` gets one more try with a new token — once.
extension SendPreparation {
    /// A cold future of `request` sent through the preparation's dispatcher; nil without one, or
    /// with problems.
    /// `onToken` hears what each token stage did (the Timeline's sub-exchange), before the request
    /// goes; `onStep` each of the token fetch's requests as it ends (discovery, the token request,
    /// every device poll), so a send waiting for a person shows them as they happen. With
    /// `stream.reconnect`, a closed SSE stream is sent again (`StreamReconnection`), each connection
    /// one such send.
    package func future(
        for request: HTTPRequest, onToken: (@Sendable (OAuthTokenOutcome) -> Void)? = nil,
        onStep: (@Sendable (OAuthStepRecord) -> Void)? = nil
    ) -> ResponseFuture<DataResponse>? {
        guard let dispatcher, problems.isEmpty else { return nil }
        // Most sends: no closure made (it would copy the whole preparation, per request).
        guard let attempts = saved.stream?.reconnect, request.responseStream != nil else {
            return sendOnce(request, dispatcher: dispatcher, onToken: onToken, onStep: onStep)
        }
        // `stream.reconnect`: each connection of the stream is one such send.
        return StreamReconnection.future(
            of: request, attempts: attempts, scheduler: dispatcher.scheduler,
            waits: dispatcher.waits
        ) { request in
            sendOnce(request, dispatcher: dispatcher, onToken: onToken, onStep: onStep)
        }
    }

    /// One exchange of `request`, with its token stage when the request has `oauth2` auth.
    private func sendOnce(
        _ request: HTTPRequest, dispatcher: any DataDispatcher, onToken: (@Sendable (OAuthTokenOutcome) -> Void)?,
        onStep: (@Sendable (OAuthStepRecord) -> Void)?
    ) -> ResponseFuture<DataResponse> {
        guard let oauth, let tokens else { return dispatcher.dataFuture(from: request) }
        let scheduler = dispatcher.scheduler
        let withToken = tokenStep(oauth, tokens, dispatcher, onToken: onToken, onStep: onStep)
        @Sendable func attempt(rejected: String?) -> ResponseFuture<(DataResponse, String)> {
            withToken(request, rejected).replace { authorized, token in
                dispatcher.dataFuture(from: authorized).then { ($0, token) }
            }
        }
        return attempt(rejected: nil).replace { response, token in
            guard Self.rejectsToken(response) else {
                return ResponseFuture(scheduler: scheduler) { $0.succeed(with: response) }
            }
            return attempt(rejected: token).then { $0.0 }
        }
    }

    /// `request` with its token on it (cached, shared, refreshed or fetched), for a send that is not
    /// one HTTP exchange — a WebSocket upgrade (issue 25), a subscription: the token goes on the
    /// upgrade, and a refused upgrade is the connection's failure (no retry with a new token).
    /// Nil without a dispatcher or with problems; the request as it is without `oauth2` auth.
    package func authorized(
        _ request: HTTPRequest, onToken: (@Sendable (OAuthTokenOutcome) -> Void)? = nil,
        onStep: (@Sendable (OAuthStepRecord) -> Void)? = nil
    ) -> ResponseFuture<HTTPRequest>? {
        guard let dispatcher, problems.isEmpty else { return nil }
        guard let oauth, let tokens else {
            return ResponseFuture(scheduler: dispatcher.scheduler) { $0.succeed(with: request) }
        }
        return tokenStep(oauth, tokens, dispatcher, onToken: onToken, onStep: onStep)(request, nil).then { $0.0 }
    }

    /// The token stage both sends share: a request with its token on it (a fresh one when the
    /// server `rejected` the one given), and the token's value.
    private func tokenStep(
        _ oauth: OAuthSettings, _ tokens: OAuthTokenBroker, _ dispatcher: any DataDispatcher,
        onToken: (@Sendable (OAuthTokenOutcome) -> Void)?, onStep: (@Sendable (OAuthStepRecord) -> Void)?
    ) -> @Sendable (HTTPRequest, String?) -> ResponseFuture<(HTTPRequest, String)> {
        let person = self.person
        return { request, rejected in
            tokens.token(for: oauth, dispatcher: dispatcher, person: person, rejected: rejected, onStep: onStep).then {
                outcome in
                onToken?(outcome)
                return (oauth.apply(outcome.token, to: request), outcome.token.accessToken)
            }
        }
    }

    /// A 401 with `WWW-Authenticate: Bearer … error="invalid_token"` (RFC 6750 §3.1).
    package static func rejectsToken(_ response: DataResponse) -> Bool {
        guard response.statusCode.rawValue == 401 else { return false }
        return response.headers.values(for: "WWW-Authenticate").contains { value in
            let lowered = value.lowercased()
            return lowered.hasPrefix("bearer") && lowered.contains("invalid_token")
        }
    }
}

package import AWSSigning
package import Futures
package import HTTPCore

/// Everything needed to send one saved request: the resolved request (for display), the
/// `HTTPRequest`, the dispatcher of the environment, and the redactor for anything shown or
/// recorded. When `problems` is not empty, `request` and `dispatcher` are nil: nothing may be sent.
package struct SendPreparation: Sendable {
    package var collectionID: String
    package var saved: SavedRequest
    package var environment: Environment?
    package var resolved: ResolvedRequest
    /// Unresolved variables, a bad base URL, an invalid URL, a broken mock route: all found before sending.
    package var problems: [String]
    package var request: HTTPRequest?
    package var dispatcher: (any DataDispatcher)?
    package var redactor: Redactor
    /// The environment it was prepared in (also when the collection has no such environment).
    package var environmentName: String? = nil
    /// Whether the request's cookie jar (`request.options.cookieJar`) is the persisted one of
    /// its collection and environment, to write back after the exchange (`storeCookies`).
    package var persistsCookies = false
    /// "signed (SigV4: eu-west-1/s3, signed headers host;x-amz-date)" when the request was signed
    /// as it was prepared: the timeline shows it. A SigV4 summary is written when asked for
    /// (`lazer run` never shows it, and it cost a twentieth of the signature).
    package var signing: String? {
        get { signingText ?? signature?.summary }
        set {
            signingText = newValue
            signature = nil
        }
    }
    private var signingText: String?
    /// The AWS SigV4 signature the request was signed with as it was prepared (one shared
    /// object: a copy of the preparation retains it once).
    package var signature: SigV4Signature?
    /// `oauth2` auth: the token stage runs before the exchange (`future(for:onToken:)`).
    package var oauth: OAuthSettings?
    /// Where tokens come from (the services' broker) when `oauth` is set.
    package var tokens: OAuthTokenBroker?
    /// Who takes part in a flow that needs a person (the explorer); nil: such flows fail at once.
    package var person: (any OAuthPerson)?

    /// `command` auth with no token cached: `WorkspaceServices.fetchCommandToken(for:)` runs the
    /// command, then the request is prepared again (nothing may be sent before).
    package var pendingCommand: CommandAuth?
    /// The folder the pending command runs in (the collection file's).
    package var commandFolder = ""
    /// The collection's auth commands when it is not trusted to run them: the explorer asks,
    /// `lazer run` / `send` want `--trust` (`problems` says so too).
    package var untrustedCommands: [String] = []
    /// A WebSocket request's: fills a saved message when a step or the composer sends it.
    package var messageResolver: WebSocketMessageResolver?

    package init(
        collectionID: String, saved: SavedRequest, environment: Environment?, resolved: ResolvedRequest,
        problems: [String], request: HTTPRequest?, dispatcher: (any DataDispatcher)?, redactor: Redactor
    ) {
        self.collectionID = collectionID
        self.saved = saved
        self.environment = environment
        self.resolved = resolved
        self.problems = problems
        self.request = request
        self.dispatcher = dispatcher
        self.redactor = redactor
    }

    /// The request as a future, ready to `send()`; nil when there are problems.
    package func future() -> ResponseFuture<DataResponse>? {
        guard let request, problems.isEmpty, pendingCommand == nil else { return nil }
        return future(for: request)
    }
}

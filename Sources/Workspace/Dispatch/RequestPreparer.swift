import AWSSigning
import AnnotatedLocks
package import Foundation
import HTTPCore
import RegularFiles
import Synchronization

/// Prepares the requests of one collection in one environment. What does not change from one
/// request to the next — the environment, the base URL (when it uses no variable), the
/// dispatcher, the collection's folder, its secrets' redactor, the `LAZER_VAR_` variables — is
/// worked out once, when the preparer is made, so a run of 10,000 requests does it once, not
/// 10,000 times.
///
/// Two kinds: `WorkspaceServices.prepare` (the explorer) uses the services' shared
/// `EnvironmentServerProvider` and re-reads the environment each time, since the user edits it
/// between sends; `WorkspaceServices.preparer(for:environmentName:)` (`lazer run`, over files that
/// do not change during the run) gives each prepared request a provider of its own, so
/// preparing never moves a provider another request reads.
package final class RequestPreparer: Sendable {
    /// Where a prepared relative request finds its base URL.
    enum Provider: Sendable {
        /// The services' shared provider, moved to this environment at each `prepare`.
        case shared(EnvironmentServerProvider)
        /// This preparer's own, made per request (the base URL uses variables, or there is no environment).
        case perRequest
        /// This preparer's own, fixed (the base URL has no variable), and its problems.
        case fixed(FixedServerProvider?, problems: [VariableProblem])
    }

    /// Which cookie jar the prepared requests carry.
    enum Cookies: Sendable {
        /// None: the dispatcher's own handling.
        case none
        /// One jar for every request (`lazer run`).
        case shared(CookieJar)
        /// The collection's and environment's jar file, read again for each request (the explorer).
        case persisted
    }

    let services: WorkspaceServices
    let cookies: Cookies
    let document: CollectionDocument
    package let environmentName: String?
    let environment: Environment?
    /// Whether its requests are answered by the environment's mock routes (as they are sent:
    /// nothing is on the wire while the caller does something else).
    package let answersFromMockRoutes: Bool
    let baseFolder: String
    let provider: Provider
    /// The redactor of the collection's own secret values.
    let documentRedactor: Redactor
    /// The dispatcher, when made once (own provider); nil to pick it at each `prepare`.
    let fixedDispatcher: Result<any DataDispatcher, MockRouteError>?
    /// The last redactor made with a cached oauth2 token added, by the redactor it was made
    /// from and that token: the requests of a run share one token, and a redactor costs its
    /// matchers to make (`lazer run` of 200 requests: 0.1 s of CPU when made per request).
    private let tokenRedactor = Mutex<(base: Set<String>, token: String, redactor: Redactor)?>(nil)

    init(
        services: WorkspaceServices, document: CollectionDocument, environmentName: String?, shared: Bool,
        cookies: Cookies = .none
    ) {
        self.services = services
        self.cookies = cookies
        self.document = document
        let collection = document.collection
        self.environmentName = environmentName ?? collection.defaultEnvironment
        environment = self.environmentName.flatMap(collection.environment(named:))
        answersFromMockRoutes = environment?.kind == .mock
        baseFolder = Self.folder(of: document.path)
        documentRedactor = Redactor(secrets: document.secretValues)
        if shared {
            provider = .shared(services.serverProvider)
            fixedDispatcher = nil
            return
        }
        if let environment, !environment.baseURL.contains("{{") {
            // No variable in the base URL: the scope does not matter.
            let (url, problems) = EnvironmentServerProvider.baseURL(of: environment, scope: VariableScope())
            provider = .fixed(url.map(FixedServerProvider.init), problems: problems)
        } else {
            provider = .perRequest
        }
        if let environment {
            do throws(MockRouteError) {
                fixedDispatcher = .success(
                    try services.dispatchers.dispatcher(
                        for: environment, collectionID: collection.id, baseFolder: baseFolder))
            } catch {
                fixedDispatcher = .failure(error)
            }
        } else {
            fixedDispatcher = .success(services.dispatchers.live)
        }
    }

    /// Whether this preparer is for `document` (the same file and collection).
    package func serves(_ document: CollectionDocument) -> Bool {
        serves(path: document.path, collectionID: document.collection.id)
    }

    /// Whether this preparer is for the collection `collectionID` in the file at `path`.
    package func serves(path: String, collectionID: String) -> Bool {
        path == document.path && collectionID == document.collection.id
    }

    /// Resolves `saved` in this preparer's environment with `captures` (values taken from earlier
    /// responses) and `answers` (to its `{{$prompt}}`s, by label), builds its `HTTPRequest` and picks its dispatcher.
    package func prepare(
        _ saved: SavedRequest, captures: [String: VariableScope.Value] = [:], answers: [String: String] = [:]
    ) -> SendPreparation {
        let collection = document.collection
        let scope = VariableScope(
            captures: captures, environment: environment?.variables ?? [], collection: collection.variables,
            process: services.processVariables, dynamic: services.dynamicValues,
            processEnvironment: services.processEnvironment, dotenvFolder: document.path.isEmpty ? nil : baseFolder,
            prompts: .given(answers))
        var problems: [String] = []
        if let environmentName, environment == nil {
            problems.append("no environment named \"\(environmentName)\" in \(collection.name)")
        }
        let serverProvider: (any ServerProvider)?
        switch provider {
        case .shared(let shared):
            if let environment {
                problems += shared.select(environment, scope: scope).map(\.description)
            } else {
                shared.clear()
            }
            serverProvider = shared
        case .fixed(let fixed, let baseProblems):
            problems += baseProblems.map(\.description)
            serverProvider = fixed
        case .perRequest:
            if let environment {
                let (url, baseProblems) = EnvironmentServerProvider.baseURL(of: environment, scope: scope)
                problems += baseProblems.map(\.description)
                serverProvider = url.map(FixedServerProvider.init)
            } else {
                serverProvider = FixedServerProvider(nil)
            }
        }
        var resolver = RequestResolver(scope: scope, baseFolder: baseFolder, baseOptions: collection.options)
        // The collection's own secrets are masked by `documentRedactor` already.
        resolver.alreadyMasked = documentRedactor.maskedSecrets
        // The auth in force passed beside the request, not written into a copy of it.
        var outcome = resolver.resolve(saved, auth: collection.authInForce(for: saved).auth)
        problems += outcome.problems.map { $0.description(in: collection, for: saved.id) }
        var untrusted: [String] = []
        var pendingCommand: CommandAuth?
        var signing: String?
        if let command = outcome.request.commandAuth, problems.isEmpty {
            if !services.commandTokens.isTrusted(document) {
                untrusted = collection.authCommands
                problems.append(Self.untrustedProblem(collection, command))
            } else if let cached = services.commandTokens.cachedEntry(for: command, folder: baseFolder) {
                outcome.request.headers.append(.init(command.header, command.prefix + cached.token))
                outcome.request.secretValues.insert(cached.token)
                signing = Self.commandSummary(cached)
            } else {
                pendingCommand = command
            }
        }
        if let jwt = outcome.request.jwt, problems.isEmpty {
            do throws(JWTTokenError) {
                let token = try JWTToken.make(jwt, now: services.dynamicValues.now().timeIntervalSince1970)
                outcome.request.headers.append(.init(jwt.header, jwt.prefix + token))
                outcome.request.secretValues.insert(token)
                signing =
                    "signed (JWT \(jwt.algorithm.rawValue)\(jwt.keyID.isEmpty ? "" : ", kid \(jwt.keyID)"), in \(jwt.header))"
            } catch {
                problems.append(error.description)
            }
        }
        let newSecrets = captures.values.filter(\.secret).map(\.text) + outcome.request.secretValues
        let redactor = newSecrets.isEmpty ? documentRedactor : documentRedactor.adding(newSecrets)
        var preparation = SendPreparation(
            collectionID: collection.id, saved: saved, environment: environment, resolved: outcome.request,
            problems: problems, request: nil, dispatcher: nil, redactor: redactor)
        preparation.environmentName = environmentName
        preparation.untrustedCommands = untrusted
        preparation.signing = signing
        if saved.websocket != nil {
            preparation.messageResolver = WebSocketMessageResolver(scope: scope, baseFolder: baseFolder)
        }
        if let pendingCommand {
            preparation.pendingCommand = pendingCommand
            preparation.commandFolder = baseFolder
            return preparation
        }
        let jar: CookieJar?
        switch cookies {
        case .none: jar = nil
        case .shared(let shared): jar = shared
        case .persisted:
            do throws(FileSystemError) {
                jar = try services.cookies.load(collectionID: collection.id, environment: environmentName)
                preparation.persistsCookies = true
            } catch {
                // An unreadable state folder must not stop the send (history and drafts do not
                // either): the exchange gets a jar of its own, and writing it back fails with the
                // "Cookies not saved" notice that says why.
                jar = CookieJar()
                preparation.persistsCookies = true
            }
        }
        guard preparation.problems.isEmpty else { return preparation }
        do {
            preparation.request = try outcome.request.httpRequest(serverProvider: serverProvider)
            preparation.request?.options.cookieJar = jar
            if let aws = outcome.request.awsSigning, var request = preparation.request {
                // Signed in place, held nowhere else meanwhile: the request is not copied.
                preparation.request = nil
                let signature = try Self.signer(for: aws).sign(&request)
                preparation.request = request
                preparation.signature = signature
                preparation.redactor = preparation.redactor.adding(verbatim: [signature.signature])
            }
            if var oauth = outcome.request.oauth {
                oauth.collectionID = collection.id
                oauth.environment = environmentName ?? ""
                preparation.oauth = oauth
                preparation.tokens = services.tokens
                // A token already cached is masked wherever it is echoed; one fetched during the
                // send is added by whoever records the exchange (`OAuthTokenOutcome`).
                if let token = services.tokens.cached(oauth.cacheKey) {
                    preparation.redactor = maskingToken(token, in: preparation.redactor)
                }
            }
        } catch {
            preparation.request = nil
            preparation.problems.append(ErrorTranslator.standard.translate(error).title)
            return preparation
        }
        do throws(MockRouteError) {
            preparation.dispatcher = try dispatcher()
        } catch {
            preparation.request = nil
            preparation.problems.append(error.description)
        }
        return preparation
    }

    /// "token from the auth command (just run; kept 30 min)", "… (cached; kept 4 min 10 s more)".
    static func commandSummary(_ cached: CommandTokens.CachedToken) -> String {
        let seconds = Int(cached.remaining.components.seconds)
        let kept =
            seconds >= 60 ? "\(seconds / 60) min" + (seconds % 60 == 0 ? "" : " \(seconds % 60) s") : "\(seconds) s"
        return cached.firstUse
            ? "token from the auth command (just run; kept \(kept))"
            : "token from the auth command (cached; kept \(kept) more)"
    }

    /// What stops a request of an untrusted collection with `command` auth.
    static func untrustedProblem(_ collection: RequestCollection, _ command: CommandAuth) -> String {
        "\(collection.name) gets its token by running a command (\(command.command)); it is not run: "
            + "this collection is not trusted to run commands (lazer run and lazer send: --trust)"
    }

    /// `base` masking `token` (and its refresh token) too, made once per token.
    private func maskingToken(_ token: OAuthToken, in base: Redactor) -> Redactor {
        let values = [token.accessToken] + (token.refreshToken.map { [$0] } ?? [])
        let key = values.joined(separator: " ")
        if let memo = tokenRedactor.withLock(ownedBy: self, { $0 }), memo.token == key, memo.base == base.maskedSecrets
        {
            return memo.redactor
        }
        let made = base.adding(values)
        tokenRedactor.withLock(ownedBy: self) { $0 = (base.maskedSecrets, key, made) }
        return made
    }

    /// The signer of `aws-sigv4` auth, at the time of the send.
    static func signer(for aws: ResolvedRequest.AWSSigning) -> SigV4Signer {
        SigV4Signer(
            credentials: SigV4Credentials(
                accessKeyID: aws.accessKeyID, secretAccessKey: aws.secretAccessKey, sessionToken: aws.sessionToken),
            region: aws.region, service: aws.service, unsignedPayload: aws.unsignedPayload)
    }

    private func dispatcher() throws(MockRouteError) -> any DataDispatcher {
        if let fixedDispatcher { return try fixedDispatcher.get() }
        guard let environment else { return services.dispatchers.live }
        return try services.dispatchers.dispatcher(
            for: environment, collectionID: document.collection.id, baseFolder: baseFolder)
    }

    /// The folder of a file path, as `NSString.deletingLastPathComponent` gives it for the paths
    /// collections have (`a/b.json` → `a`, `b.json` → ``, `/b.json` → `/`), without Foundation.
    static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }
}

/// A base URL that does not move: what a request prepared for `lazer run` points at.
package final class FixedServerProvider: ServerProvider {
    package let baseURL: URL?

    package init(_ baseURL: URL?) {
        self.baseURL = baseURL
    }
}

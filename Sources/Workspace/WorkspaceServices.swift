import Foundation
package import Futures
package import HTTPCore
package import RegularFiles
package import StateStore

/// The services the TUI and the replay runner share: open a folder of collections (secrets
/// filled in), prepare a saved request for sending in an environment (resolve, build the
/// `HTTPRequest`, pick the dispatcher), record history, and save safely.
///
/// One instance per application. It owns the `EnvironmentServerProvider` every prepared request
/// points at, so selecting another environment redirects relative requests without rebuilding
/// dispatchers. Thread-safe; typical use is from the main thread.
package final class WorkspaceServices: Sendable {
    package let directories: UserDirectories
    package let secrets: SecretStore
    /// The state store (`state.sqlite`) the next three share: one file, opened on first use.
    package let state: StateDatabase
    package let history: HistoryStore
    package let uiState: UIStateStore
    package let captures: CaptureStore
    /// The explorer's cookie jars, one file per collection and environment.
    package let cookies: CookieJarStore
    /// `command` auth: which collections may run their commands, and the tokens they printed.
    package let commandTokens: CommandTokens
    package let dispatchers: DispatcherSelector
    /// OAuth 2.0 access tokens: cached (in memory and beside the secrets file), refreshed, shared.
    package let tokens: OAuthTokenBroker
    package let serverProvider = EnvironmentServerProvider()
    /// Contract documents and compiled schemas, shared by every send (issue 27).
    package let contracts: ResponseContracts
    /// Opens WebSocket connections (issue 25): the executable's NIO transport; nil where none is given.
    package let webSockets: (any WebSocketConnecting)?
    /// The process environment: `LAZER_VAR_<name>` variables and secrets come from it.
    package let processEnvironment: [String: String]
    package let dynamicValues: DynamicValues
    /// Runs pre-request and test scripts (the Scripting module's engine, given by the `lazer` executable).
    package let scripts: any ScriptRunner
    /// The scripts the user let run in the explorer, per collection file.
    package let scriptTrust: ScriptTrust
    /// The `LAZER_VAR_` variables of `processEnvironment`, by name (read once).
    let processVariables: [String: String]

    /// - Parameters:
    ///   - liveDispatcher: sends requests of live environments (the application's `CurlDispatcher`).
    ///   - scheduler: where mock futures deliver.
    ///   - delays: runs mock delays (`ManualClock` in tests).
    ///   - recordsMockRequests: whether mock environments' dispatchers keep the requests they
    ///     answered (`recordedRequests`): test harnesses ask for it; nothing in `lazer` reads them,
    ///     and keeping them cost a run against a mock 9 % of its time.
    ///   - redirects: the loopback listener for the authorization code grant (the explorer's).
    package init(
        directories: UserDirectories, liveDispatcher: any DataDispatcher, scheduler: any Scheduler,
        delays: (any DelayScheduler)? = nil, processEnvironment: [String: String] = ProcessInfo.processInfo.environment,
        dynamicValues: DynamicValues = .system, redirects: (any OAuthRedirectListening)? = nil,
        contractSources: ContractSources = ContractSources(), webSockets: (any WebSocketConnecting)? = nil,
        scripts: any ScriptRunner = ScriptsUnavailable(), recordsMockRequests: Bool = false
    ) {
        self.webSockets = webSockets
        self.scripts = scripts
        scriptTrust = ScriptTrust(directories: directories)
        self.directories = directories
        contracts = ResponseContracts(sources: contractSources)
        secrets = SecretStore(directories: directories)
        state = StateFiles.database(directories: directories)
        history = HistoryStore(database: state, retention: HistoryRetention(processEnvironment: processEnvironment))
        uiState = UIStateStore(database: state, legacyFolder: directories.state + "/ui")
        captures = CaptureStore(database: state, secrets: secrets)
        cookies = CookieJarStore(directories: directories)
        tokens = OAuthTokenBroker(store: OAuthTokenStore(directories: directories), redirects: redirects)
        commandTokens = CommandTokens(
            trustStore: CommandTrustStore(directories: directories), store: CommandTokenStore(directories: directories))
        dispatchers = DispatcherSelector(
            live: liveDispatcher, scheduler: scheduler, delays: delays, recordsMockRequests: recordsMockRequests)
        self.processEnvironment = processEnvironment
        processVariables = ProcessVariables.exposed(from: processEnvironment)
        self.dynamicValues = dynamicValues
    }

    /// Loads every collection in `folder`, with secret values filled from the secrets file and the
    /// environment. An unreadable secrets file is reported as a diagnostic on each collection, not thrown.
    package func open(folder: String) throws(FileSystemError) -> WorkspaceFolder {
        var workspace = try WorkspaceFolder.open(folder)
        let values: SecretValues
        var secretsProblem: Diagnostic?
        do {
            values = try secrets.load()
        } catch {
            values = SecretValues()
            secretsProblem = Diagnostic(
                severity: .warning, file: secrets.path, line: 1, column: 1, path: "",
                message: "secrets not loaded: \(error.description)")
        }
        for index in workspace.entries.indices {
            guard case .loaded(var document) = workspace.entries[index] else { continue }
            document.fillSecrets(from: values, processEnvironment: processEnvironment)
            if let secretsProblem { document.diagnostics.append(secretsProblem) }
            workspace.entries[index] = .loaded(document)
        }
        return workspace
    }

    /// Resolves `saved` from `document` in the environment called `environmentName` (default: the
    /// collection's default environment), points the shared server provider at that environment,
    /// and picks its dispatcher. `captures` are values taken from earlier responses; `answers`, to its
    /// `{{$prompt}}`s by label.
    package func prepare(
        _ saved: SavedRequest, in document: CollectionDocument, environmentName: String? = nil,
        captures: [String: VariableScope.Value] = [:], answers: [String: String] = [:]
    ) -> SendPreparation {
        RequestPreparer(
            services: self, document: document, environmentName: environmentName, shared: true, cookies: .persisted
        )
        .prepare(saved, captures: captures, answers: answers)
    }

    /// A preparer for many requests of `document` in one environment (`lazer run`): the
    /// environment, base URL, dispatcher and redactor are worked out once, and the requests it
    /// prepares point at a base URL of their own, never at the shared provider. Its requests share
    /// `cookieJar` (`lazer run`'s: empty, or read from `--cookie-jar`); nil sends without one.
    package func preparer(
        for document: CollectionDocument, environmentName: String? = nil, cookieJar: CookieJar? = nil
    ) -> RequestPreparer {
        RequestPreparer(
            services: self, document: document, environmentName: environmentName, shared: false,
            cookies: cookieJar.map { .shared($0) } ?? .none)
    }

    /// Runs the auth command `preparation` waits for (`pendingCommand`) off the caller's thread;
    /// its token is then cached, so preparing the request again sends it.
    package func fetchCommandToken(for preparation: SendPreparation) async -> Result<String, CommandTokenError>? {
        guard let command = preparation.pendingCommand else { return nil }
        return await commandTokens.fetch(command, folder: preparation.commandFolder)
    }

    /// Writes what the exchange of `preparation` did to its persisted jar (explorer sends; see
    /// `CookieJarStore`); does nothing for a preparation without one.
    package func storeCookies(of preparation: SendPreparation) throws(FileSystemError) {
        guard preparation.persistsCookies, let jar = preparation.request?.options.cookieJar else { return }
        try cookies.save(jar, collectionID: preparation.collectionID, environment: preparation.environmentName)
    }

    /// Appends a finished exchange of `preparation` to its collection's history (redacted, truncated).
    /// The values of the request's cookie jar — sent, and set by this response — are masked too:
    /// cookies are credentials (`session=••••••` in `Cookie` and `Set-Cookie`, and wherever echoed).
    package func record(
        _ exchange: Exchange, of preparation: SendPreparation, to writer: HistoryBatchWriter? = nil
    ) throws(StateStoreError) {
        var redactor = preparation.redactor
        if let jar = preparation.request?.options.cookieJar { redactor = redactor.adding(jar.cookies.map(\.value)) }
        let entry = HistoryEntry(
            exchange: exchange, requestID: preparation.saved.id, requestName: preparation.saved.name,
            environment: preparation.environment?.name, store: history, redactor: redactor)
        if let writer {
            history.append(entry, collectionID: preparation.collectionID, redactor: redactor, to: writer)
        } else {
            try history.append(entry, collectionID: preparation.collectionID, redactor: redactor)
        }
    }

    /// Saves `document` atomically, secrets to the secrets file (see `CollectionStore.save`).
    package func save(
        _ document: inout CollectionDocument, overwrite: Bool = false, replacingReadOnly: Bool = false
    ) throws(SaveError) {
        try CollectionStore.save(
            &document, secrets: secrets, overwrite: overwrite, replacingReadOnly: replacingReadOnly)
    }
}

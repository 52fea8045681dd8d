package import HTTPCore
package import Workspace

/// How `lazer run` runs a plan.
package struct RunConfiguration: Sendable {
    /// The environment of every collection (nil: each collection's `defaultEnvironment`).
    package var environment: String?
    /// `--var NAME=VALUE`: values that win over the environment's and the collection's (captures
    /// taken during the run win over them in turn).
    package var variables: [String: String]
    /// Answers to `{{$prompt "Label"}}` / `{{$select}}` by label (`--var 'Label=VALUE'`; in the
    /// explorer's Runner, the answers given this session). A prompt without one fails its request.
    package var answers: [String: String] = [:]
    /// Stop after the first request that does not pass; the rest are reported as skipped.
    package var bail: Bool
    /// The whole-exchange timeout of requests whose collection sets none.
    package var timeout: Duration?
    /// `lazer run --no-follow`: false sends every request without following redirects, whatever
    /// its collection says; true leaves each request's own setting.
    package var followRedirects = true
    /// Append every exchange to the collection's history (redacted), as the explorer does.
    package var recordHistory: Bool
    /// How many requests may be in flight at once (1: one after another). A request that uses a
    /// variable an earlier request captures waits for that request.
    package var parallel: Int
    /// How many times the whole plan runs; captured values start afresh each pass.
    package var repetitions: Int
    /// Values captured before the run, per collection id: the explorer's earlier sends (a login
    /// token), so a run picks up where the user is. `--var` values win over them.
    package var captured: [String: [String: VariableScope.Value]]
    /// Told when an exchange could not be written to history (the run goes on: history is a
    /// convenience, not the work). `lazer run` says it once on stderr; the explorer as a notice.
    package var historyFailed: (@Sendable (String) -> Void)?
    /// The run's cookie jar, shared by every request of every collection of the run (`lazer run`:
    /// empty, or read from `--cookie-jar`, so a CI run starts from known cookies); nil leaves
    /// cookies to the dispatcher.
    package var cookieJar: CookieJar?
    /// `lazer run --update-snapshots`: each `snapshot` expectation writes its file from the response
    /// (created, updated or left unchanged) and passes; the result lists the files written.
    package var updateSnapshots = false
    /// `lazer run --from-history`: nothing is sent; each request's checks run against its latest
    /// history entry (a request without one fails with the reason).
    package var fromHistory = false
    /// `--trust-scripts`: the collections' pre-request and test scripts run (a script can send
    /// requests); without it a request with scripts is not sent.
    package var trustScripts = false
    /// Collection files whose scripts run without `trustScripts` (the explorer's Runner view: the
    /// files the user trusted; a refused one does not stop the others' scripts).
    package var trustedScriptFiles: Set<String> = []
    /// Keep each request's headers and (cut) bodies in its result (`RequestResult.details`), for
    /// the reports that show them: `lazer run --reporter html` or `json`.
    package var keepsExchangeDetails = false

    package init(
        environment: String? = nil, variables: [String: String] = [:], bail: Bool = false, timeout: Duration? = nil,
        recordHistory: Bool = true, parallel: Int = 1, repetitions: Int = 1,
        captured: [String: [String: VariableScope.Value]] = [:]
    ) {
        self.captured = captured
        self.parallel = max(1, parallel)
        self.repetitions = max(1, repetitions)
        self.environment = environment
        self.variables = variables
        self.bail = bail
        self.timeout = timeout
        self.recordHistory = recordHistory
    }
}

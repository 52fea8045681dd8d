import Foundation
package import Workspace

/// What happened to one request of a run: its response and checks, its transport failure, or why
/// it was not sent. Every text in it is already redacted (secret values shown as `••••••`), so a
/// reporter can print any field as it is.
package struct RequestResult: Sendable, Equatable {
    /// How a request ended.
    package enum Status: String, Sendable, Equatable {
        /// A response arrived and every expectation held.
        case passed
        /// A response arrived and at least one expectation failed.
        case failed
        /// No response: the transport failed (translated in `failure`).
        case error
        /// The request could not be built (an undefined variable, a bad URL, a broken mock route).
        case notSent
        /// Not run: an earlier request failed and the run was started with `--bail`.
        case skipped
    }

    /// Where the request is: its collection and folders.
    package var collectionName: String {
        get { storage.fields.collectionName }
        set { uniqueStorage().fields.collectionName = newValue }
    }
    package var collectionID: String {
        get { storage.fields.collectionID }
        set { uniqueStorage().fields.collectionID = newValue }
    }
    package var collectionFile: String {
        get { storage.fields.collectionFile }
        set { uniqueStorage().fields.collectionFile = newValue }
    }
    package var folderPath: [String] {
        get { storage.fields.folderPath }
        set { uniqueStorage().fields.folderPath = newValue }
    }
    package var requestID: String {
        get { storage.fields.requestID }
        set { uniqueStorage().fields.requestID = newValue }
    }
    package var name: String {
        get { storage.fields.name }
        set { uniqueStorage().fields.name = newValue }
    }
    package var method: String {
        get { storage.fields.method }
        set { uniqueStorage().fields.method = newValue }
    }
    /// The resolved URL, secrets masked (the saved URL when the request was not built).
    package var url: String {
        get { storage.fields.url }
        set { uniqueStorage().fields.url = newValue }
    }
    package var environment: String? {
        get { storage.fields.environment }
        set { uniqueStorage().fields.environment = newValue }
    }
    /// Which pass of `--repeat` this is (1-based).
    package var iteration: Int {
        get { storage.fields.iteration }
        set { uniqueStorage().fields.iteration = newValue }
    }
    package var status: Status {
        get { storage.fields.status }
        set { uniqueStorage().fields.status = newValue }
    }
    /// The response's status code and reason phrase, when one arrived.
    package var responseStatus: Int? {
        get { storage.fields.responseStatus }
        set { uniqueStorage().fields.responseStatus = newValue }
    }
    package var responseReason: String? {
        get { storage.fields.responseReason }
        set { uniqueStorage().fields.responseReason = newValue }
    }
    /// From sending to the processed response or failure (the last attempt's).
    package var duration: Duration {
        get { storage.fields.duration }
        set { uniqueStorage().fields.duration = newValue }
    }
    /// How many times the request was sent (more than 1 after retries).
    package var attempts: Int {
        get { storage.fields.attempts }
        set { uniqueStorage().fields.attempts = newValue }
    }
    package var checks: [CheckResult] {
        get { storage.fields.checks }
        set { uniqueStorage().fields.checks = newValue }
    }
    package var captures: [CaptureResult] {
        get { storage.fields.captures }
        set { uniqueStorage().fields.captures = newValue }
    }
    /// The translated transport failure, when no response arrived.
    package var failure: FailureReport? {
        get { storage.fields.failure }
        set { uniqueStorage().fields.failure = newValue }
    }
    /// Why the request was not built (`notSent`), each problem with where it occurs.
    package var problems: [String] {
        get { storage.fields.problems }
        set { uniqueStorage().fields.problems = newValue }
    }

    /// What the request's scripts wrote with `console` (masked), in order.
    package var scriptConsole: [String] {
        get { storage.fields.scriptConsole }
        set { uniqueStorage().fields.scriptConsole = newValue }
    }

    /// The requests the request's scripts sent (`pm.sendRequest`), in order, URLs masked.
    package var scriptRequests: [ScriptRequestRecord] {
        get { storage.fields.scriptRequests }
        set { uniqueStorage().fields.scriptRequests = newValue }
    }

    /// `--update-snapshots`: what was done to each snapshot file (`created Collections/a.snapshots/b.json`).
    package var snapshotWrites: [String] {
        get { storage.fields.snapshotWrites }
        set { uniqueStorage().fields.snapshotWrites = newValue }
    }
    /// `--from-history`: the history entry checked instead of a response (`2026-12-01 18:40:02`).
    package var historyEntry: String? {
        get { storage.fields.historyEntry }
        set { uniqueStorage().fields.historyEntry = newValue }
    }

    /// Where the exchange's time went, phase by phase (empty when the transport measured none).
    package var phases: [ExchangePhase] {
        get { storage.fields.phases }
        set { uniqueStorage().fields.phases = newValue }
    }
    /// The request and response as sent and received, masked and cut (only when a report shows
    /// them: `RunConfiguration.keepsExchangeDetails`).
    package var details: ExchangeDetails? {
        get { storage.fields.details }
        set { uniqueStorage().fields.details = newValue }
    }
    /// `lazer run --shard`: the request's place in the whole run, shards together, so that
    /// `lazer report merge` puts the shards' results back in the order one run has them.
    package var position: Int? {
        get { storage.fields.position }
        set { uniqueStorage().fields.position = newValue }
    }

    /// The fields, in one box: a result is handed along and copied at every step of a run (its
    /// attempt, its check, the report), and copying a box is one retain where copying twenty
    /// fields was twenty. Written through ``uniqueStorage()`` (copy on write).
    private final class Storage: @unchecked Sendable {
        // @unchecked: only reached through `RequestResult`, which copies the box before any write
        // unless it holds the only reference, so a box another value can see is never mutated.
        var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    private struct Fields: Equatable {
        var collectionName: String
        var collectionID: String
        var collectionFile: String
        var folderPath: [String]
        var requestID: String
        var name: String
        var method: String
        var url: String
        var environment: String?
        var iteration: Int
        var status: Status
        var responseStatus: Int?
        var responseReason: String?
        var duration: Duration
        var attempts: Int
        var checks: [CheckResult]
        var captures: [CaptureResult]
        var failure: FailureReport?
        var problems: [String]
        var snapshotWrites: [String] = []
        var scriptConsole: [String] = []
        var scriptRequests: [ScriptRequestRecord] = []
        var historyEntry: String?
        var phases: [ExchangePhase] = []
        var details: ExchangeDetails?
        var position: Int?
    }

    private var storage: Storage

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    package init(
        collectionName: String, collectionID: String, collectionFile: String, folderPath: [String], requestID: String,
        name: String, method: String, url: String, environment: String?, iteration: Int = 1, status: Status,
        responseStatus: Int? = nil, responseReason: String? = nil, duration: Duration = .zero, attempts: Int = 0,
        checks: [CheckResult] = [], captures: [CaptureResult] = [], failure: FailureReport? = nil,
        problems: [String] = []
    ) {
        storage = Storage(
            Fields(
                collectionName: collectionName, collectionID: collectionID, collectionFile: collectionFile,
                folderPath: folderPath, requestID: requestID, name: name, method: method, url: url,
                environment: environment, iteration: iteration, status: status, responseStatus: responseStatus,
                responseReason: responseReason, duration: duration, attempts: attempts, checks: checks,
                captures: captures,
                failure: failure, problems: problems))
    }

    package static func == (lhs: RequestResult, rhs: RequestResult) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// `Folder/Sub/Name`: the request's path inside its collection.
    package var path: String { (folderPath + [name]).joined(separator: "/") }

    /// The duration in milliseconds, rounded to a thousandth.
    package var milliseconds: Double { Self.milliseconds(duration) }

    package static func milliseconds(_ duration: Duration) -> Double {
        ScriptResponse.milliseconds(duration)
    }
}

/// One expectation's outcome, with the expected and actual values as a person reads them.
package struct CheckResult: Sendable, Equatable {
    /// The most characters of an expected or actual value a report shows: a body check against a
    /// 100 MB response must not copy the body into every report (and onto the terminal).
    package static let shownLength = 4096

    /// `text`, cut after `shownLength` characters with the size it had (`… (104857600 bytes in all)`).
    static func shown(_ text: String) -> String {
        guard text.utf8.count > shownLength else { return text }
        let cut = text.prefix(shownLength)
        guard cut.endIndex < text.endIndex else { return text }
        return cut + "… (\(text.utf8.count) bytes in all)"
    }

    /// `status`, `header`, `jsonPath`, `responseTime` or `body`.
    package var subject: String
    /// The JSONPath of a `jsonPath` check, or the header name of a `header` check.
    package var path: String?
    /// `equals`, `lessThan`, …
    package var op: String
    /// What is checked, as shown (`status`, `header Content-Type`, `$.id`).
    package var label: String
    package var passed: Bool
    package var expected: String
    package var actual: String

    package init(
        subject: String, path: String?, op: String, label: String, passed: Bool, expected: String, actual: String
    ) {
        self.subject = subject
        self.path = path
        self.op = op
        self.label = label
        self.passed = passed
        self.expected = expected
        self.actual = actual
    }
}

/// A value a capture took from the response; a secret one is always shown masked.
package struct CaptureResult: Sendable, Equatable {
    package var variable: String
    /// The value, `••••••` when the capture is secret; nil when the response did not have it.
    package var value: String?
    package var secret: Bool

    package init(variable: String, value: String?, secret: Bool) {
        self.variable = variable
        self.value = value
        self.secret = secret
    }
}

/// A transport failure as the translator explains it: never a bare curl code.
package struct FailureReport: Sendable, Equatable {
    /// A stable identifier of the kind of failure (`dnsFailure`, `totalTimeout`, …; `other`).
    package var kind: String
    /// Where in the exchange it failed: `resolving`, `connecting`, `TLS`, `sending`, `waiting`, `receiving`, `request`.
    package var stage: String
    package var title: String
    package var explanation: String
    package var hint: String
    package var detail: String

    package init(kind: String, stage: String, title: String, explanation: String, hint: String, detail: String) {
        self.kind = kind
        self.stage = stage
        self.title = title
        self.explanation = explanation
        self.hint = hint
        self.detail = detail
    }
}

/// A request a script sent (`pm.sendRequest`), as the run's reports show it: its stage, where it
/// went (secrets masked), its status or why it failed, and its time.
package struct ScriptRequestRecord: Codable, Sendable, Equatable {
    package var stage: String
    package var method: String
    package var url: String
    package var status: Int?
    package var failure: String?
    package var durationMs: Double

    package init(stage: ScriptJob.Stage, _ sent: ScriptSentRequest, redactor: Redactor) {
        self.stage = stage.title
        method = sent.method
        url = redactor.redact(sent.url)
        status = sent.status
        failure = sent.failure.map(redactor.redact)
        durationMs = RequestResult.milliseconds(sent.duration)
    }

    /// One line: `GET http://… → 200 (3 ms)` or `GET http://… → failed: …`.
    package var line: String {
        let outcome = status.map { "→ \($0)" } ?? "→ failed: \(failure ?? "no answer")"
        return "\(stage) pm.sendRequest \(method) \(url) \(outcome) (\(ReportText.duration(durationMs)))"
    }
}

import Foundation

/// What happened to one request of a run: its response and checks, its transport failure, or why
/// it was not sent. Every text in it is already redacted (secret values shown as `••••••`), so a
/// reporter can print any field as it is.
public struct RequestResult: Sendable, Equatable {
    /// How a request ended.
    public enum Status: String, Sendable, Equatable {
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
    public var collectionName: String {
        get { storage.collectionName }
        set { uniqueStorage().collectionName = newValue }
    }
    public var collectionID: String {
        get { storage.collectionID }
        set { uniqueStorage().collectionID = newValue }
    }
    public var collectionFile: String {
        get { storage.collectionFile }
        set { uniqueStorage().collectionFile = newValue }
    }
    public var folderPath: [String] {
        get { storage.folderPath }
        set { uniqueStorage().folderPath = newValue }
    }
    public var requestID: String {
        get { storage.requestID }
        set { uniqueStorage().requestID = newValue }
    }
    public var name: String {
        get { storage.name }
        set { uniqueStorage().name = newValue }
    }
    public var method: String {
        get { storage.method }
        set { uniqueStorage().method = newValue }
    }
    /// The resolved URL, secrets masked (the saved URL when the request was not built).
    public var url: String {
        get { storage.url }
        set { uniqueStorage().url = newValue }
    }
    public var environment: String? {
        get { storage.environment }
        set { uniqueStorage().environment = newValue }
    }
    /// Which pass of `--repeat` this is (1-based).
    public var iteration: Int {
        get { storage.iteration }
        set { uniqueStorage().iteration = newValue }
    }
    public var status: Status {
        get { storage.status }
        set { uniqueStorage().status = newValue }
    }
    /// The response's status code and reason phrase, when one arrived.
    public var responseStatus: Int? {
        get { storage.responseStatus }
        set { uniqueStorage().responseStatus = newValue }
    }
    public var responseReason: String? {
        get { storage.responseReason }
        set { uniqueStorage().responseReason = newValue }
    }
    /// From sending to the processed response or failure (the last attempt's).
    public var duration: Duration {
        get { storage.duration }
        set { uniqueStorage().duration = newValue }
    }
    /// How many times the request was sent (more than 1 after retries).
    public var attempts: Int {
        get { storage.attempts }
        set { uniqueStorage().attempts = newValue }
    }
    public var checks: [CheckResult] {
        get { storage.checks }
        set { uniqueStorage().checks = newValue }
    }
    public var captures: [CaptureResult] {
        get { storage.captures }
        set { uniqueStorage().captures = newValue }
    }
    /// The translated transport failure, when no response arrived.
    public var failure: FailureReport? {
        get { storage.failure }
        set { uniqueStorage().failure = newValue }
    }
    /// Why the request was not built (`notSent`), each problem with where it occurs.
    public var problems: [String] {
        get { storage.problems }
        set { uniqueStorage().problems = newValue }
    }

    /// The fields, in one box: a result is handed along and copied at every step of a run (its
    /// attempt, its check, the report), and copying a box is one retain where copying twenty
    /// fields was twenty. Written through ``uniqueStorage()`` (copy on write).
    private final class Storage: @unchecked Sendable {
        // @unchecked: only reached through `RequestResult`, which copies the box before any write
        // unless it holds the only reference, so a box another value can see is never mutated.
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

        init(
            collectionName: String, collectionID: String, collectionFile: String, folderPath: [String],
            requestID: String, name: String, method: String, url: String, environment: String?, iteration: Int,
            status: Status, responseStatus: Int?, responseReason: String?, duration: Duration, attempts: Int,
            checks: [CheckResult], captures: [CaptureResult], failure: FailureReport?, problems: [String]
        ) {
            self.collectionName = collectionName
            self.collectionID = collectionID
            self.collectionFile = collectionFile
            self.folderPath = folderPath
            self.requestID = requestID
            self.name = name
            self.method = method
            self.url = url
            self.environment = environment
            self.iteration = iteration
            self.status = status
            self.responseStatus = responseStatus
            self.responseReason = responseReason
            self.duration = duration
            self.attempts = attempts
            self.checks = checks
            self.captures = captures
            self.failure = failure
            self.problems = problems
        }

        func copy() -> Storage {
            Storage(
                collectionName: collectionName, collectionID: collectionID, collectionFile: collectionFile,
                folderPath: folderPath, requestID: requestID, name: name, method: method, url: url,
                environment: environment, iteration: iteration, status: status, responseStatus: responseStatus,
                responseReason: responseReason, duration: duration, attempts: attempts, checks: checks,
                captures: captures, failure: failure, problems: problems)
        }
    }

    private var storage: Storage

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    public init(
        collectionName: String, collectionID: String, collectionFile: String, folderPath: [String], requestID: String,
        name: String, method: String, url: String, environment: String?, iteration: Int = 1, status: Status,
        responseStatus: Int? = nil, responseReason: String? = nil, duration: Duration = .zero, attempts: Int = 0,
        checks: [CheckResult] = [], captures: [CaptureResult] = [], failure: FailureReport? = nil,
        problems: [String] = []
    ) {
        storage = Storage(
            collectionName: collectionName, collectionID: collectionID, collectionFile: collectionFile,
            folderPath: folderPath, requestID: requestID, name: name, method: method, url: url,
            environment: environment, iteration: iteration, status: status, responseStatus: responseStatus,
            responseReason: responseReason, duration: duration, attempts: attempts, checks: checks, captures: captures,
            failure: failure, problems: problems)
    }

    public static func == (lhs: RequestResult, rhs: RequestResult) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.collectionName == rhs.collectionName && lhs.collectionID == rhs.collectionID
            && lhs.collectionFile == rhs.collectionFile && lhs.folderPath == rhs.folderPath
            && lhs.requestID == rhs.requestID && lhs.name == rhs.name && lhs.method == rhs.method && lhs.url == rhs.url
            && lhs.environment == rhs.environment && lhs.iteration == rhs.iteration && lhs.status == rhs.status
            && lhs.responseStatus == rhs.responseStatus && lhs.responseReason == rhs.responseReason
            && lhs.duration == rhs.duration && lhs.attempts == rhs.attempts && lhs.checks == rhs.checks
            && lhs.captures == rhs.captures && lhs.failure == rhs.failure && lhs.problems == rhs.problems
    }

    /// `Folder/Sub/Name`: the request's path inside its collection.
    public var path: String { (folderPath + [name]).joined(separator: "/") }

    /// The duration in milliseconds, rounded to a thousandth.
    public var milliseconds: Double { Self.milliseconds(duration) }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return (value * 1000).rounded() / 1000
    }
}

/// One expectation's outcome, with the expected and actual values as a person reads them.
public struct CheckResult: Sendable, Equatable {
    /// `status`, `header`, `jsonPath`, `responseTime` or `body`.
    public var subject: String
    /// The JSONPath of a `jsonPath` check, or the header name of a `header` check.
    public var path: String?
    /// `equals`, `lessThan`, …
    public var op: String
    /// What is checked, as shown (`status`, `header Content-Type`, `$.id`).
    public var label: String
    public var passed: Bool
    public var expected: String
    public var actual: String

    public init(
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
public struct CaptureResult: Sendable, Equatable {
    public var variable: String
    /// The value, `••••••` when the capture is secret; nil when the response did not have it.
    public var value: String?
    public var secret: Bool

    public init(variable: String, value: String?, secret: Bool) {
        self.variable = variable
        self.value = value
        self.secret = secret
    }
}

/// A transport failure as the translator explains it: never a bare curl code.
public struct FailureReport: Sendable, Equatable {
    /// A stable identifier of the kind of failure (`dnsFailure`, `totalTimeout`, …; `other`).
    public var kind: String
    /// Where in the exchange it failed: `resolving`, `connecting`, `TLS`, `sending`, `waiting`, `receiving`, `request`.
    public var stage: String
    public var title: String
    public var explanation: String
    public var hint: String
    public var detail: String

    public init(kind: String, stage: String, title: String, explanation: String, hint: String, detail: String) {
        self.kind = kind
        self.stage = stage
        self.title = title
        self.explanation = explanation
        self.hint = hint
        self.detail = detail
    }
}

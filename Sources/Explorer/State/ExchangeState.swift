import Futures
package import HTTPCore
import JSONTree
package import Workspace

/// The selected request's exchanges as the screen shows them: the send in flight (its
/// generation and stage) and the last result, which stays visible, marked stale, until a newer
/// send finishes.
package struct ExchangeState: Sendable, Equatable {
    /// The generation of the send in flight, nil when none is.
    package var inFlight: Int?
    /// `ExplorerState.now` when the send in flight started.
    package var startedAt: Duration = .zero
    package var environmentName: String?
    package var isMock = false
    package var result: ExchangeResult?
    /// What the send in flight has reported so far (its events and chain stages); it moves to
    /// the result when the send ends.
    package var trace: ExchangeTrace?
    /// The oauth2 token the last send used (what the Auth tab says of it; never the token).
    package var token: OAuthTokenState?
    /// The events of the last streamed response (live while its send is in flight).
    package var stream: StreamLog?
    /// The start of the body of the send in flight, as a partial tree (a JSON answer still arriving).
    package var preview: BodyPreviewState?

    package init() {}

    /// Where the send in flight is: as its trace says, else sending (nothing reported yet).
    package var stage: SendStage { trace?.stage ?? .transport(.sending, progress: nil) }

    /// The shown result belongs to an older send than the one in flight.
    package var isStale: Bool { inFlight != nil && result != nil && previewResult == nil }

    /// The partial result of the send in flight (its body's start as a tree), once there is one.
    package var previewResult: ExchangeResult? {
        guard let preview, preview.generation == inFlight else { return nil }
        return preview.result
    }

    /// The result the response pane shows: the partial one of the send in flight, else the last.
    package var shownResult: ExchangeResult? { previewResult ?? result }

    /// The stream of the send in flight, once its first events came.
    package var liveStream: StreamLog? {
        guard let stream, stream.generation == inFlight else { return nil }
        return stream
    }

    /// The stream shown: the live one, else the one of the result shown.
    package var shownStream: StreamLog? {
        guard let stream else { return nil }
        return stream.generation == inFlight || stream.generation == result?.generation ? stream : nil
    }
}

/// How one send ended.
package struct ExchangeResult: Sendable, Equatable {
    package enum Outcome: Sendable, Equatable {
        case response(ReceivedResponse)
        /// No response: the translated error card.
        case failure(FailureCard)
        /// The user cancelled it, in `stage`, after `elapsed`.
        case cancelled(stage: String, elapsed: Duration)
    }

    package var generation: Int
    package var outcome: Outcome
    package var environmentName: String?
    package var isMock: Bool
    /// The URL that was sent, secrets masked.
    package var url: String
    package var method: String
    /// What the send reported while it ran (nil for a history entry: no events were kept).
    package var trace: ExchangeTrace?
    /// The request as it went out, secrets masked (nil: it was never sent).
    package var sent: SentRequest?
    /// "signed (SigV4: region/service, signed headers …)" when the request was signed as it was
    /// prepared (`aws-sigv4` auth): the Timeline's first line.
    package var signing: String?
    /// What the oauth2 token stage did ("token (oauth2 password): refreshed, valid until …") and
    /// its requests, one line each: the Timeline's token sub-exchange.
    package var token: [String]?
    /// The token fetch's requests (discovery, the browser's return, token, refresh, device polls)
    /// with their timings: rows under the token stage in the Timeline.
    package var tokenSteps: [OAuthStepRecord] = []
    /// What the request's scripts did (nil: it has none, or they did not run).
    package var scripts: ScriptsReport?
    /// Why a streamed response ended before the server closed it (a limit of the request's
    /// `stream` settings, or a stop); nil when the server closed it or it was no stream.
    package var streamEnd: ResponseStream.End?

    package init(
        generation: Int, outcome: Outcome, environmentName: String?, isMock: Bool, url: String, method: String
    ) {
        self.generation = generation
        self.outcome = outcome
        self.environmentName = environmentName
        self.isMock = isMock
        self.url = url
        self.method = method
    }

    package var response: ReceivedResponse? {
        if case .response(let response) = outcome { return response }
        return nil
    }
}

/// A response reduced to what the response pane shows; the body is already parsed.
package struct ReceivedResponse: Sendable, Equatable {
    package var status: Int
    package var reason: String
    package var httpVersion: String
    /// Header lines as received, values of credential headers masked.
    package var headers: [(name: String, value: String)]
    package var timings: Timings
    package var size: Int64
    package var content: ResponseContent
    package var contentType: String?
    /// For a 4xx or 5xx status: the translation shown as a banner above the body.
    package var banner: Translation?
    /// Each expectation of the request, evaluated against this response.
    package var checks: [CheckResult]
    /// The body's lines for the exact Raw view (indexed once, off the main thread).
    package var rawLines: TextBody
    /// What "accept as snapshot" writes, when the request has a snapshot expectation.
    package var snapshot: SnapshotProposal?
    /// Set while the body is still arriving: the content is the part that has come.
    package var partial: PartialBody?

    /// Equal field by field (the header pairs are compared in order).
    package static func == (a: ReceivedResponse, b: ReceivedResponse) -> Bool {
        a.status == b.status && a.reason == b.reason && a.httpVersion == b.httpVersion
            && a.headers.elementsEqual(b.headers) { $0 == $1 } && a.timings == b.timings && a.size == b.size
            && a.content == b.content && a.contentType == b.contentType && a.banner == b.banner
            && a.checks == b.checks && a.rawLines == b.rawLines && a.snapshot == b.snapshot && a.partial == b.partial
    }

    package init(
        status: Int, reason: String, httpVersion: String, headers: [(name: String, value: String)], timings: Timings,
        size: Int64, content: ResponseContent, contentType: String?, banner: Translation?, checks: [CheckResult],
        rawLines: TextBody? = nil
    ) {
        self.status = status
        self.reason = reason
        self.httpVersion = httpVersion
        self.headers = headers
        self.timings = timings
        self.size = size
        self.content = content
        self.contentType = contentType
        self.banner = banner
        self.checks = checks
        // Given when made already, off the main thread (a partial body's, without its closing brackets).
        if let rawLines {
            self.rawLines = rawLines
            return
        }
        switch content {
        case .json(let document): self.rawLines = TextBody(bytes: document.bytes)
        case .text(let body, _): self.rawLines = body
        case .empty, .binary: self.rawLines = TextBody(binary: [])
        }
    }
}

/// One evaluated expectation: what was expected, what came, and whether they agree.
package struct CheckResult: Sendable, Hashable {
    package var label: String
    package var passed: Bool
    package var expected: String
    package var actual: String
    /// A contract finding's place in the body (`$.items[3].price`): the tree marks that row.
    package var path: String?
    /// A script test's script ("request Login"): the Checks tab lists it under the expectations.
    package var script: String?

    package init(
        label: String, passed: Bool, expected: String, actual: String, path: String? = nil, script: String? = nil
    ) {
        self.label = label
        self.passed = passed
        self.expected = expected
        self.actual = actual
        self.path = path
        self.script = script
    }

    /// Contract outcomes as checks: one passed check for a response that conforms, one failed
    /// check per finding (with its JSONPath), redacted.
    package static func contractChecks(_ results: [ContractResult], redactor: Redactor) -> [CheckResult] {
        var checks: [CheckResult] = []
        for result in results {
            guard !result.passed else {
                checks.append(
                    CheckResult(
                        label: result.label, passed: true, expected: "conforms",
                        actual: redactor.redact(result.checked)))
                continue
            }
            for finding in result.findings {
                let (expected, actual) = finding.expectedAndActual
                checks.append(
                    CheckResult(
                        label: result.label(of: finding), passed: false, expected: redactor.redact(expected),
                        actual: redactor.redact(actual), path: finding.instancePath))
            }
        }
        return checks
    }
}

/// The error card's contents: the translation, where the failing part came from, the stage and
/// the technical detail (folded until asked for).
package struct FailureCard: Sendable, Hashable {
    package var translation: Translation
    /// "The base URL of environment staging (http://…)", when the failing part can be named.
    package var origin: String?
    /// Problems found before sending (unresolved variables…): one line each, with where they occur.
    package var problems: [String]
    package var elapsed: Duration?
    /// "Failed during the TLS handshake after 23 ms", when the transport said where it failed.
    package var failedStage: String?

    package init(
        translation: Translation, origin: String?, problems: [String] = [], elapsed: Duration? = nil,
        failedStage: String? = nil
    ) {
        self.translation = translation
        self.origin = origin
        self.problems = problems
        self.elapsed = elapsed
        self.failedStage = failedStage
    }
}

/// Counts with thousands grouped: "126,818".
package enum CountText {
    package static func format(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (count < 0 ? "-" : "") + out
    }
}

/// Human byte counts: "512 B", "41.6 KB", "8.0 MB".
package enum ByteCount {
    package static func format(_ count: Int64) -> String {
        if count < 1000 { return "\(count) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(count) / 1000
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if value < 10 {
            let tenths = Int((value * 10).rounded())
            return "\(tenths / 10).\(tenths % 10) \(units[unit])"
        }
        return "\(Int(value.rounded())) \(units[unit])"
    }
}

/// Human durations: "184 ms", "1.2 s", "2 min 5 s".
package enum DurationText {
    package static func format(_ duration: Duration) -> String {
        let milliseconds =
            Double(duration.components.seconds) * 1000
            + Double(duration.components.attoseconds) / 1e15
        if milliseconds < 1 { return milliseconds <= 0 ? "0 ms" : "<1 ms" }
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        let seconds = milliseconds / 1000
        if seconds < 60 {
            let tenths = Int((seconds * 10).rounded())
            return "\(tenths / 10).\(tenths % 10) s"
        }
        let whole = Int(seconds)
        return "\(whole / 60) min \(whole % 60) s"
    }
}

import AnnotatedLocks
import Foundation
import Futures
import HTTPCore
import JSONTree
import StateStore
import Workspace

/// One request of a run, from preparing it to its redacted result and the values it captured.
struct RequestExecution {
    let runner: ReplayRunner
    let item: RunPlan.Item
    /// Prepares the requests of the item's collection in the run's environment.
    let preparer: RequestPreparer
    /// Values captured earlier in the run (and `--var` values).
    var captures: [String: VariableScope.Value]
    /// Set once the request's pre-request scripts ran (`runScripted`).
    var scripted: Scripted? = nil
    /// Whether the send is watched for a `LoadRendering` (`lazer load`'s first pass of a user).
    var renders = false

    struct Outcome {
        var result: RequestResult
        /// The values this request's captures took, for the requests after it.
        var captured: [String: VariableScope.Value]
        /// When the transport saw the exchange end (`Timings.completedAt`), where it says.
        var completedAt: ContinuousClock.Instant?
        /// How to send the request again as bytes, when `renders` asked and it can be.
        var rendering: LoadRendering? = nil
    }

    func run() async -> Outcome {
        if scripted == nil, hasScripts { return await runScripted() }
        return await run(await prepare(sending: true))
    }

    /// The rest of `run` for a request prepared already (ahead, by a run one at a time).
    func run(_ prepared: Prepared) async -> Outcome {
        switch prepared {
        case .done(let outcome): return outcome
        case .ready(let request, let preparation, let result):
            return await send(request, preparation: preparation, into: result)
        }
    }

    /// A request prepared: ready to go, with the request as it goes out (its URL made, its options
    /// set), its preparation and its result so far; or the outcome of one that stops before it is
    /// sent (the preparation's problems, an auth command that failed…).
    enum Prepared {
        case done(Outcome)
        case ready(HTTPRequest, SendPreparation, RequestResult)
    }

    /// Whether a prepared request is sent once, as it is: no WebSocket, no retries, no token
    /// stage. A run one request at a time may start such a request before it checks the one
    /// before it (`start`, `finish`).
    static func isPlain(_ saved: SavedRequest, _ preparation: SendPreparation) -> Bool {
        !saved.opensWebSocket && saved.retry == nil && preparation.oauth == nil
    }

    /// Prepares the request (after its pre-request scripts, when `scripted` holds them): its
    /// variables resolved with `captures`, its auth command run when one has no token yet. With
    /// `sending`, also sends it from here, and `.done` holds its outcome: the parts go on from
    /// this function's own locals (returned in a value, they were copied, and the result, then
    /// shared, was copied whole when it was filled in).
    func prepare(sending: Bool = false) async -> Prepared {
        let configuration = runner.configuration
        let saved = scripted?.request ?? item.request
        var preparation = preparer.prepare(saved, captures: captures, answers: runner.configuration.answers)
        // What stops the request before it is sent, beside the preparation's problems.
        var stopProblem: String?
        // `command` auth without a cached token: the command runs off this task's thread, then
        // the request is prepared again with the token it printed.
        if !configuration.fromHistory, let fetched = await runner.services.fetchCommandToken(for: preparation) {
            switch fetched {
            case .success:
                preparation = preparer.prepare(saved, captures: captures, answers: runner.configuration.answers)
            case .failure(let error): stopProblem = error.description
            }
        }
        var result = RequestResult(
            collectionName: item.collectionName, collectionID: item.collectionID,
            collectionFile: item.documentPath, folderPath: item.folderPath, requestID: saved.id, name: saved.name,
            method: saved.sentMethod, url: saved.url, environment: preparation.environment?.name,
            status: .notSent)
        if configuration.fromHistory { return .done(recheck(preparation: preparation, into: result)) }
        if preparation.pendingCommand != nil, stopProblem == nil {
            stopProblem = "the auth command's token expired before the request could use it"
        }
        // A GraphQL document that does not say which of its operations runs is stopped before it
        // leaves, as the explorer stops it (a server would refuse it).
        if stopProblem == nil, case .graphql(let body) = saved.body.content {
            stopProblem = GraphQLOperationKind.choiceProblem(document: body.query, operationName: body.operationName)
        }
        guard var request = preparation.request, preparation.dispatcher != nil, preparation.problems.isEmpty,
            stopProblem == nil, preparation.pendingCommand == nil
        else {
            result.problems = (preparation.problems + [stopProblem].compactMap { $0 }).map(
                preparation.redactor.redact)
            return .done(Outcome(result: result, captured: [:]))
        }
        // The request is changed below: the preparation lets go of its copy, so the change is made
        // in place rather than on a copy of the whole request (nothing reads it from there).
        preparation.request = nil
        if let timeout = configuration.timeout, request.options.totalTimeout == nil {
            request.options.totalTimeout = timeout
        }
        if !configuration.followRedirects { request.options.followRedirects = false }
        // The URL is made once, here: the request is sent to it (its query items in it, no
        // provider left to read) and the report shows it.
        if let url = try? request.url() {
            request.target = .url(url)
            request.queryItems = []
            request.serverProvider = nil
            result.url = preparation.redactor.redact(url.absoluteString)
        } else {
            result.url = preparation.redactor.redact(saved.url)
        }
        guard sending else { return .ready(request, preparation, result) }
        return .done(await send(request, preparation: preparation, into: consume result))
    }

    /// Sends a prepared request (as a WebSocket, or again as its retry policy asks) and makes its result.
    private func send(
        _ request: HTTPRequest, preparation: SendPreparation, into result: consuming RequestResult
    ) async -> Outcome {
        let saved = scripted?.request ?? item.request
        if saved.opensWebSocket {
            return await sendWebSocket(request, preparation: preparation, into: consume result)
        }
        guard saved.retry != nil else {
            // Sent once: the result is handed over, not shared, so filling it in copies nothing.
            var outcome = await attempt(streaming(request), preparation: preparation, into: consume result)
            outcome.result.attempts = 1
            return outcome
        }
        let result = result
        var attempt = 1
        while true {
            var outcome = await self.attempt(streaming(request), preparation: preparation, into: copy result)
            outcome.result.attempts = attempt
            guard let policy = saved.retry, attempt <= policy.count, Self.asksForRetry(outcome.result, policy) else {
                return outcome
            }
            let delay = policy.delay(beforeRetry: attempt)
            if delay > .zero { try? await Task.sleep(for: delay) }
            attempt += 1
        }
    }

    /// Whether `result` is an outcome `policy` retries.
    static func asksForRetry(_ result: RequestResult, _ policy: RetryPolicy) -> Bool {
        let conditions = policy.conditions
        switch result.status {
        case .error: return conditions.contains(.transportError)
        case .passed, .failed:
            if let status = result.responseStatus, status >= 500, conditions.contains(.serverError) { return true }
            return result.status == .failed && conditions.contains(.failedExpectation)
        case .notSent, .skipped: return false
        }
    }

    /// A plain request `start` sent, its response not read yet. A class: the run holds it while
    /// it checks the request before it, and hands it on as one reference.
    final class InFlight {
        fileprivate let future: ResponseFuture<DataResponse>?
        fileprivate let sent: Sent
        fileprivate let preparation: SendPreparation
        /// Taken once by `finish` (the one reference to it then, so filling it in copies nothing).
        fileprivate var result: RequestResult?

        fileprivate init(
            future: ResponseFuture<DataResponse>?, sent: Sent, preparation: SendPreparation, result: RequestResult
        ) {
            self.future = future
            self.sent = sent
            self.preparation = preparation
            self.result = result
        }
    }

    /// Sends a plain request (`isPlain`) without waiting for its response: the transport has it,
    /// and the caller may work while it is on the wire.
    func start(_ request: HTTPRequest, preparation: SendPreparation, result: RequestResult) -> InFlight {
        let (outgoing, sent) = beginning(streaming(request), preparation: preparation, result: result)
        let future = preparation.future(for: outgoing)
        future?.send()
        return InFlight(future: future, sent: sent, preparation: preparation, result: result)
    }

    /// How the exchange of `flight` ended.
    func response(of flight: InFlight) async -> Result<DataResponse, any Error> {
        await flight.future?.fetchResult() ?? .failure(CancellationError())
    }

    /// The result of a started request once its exchange ended.
    func finish(_ flight: InFlight, with response: Result<DataResponse, any Error>) -> Outcome {
        guard let result = flight.result.take() else { preconditionFailure("a started request is finished once") }
        var outcome = received(response, flight.sent, preparation: flight.preparation, into: result)
        outcome.result.attempts = 1
        return outcome
    }

    /// `request` with a fresh response stream when the saved request streams (each attempt reads
    /// its own); changed, and its storage copied, only then.
    private func streaming(_ request: HTTPRequest) -> HTTPRequest {
        guard let stream = (scripted?.request ?? item.request).stream else { return request }
        var request = request
        request.responseStream = stream.responseStream()
        return request
    }

    /// What a send keeps from before its exchange, and the request as it goes out (watched for
    /// `lazer record` and `lazer load` when they ask).
    private func beginning(
        _ request: HTTPRequest, preparation: SendPreparation, result: RequestResult
    ) -> (HTTPRequest, Sent) {
        // Only history needs the wall-clock start (reading the clock costs on every request).
        let startedAt = runner.configuration.recordHistory ? Date() : nil
        let clockStart = ContinuousClock.now
        // `lazer record` keeps a streamed answer's events with their timing.
        var request = request
        let streamLog = runner.onExchange == nil ? nil : StreamEventLog()
        if let streamLog {
            request.responseStream = (item.request.stream ?? StreamSettings()).responseStream(onEvents: streamLog.add)
        }
        let capture = renders && rendersStill(request, preparation) ? SentHeadCapture() : nil
        if let capture { request.exchangeObserver = capture }
        let base = capture == nil ? nil : result
        let sent = Sent(
            request: request, startedAt: startedAt, clockStart: clockStart, streamLog: streamLog, capture: capture,
            base: base, jarGeneration: capture == nil ? nil : request.options.cookieJar?.generation)
        return (request, sent)
    }

    /// One attempt: sends `request` and makes its result.
    private func attempt(
        _ request: HTTPRequest, preparation: SendPreparation, into result: consuming RequestResult
    ) async -> Outcome {
        let (request, sent) = beginning(request, preparation: preparation, result: result)
        guard preparation.oauth != nil else {
            let outcome = await preparation.future(for: request)?.fetchResult() ?? .failure(CancellationError())
            return received(outcome, sent, preparation: preparation, into: consume result)
        }
        // The token stage: whatever token it used is masked in everything reported and recorded
        // (only this path changes the preparation: a copy of it costs every field's retain).
        let used = OAuthTokensUsed()
        let outcome =
            await preparation.future(for: request, onToken: used.add)?.fetchResult() ?? .failure(CancellationError())
        var masked = preparation
        masked.redactor = preparation.redactor.adding(used.secrets)
        return received(outcome, sent, preparation: masked, into: consume result)
    }

    /// What `send` keeps from before the exchange for its result.
    fileprivate struct Sent {
        let request: HTTPRequest
        let startedAt: Date?
        let clockStart: ContinuousClock.Instant
        let streamLog: StreamEventLog?
        let capture: SentHeadCapture?
        let base: RequestResult?
        let jarGeneration: Int?
    }

    /// The result of an attempt once its exchange ended (a response, or the error that ended it).
    private func received(
        _ outcome: Result<DataResponse, any Error>, _ sent: Sent, preparation: SendPreparation,
        into result: consuming RequestResult
    ) -> Outcome {
        let request = sent.request
        let completedAt: ContinuousClock.Instant? =
            switch outcome {
            case .success(let response): response.timings.completedAt
            case .failure(let error): (error as? TransportError)?.timings?.completedAt
            }
        // To where the transport saw the exchange end: a run one at a time may read a response
        // some time after it arrived (it was checking the one before).
        let elapsed = (completedAt ?? ContinuousClock.now) - sent.clockStart
        result.duration = elapsed
        let keepsDetails = runner.configuration.keepsExchangeDetails
        if keepsDetails { result.details = ExchangeDetails.request(request, redactor: preparation.redactor) }
        switch outcome {
        case .success(let response):
            // Made only when history is recorded: it is a copy of the request and the response.
            // The URL asked for, as the explorer records it: the response's URL is where
            // redirects ended (history, and a HAR export of it, would lose the request).
            func exchange() -> Exchange {
                Exchange(
                    request: request, url: (try? request.url()) ?? response.url, result: .success(response),
                    startedAt: sent.startedAt ?? Date(), duration: elapsed)
            }
            result.phases = ExchangePhase.phases(of: response.timings)
            do {
                let bytes = try ResponseBytes.of(response.body)
                var outcome = finish(
                    response, bytes: bytes, elapsed: elapsed, exchange: exchange(), preparation: preparation,
                    sentHeaders: request.headers, into: consume result)
                if keepsDetails, let details = outcome.result.details {
                    // Masked with the values this response gave to secret captures too.
                    let secrets = outcome.captured.values.filter(\.secret).map(\.text)
                    outcome.result.details = details.responding(
                        headers: response.headers, body: bytes, redactor: preparation.redactor.adding(secrets))
                }
                if let observer = runner.onExchange {
                    let secrets = outcome.captured.values.filter(\.secret).map(\.text)
                    var exchange = ReplayExchange(
                        item: item, request: request, outcome: .success(response), body: bytes.arrayValue,
                        duration: elapsed,
                        redactor: secrets.isEmpty ? preparation.redactor : preparation.redactor.adding(secrets))
                    exchange.streamEvents = sent.streamLog?.events
                    observer(exchange)
                }
                outcome.completedAt = completedAt
                if let capture = sent.capture, let base = sent.base,
                    outcome.result.status == .passed || outcome.result.status == .failed
                {
                    outcome.rendering = rendering(
                        of: request, capture: capture, response: response, preparation: preparation, base: base,
                        jarGeneration: sent.jarGeneration)
                }
                return outcome
            } catch {
                result.status = .error
                result.failure = failure(error, request: request, redactor: preparation.redactor)
                record(exchange(), preparation)
                return Outcome(result: result, captured: [:], completedAt: completedAt)
            }
        case .failure(let error):
            runner.onExchange?(
                ReplayExchange(
                    item: item, request: request, outcome: .failure(error), body: [], duration: elapsed,
                    redactor: preparation.redactor))
            if error is RequestError {
                // Nothing went on the wire: the request could not be built (no environment for a
                // path, a missing body file…) — a collection problem (exit 2), not a missing response.
                let translation = runner.translator.translate(error, context: TranslationContext(request: request))
                result.status = .notSent
                result.problems = [
                    preparation.redactor.redact(
                        "\(translation.title): \(translation.explanation) \(translation.hint)")
                ]
                return Outcome(result: result, captured: [:], completedAt: completedAt)
            }
            result.status = .error
            result.failure = failure(error, request: request, redactor: preparation.redactor)
            if let timings = (error as? TransportError)?.timings { result.phases = ExchangePhase.phases(of: timings) }
            if error is TransportError {
                record(
                    Exchange(
                        request: request, url: nil, result: .failure(error), startedAt: sent.startedAt ?? Date(),
                        duration: elapsed),
                    preparation)
            }
            return Outcome(result: result, captured: [:], completedAt: completedAt)
        }
    }

    /// Checks the expectations, takes the captures, records the exchange.
    private func finish(
        _ response: DataResponse, bytes: JSONBytes, elapsed: Duration, exchange: @autoclosure () -> Exchange,
        preparation: SendPreparation, sentHeaders: HTTPHeaders, into result: consuming RequestResult
    ) -> Outcome {
        let facts = ResponseFacts(
            status: response.statusCode.rawValue, headers: response.headers, body: bytes,
            document: item.readsJSON ? Self.document(bytes, contentType: response.headers["Content-Type"]) : nil,
            duration: response.timings.total ?? elapsed)
        var result = result
        result.responseReason = response.statusText.isEmpty ? nil : response.statusText
        let outcome = check(facts, preparation: preparation, sentHeaders: sentHeaders, into: result)
        if runner.configuration.recordHistory {
            var entry = preparation
            entry.redactor = outcome.redactor
            record(exchange(), entry)
        }
        if let file = response.body.fileURL, ResponseBody.isTransportSpill(file) {
            try? FileManager.default.removeItem(at: file)
        }
        return Outcome(result: outcome.result, captured: outcome.captured)
    }

    /// `--from-history`: the checks against the request's latest history entry, nothing sent.
    private func recheck(preparation: SendPreparation, into result: consuming RequestResult) -> Outcome {
        // The run's environment's newest entry: another environment's answer was checked (and with
        // --update-snapshots written into this one's snapshot) under this one's name.
        let environment = preparation.environment?.name ?? preparation.environmentName
        let entry: HistoryEntry?
        do throws(StateStoreError) {
            entry = try runner.services.history.entries(
                collectionID: item.collectionID, requestID: item.request.id
            ).last { $0.environment == environment }
        } catch {
            return Outcome(result: Self.noHistory(error.description, into: result), captured: [:])
        }
        guard let entry else {
            let place = environment.map { " in environment \($0)" } ?? ""
            return Outcome(
                result: Self.noHistory(
                    "no history entry for this request\(place) yet: send it there first", into: result),
                captured: [:])
        }
        result.historyEntry = entry.recordedText
        result.url = entry.url
        switch entry.responseFacts() {
        case .failure(let problem):
            return Outcome(result: Self.noHistory(problem.message, into: result), captured: [:])
        case .success(let facts):
            var outcome = check(facts, preparation: preparation, into: result)
            outcome.result.duration = facts.duration
            outcome.result.responseReason = entry.statusText
            return Outcome(result: outcome.result, captured: outcome.captured)
        }
    }

    private static func noHistory(_ message: String, into result: consuming RequestResult) -> RequestResult {
        result.status = .error
        result.failure = FailureReport(
            kind: "noHistory", stage: "history", title: message, explanation: "", hint: "", detail: "")
        return result
    }

    struct Checked {
        var result: RequestResult
        var captured: [String: VariableScope.Value]
        var redactor: Redactor
    }

    /// Takes the captures and checks the expectations of a response (sent or from history).
    func check(
        _ facts: ResponseFacts, preparation: SendPreparation, sentHeaders: HTTPHeaders? = nil,
        into result: consuming RequestResult
    ) -> Checked {
        var captured: [String: VariableScope.Value] = [:]
        var captureResults: [CaptureResult] = []
        for capture in item.request.captures {
            let value = capture.value(in: facts)
            if let value { captured[capture.variable] = value }
            captureResults.append(
                CaptureResult(variable: capture.variable, value: value?.text, secret: capture.secret))
        }
        // Secret values this very response gave to captures are masked too.
        let newSecrets = captured.values.filter(\.secret).map(\.text)
        let redactor = newSecrets.isEmpty ? preparation.redactor : preparation.redactor.adding(newSecrets)
        result.captures = captureResults.map { capture in
            var shown = capture
            shown.value = capture.value.map { capture.secret ? Redactor.mask : redactor.redact($0) }
            return shown
        }
        // A loop, not a `map` closure, which would hold its own copy of the facts.
        let expectations = item.request.expectations
        var checks: [CheckResult] = []
        checks.reserveCapacity(expectations.count)
        // A WebSocket conversation's steps come first, in order (`WebSocketStepPlayer`).
        if let steps = item.request.websocket?.steps, !steps.isEmpty {
            for (step, check) in zip(steps, WebSocketTranscript.stepChecks(facts.headers)) {
                let (op, path): (String, String?) =
                    switch step {
                    case .send(let send): ("send", send.message)
                    case .expect(let expect): (expect.op.rawValue, expect.path)
                    }
                checks.append(
                    CheckResult(
                        subject: "step", path: path, op: op, label: check.label, passed: check.passed,
                        expected: CheckResult.shown(redactor.redact(check.expected)),
                        actual: CheckResult.shown(redactor.redact(check.actual))))
            }
        }
        for (expectation, query) in zip(expectations, item.queries) {
            // `schema` expectations are checked with the contract, below.
            if case .schema = expectation.subject { continue }
            let check: ExpectationCheck
            if case .snapshot(let options) = expectation.subject {
                check = snapshot(options, facts: facts, redactor: redactor, result: &result)
            } else {
                check = ExpectationCheck(expectation, against: facts, query: query)
            }
            let (subject, path) = Self.describe(expectation.subject)
            checks.append(
                CheckResult(
                    subject: subject, path: path, op: expectation.op.rawValue, label: check.label,
                    // Masked before it is cut: a cut must not leave the start of a secret unmasked.
                    passed: check.passed, expected: CheckResult.shown(redactor.redact(check.expected)),
                    actual: CheckResult.shown(redactor.redact(check.actual))))
        }
        if item.checksContracts {
            let contracts = runner.services.contracts.check(
                item.request, collection: item.document.collection, collectionPath: item.document.path, facts: facts)
            checks += Self.checks(of: contracts, redactor: redactor)
        }
        if scripted != nil {
            checks += runTestScripts(
                facts, reason: result.responseReason, sentHeaders: sentHeaders, captured: &captured,
                redactor: redactor, into: &result)
        }
        result.checks = checks
        result.responseStatus = facts.status
        result.status = result.checks.allSatisfy(\.passed) ? .passed : .failed
        return Checked(result: result, captured: captured, redactor: redactor)
    }

    /// A snapshot expectation: compared with its file, or (`--update-snapshots`) the file written
    /// from this response and the check passed, the write noted in the result.
    private func snapshot(
        _ options: SnapshotOptions, facts: ResponseFacts, redactor: Redactor, result: inout RequestResult
    ) -> ExpectationCheck {
        let context = SnapshotContext(
            collectionFile: item.documentPath, requestID: item.request.id, redactor: redactor)
        let check = SnapshotCheck(options: options, facts: facts, context: context)
        guard runner.configuration.updateSnapshots, let current = check.current else { return check.expectationCheck }
        do throws(SnapshotError) {
            let outcome = try context.store.write(current)
            if outcome != .unchanged { result.snapshotWrites.append("\(outcome.rawValue) \(check.file)") }
            return ExpectationCheck(
                label: "snapshot", passed: true, expected: "matches \(check.file)",
                actual: outcome == .unchanged ? "matches" : outcome.rawValue)
        } catch {
            return ExpectationCheck(
                label: "snapshot", passed: false, expected: "matches \(check.file)",
                actual: "not written: \(error.message)")
        }
    }

    /// Records the exchange in history (made only when history is recorded).
    func record(_ exchange: @autoclosure () -> Exchange, _ preparation: SendPreparation) {
        guard runner.configuration.recordHistory else { return }
        // History is a convenience, not the work: a failure to write it does not fail the run,
        // but it is said (`RunConfiguration.historyFailed`).
        do throws(StateStoreError) {
            try runner.services.record(exchange(), of: preparation)
        } catch {
            runner.configuration.historyFailed?(error.description)
        }
    }

    func failure(_ error: any Error, request: HTTPRequest, redactor: Redactor) -> FailureReport {
        let translation = runner.translator.translate(error, context: TranslationContext(request: request))
        let (kind, stage) = Self.classify(error)
        return FailureReport(
            kind: kind, stage: stage, title: redactor.redact(translation.title),
            explanation: redactor.redact(translation.explanation), hint: redactor.redact(translation.hint),
            detail: redactor.redact(translation.technicalDetail))
    }

    // MARK: - Helpers

    /// The parsed body when the media type says JSON or the bytes start like JSON and parse.
    static func document(_ bytes: JSONBytes, contentType: String?) -> JSONDocument? {
        let first = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        // `json` anywhere in the media type (`application/problem+json`), in any case; a byte
        // search, since Foundation's `contains` and lower-casing cost more than the parse.
        let saysJSON = contentType.map(Self.mediaTypeSaysJSON) ?? false
        guard saysJSON || first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
        return try? JSONDocument(bytes: bytes)
    }

    private static func mediaTypeSaysJSON(_ header: String) -> Bool {
        var header = header
        return header.withUTF8 { bytes in
            let end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
            let word: (UInt8, UInt8, UInt8, UInt8) = (0x6A, 0x73, 0x6F, 0x6E)  // "json"
            guard end >= 4 else { return false }
            // ASCII lower case (`| 0x20`) is enough: the word is letters.
            return (0...(end - 4)).contains { start in
                bytes[start] | 0x20 == word.0 && bytes[start + 1] | 0x20 == word.1
                    && bytes[start + 2] | 0x20 == word.2 && bytes[start + 3] | 0x20 == word.3
            }
        }
    }

    /// Contract outcomes as checks: one passed check for a response that conforms, one failed
    /// check per finding (its JSONPath as the check's path, the keyword as its operator).
    static func checks(of contracts: [ContractResult], redactor: Redactor) -> [CheckResult] {
        var checks: [CheckResult] = []
        for contract in contracts {
            let subject = contract.source.rawValue
            guard !contract.passed else {
                checks.append(
                    CheckResult(
                        subject: subject, path: nil, op: "conforms", label: contract.label, passed: true,
                        expected: "conforms", actual: CheckResult.shown(redactor.redact(contract.checked))))
                continue
            }
            for finding in contract.findings {
                let (expected, actual) = finding.expectedAndActual
                checks.append(
                    CheckResult(
                        subject: subject, path: finding.instancePath, op: finding.keyword,
                        label: contract.label(of: finding), passed: false,
                        expected: CheckResult.shown(redactor.redact(expected)),
                        actual: CheckResult.shown(redactor.redact(actual))))
            }
        }
        return checks
    }

    static func describe(_ subject: Expectation.Subject) -> (String, String?) {
        switch subject {
        case .status: ("status", nil)
        case .header(let name): ("header", name)
        case .jsonPath(let path): ("jsonPath", path)
        case .responseTime: ("responseTime", nil)
        case .schema: ("schema", nil)
        case .body: ("body", nil)
        case .snapshot: ("snapshot", nil)
        case .eventCount: ("events", nil)
        case .event(let index, let path): ("event", "[\(index)]" + (path ?? ""))
        case .graphqlErrors(let path): ("graphqlErrors", path)
        case .close: ("close", nil)
        case .anyEvent(let path): ("anyEvent", path)
        }
    }

    /// The failure's stable kind and the stage of the exchange it happened in.
    static func classify(_ error: any Error) -> (kind: String, stage: String) {
        guard let transport = error as? TransportError else {
            if error is RequestError { return ("requestError", "request") }
            if error is ResponseError { return ("responseError", "receiving") }
            if error is OAuthError { return ("oauthError", "token") }
            return ("other", "transfer")
        }
        let stage: String =
            switch transport.reason {
            case .dnsFailure, .proxyDNSFailure: "resolving"
            case .connectionRefused, .hostUnreachable, .connectTimeout, .proxyFailure: "connecting"
            case .tlsHandshake, .certificateUntrusted, .certificateExpired, .hostnameMismatch, .clientCertificate,
                .clientCertificateRefused, .caFileUnreadable:
                "TLS"
            case .sendFailure, .uploadFileUnreadable: "sending"
            case .totalTimeout: "waiting"
            case .receiveFailure, .emptyReply, .partialBody, .protocolError, .decompressionFailure, .bodyTooLarge,
                .downloadWriteFailure, .tooManyRedirects, .redirectRefused, .badRedirect, .headerTooLarge, .refused:
                "receiving"
            case .unsupportedProtocol, .malformedURL: "request"
            case .cancelled, .outOfMemory, .other: "transfer"
            }
        let kind: String =
            switch transport.reason {
            case .other: "other"
            default: transport.reason.name
            }
        return (kind, stage)
    }
}

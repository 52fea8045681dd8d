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
        var rendering: LoadRendering? {
            get { renderingBox?.rendering }
            set { renderingBox = newValue.map(RenderingBox.init) }
        }
        /// Held apart: a `LoadRendering` is kilobytes inline, and every outcome of a run would
        /// carry it (zeroed) for the few `lazer load` watches.
        private var renderingBox: RenderingBox?

        init(
            result: RequestResult, captured: [String: VariableScope.Value], completedAt: ContinuousClock.Instant? = nil
        ) {
            self.result = result
            self.captured = captured
            self.completedAt = completedAt
        }

        private final class RenderingBox: Sendable {
            let rendering: LoadRendering
            init(_ rendering: LoadRendering) { self.rendering = rendering }
        }
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

    /// `request` with a fresh response stream when the saved request streams (each attempt reads
    /// its own); changed, and its storage copied, only then.
    func streaming(_ request: HTTPRequest) -> HTTPRequest {
        guard let stream = (scripted?.request ?? item.request).stream else { return request }
        var request = request
        request.responseStream = stream.responseStream()
        return request
    }

    /// What a send keeps from before its exchange, and the request as it goes out (watched for
    /// `lazer record` and `lazer load` when they ask).
    func beginning(
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
    struct Sent {
        let request: HTTPRequest
        let startedAt: Date?
        let clockStart: ContinuousClock.Instant
        let streamLog: StreamEventLog?
        let capture: SentHeadCapture?
        let base: RequestResult?
        let jarGeneration: Int?
    }

    /// The result of an attempt once its exchange ended (a response, or the error that ended it).
    func received(
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
}

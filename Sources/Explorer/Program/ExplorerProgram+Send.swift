import AnnotatedLocks
import Foundation
import Futures
import HTTPCore
import RegularFiles
import StateStore
import Synchronization
import Workspace

/// Sending: the chain dispatch → parse → checks → captures → history, declared as labelled
/// `ChainStages`, with the parsing and history writes on the work queue; the request carries an
/// exchange observer, so the transport's events come back as actions too.
extension ExplorerProgram {
    func send(_ job: SendJob) {
        let workspace = dependencies.workspace
        if waitsForScripts(job) { return }
        var prepared = workspace.prepare(
            job.request, in: job.document, environmentName: job.environmentName, captures: job.captures,
            answers: job.answers)
        if waitsForCommandAuth(job, prepared) { return }
        // The shared provider follows the selected environment (and other collections' sends);
        // this send keeps the base URL it was prepared with, whatever is selected later.
        prepared.request = prepared.request?.pinningBaseURL()
        let key = job.key
        let generation = job.generation
        let redactor = prepared.redactor
        let unobserved = prepared.request
        // The transport's events come back as actions, in order, on the main loop.
        prepared.request?.exchangeObserver = ClosureExchangeObserver(on: dependencies.main) { [weak self] event in
            let event = TimelineEvents.shown(event, redactor: redactor)
            MainActor.assumeIsolated { self?.dispatch(.exchangeEvent(key, generation: generation, event)) }
        }
        // A streamed response (SSE, NDJSON…) comes back event by event, batched per chunk; Esc
        // stops it through `stopStream`.
        // Every event also goes to a spill file (on the transport's thread), which the Stream view
        // pages back from past the newest events it keeps in memory; a new send replaces it.
        let spill = StreamSpill(folder: dependencies.temporaryFolder)
        streamSpills[key] = (generation, spill)
        // The same for an SSE stream's batches and a WebSocket's messages, coalesced on their way
        // to the loop (`StreamEventInbox`).
        let inbox = StreamEventInbox()
        let onStreamEvents: @Sendable ([StreamEvent]) -> Void = { [weak self] events in
            spill.append(events)
            guard inbox.add(events) else { return }
            self?.deliverStreamEvents(key, generation: generation, from: inbox)
        }
        let stream = (job.request.stream ?? StreamSettings()).responseStream(
            clock: dependencies.stageClock,
            onReconnect: { [weak self] step in self?.deliver(.streamReconnection(key, generation: generation, step)) },
            onEvents: onStreamEvents)
        prepared.request?.responseStream = stream
        responseStreams[key] = (generation, stream)
        // The start of a JSON body, kept as it arrives: the tree shows it before the last byte.
        let preview = BodyPreview { _, headers in
            let type = headers.mediaType ?? ""
            return type.contains("json") && StreamFormat(contentType: type) == nil
        }
        prepared.request?.bodyPreview = preview
        bodyPreviews[key] = (generation, preview, redactor)
        // oauth2: the explorer takes part in a device code grant (its code comes back as an action)
        // and in the authorization code grant (the address opened where a desktop is, and shown).
        let tokenStage = TokenStage()
        if prepared.oauth != nil {
            let processEnvironment = workspace.processEnvironment
            prepared.person = ExplorerOAuthPerson(
                show: { [weak self] authorization in
                    self?.deliver(.oauthDeviceCode(key, generation: generation, authorization))
                },
                authorize: { [weak self] prompt in
                    var prompt = prompt
                    prompt.opened = DesktopBrowser.open(prompt.authorizationURL, environment: processEnvironment)
                    self?.deliver(.oauthAuthorization(key, generation: generation, prompt))
                })
        }
        let preparation = prepared
        let testScripts = job.scripted == nil ? nil : testScripts(of: job, preparation)
        let scriptsShown = job.scripted.map { scripted in
            var report = ScriptsReport()
            if scripted.count > 0 {
                report.add(
                    scripted.preRequest, stage: .preRequest, count: scripted.count, sent: scripted.sent,
                    redactor: redactor)
            }
            return report
        }
        let preRequestChecks =
            job.scripted.map { ScriptsReport.checks(of: $0.preRequest, stage: .preRequest, redactor: redactor) } ?? []
        let environmentName = preparation.environment?.name
        let isMock = preparation.environment?.kind == .mock
        let method = job.request.sentMethod
        let shownURL = preparation.redactor.redact(
            preparation.resolved.displayURL(baseURL: workspace.serverProvider.baseURL?.absoluteString))
        // What went out, masked as the timeline is (the Headers tab shows it above the response's).
        // The jar's cookies go out too (the transport adds them per hop): said by name, masked.
        // A WebSocket's (a subscription's) request shows as its upgrade: a GET without a body.
        let shown = unobserved.map { job.request.opensWebSocket ? WebSocketOpening.upgrade(of: $0) : $0 }
        let sent = shown.map { request in
            var sent = SentRequest(request, redactor: redactor)
            if let jar = request.options.cookieJar, let url = try? request.url() {
                sent.addJarCookies(jar.cookies(for: url))
            }
            return sent
        }
        let result: @Sendable (ExchangeResult.Outcome) -> ExchangeResult = { outcome in
            var result = ExchangeResult(
                generation: generation, outcome: outcome, environmentName: environmentName, isMock: isMock,
                url: shownURL, method: method)
            result.sent = sent
            result.signing = preparation.signing
            result.scripts = scriptsShown
            result.streamEnd = stream.end
            if preparation.oauth != nil {
                result.token = tokenStage.lines
                result.tokenSteps = tokenStage.steps
            }
            return result
        }
        let onToken: @Sendable (OAuthTokenOutcome) -> Void = { [weak self] outcome in
            tokenStage.received(outcome)
            self?.deliver(.oauthToken(key, OAuthTokenState(outcome.token)))
        }
        let onStep: @Sendable (OAuthStepRecord) -> Void = { [weak self] step in
            self?.deliver(.oauthStep(key, generation: generation, step))
        }
        let future: ResponseFuture<DataResponse>? =
            if job.request.opensWebSocket, let observed = preparation.request {
                webSocketFuture(
                    job: job, request: observed, preparation: preparation, stream: stream, onEvents: onStreamEvents,
                    onToken: onToken, onStep: onStep)
            } else {
                preparation.request.flatMap { preparation.future(for: $0, onToken: onToken, onStep: onStep) }
            }
        guard preparation.request != nil, let future, let request = unobserved else {
            let card = FailureCard(
                translation: Translation(
                    title: "Not sent", explanation: "The request could not be built in this environment.",
                    hint: "Fix what is listed, or pick another environment (F2).",
                    technicalDetail: preparation.problems.joined(separator: "\n")),
                origin: environmentName.map { "environment \($0)" }, problems: preparation.problems)
            var notSent = result(.failure(card))
            notSent.sent = nil
            dispatch(.exchangeFinished(key, notSent))
            return
        }
        let startedAt = Date()
        let saved = job.request
        let collectionFile = job.document.path
        let origin = Self.origin(of: preparation)
        let clockStart = ContinuousClock.now
        let work = dependencies.work
        let stageClock = dependencies.stageClock
        let stageOrigin = stageClock()
        let stages = ChainStages(
            clock: { stageClock() - stageOrigin },
            onChange: { [weak self] stage in self?.deliver(.chainStage(key, generation: generation, stage)) })
        // The chain, stage by stage: the transport's exchange, then on the work queue the body
        // parsed, the expectations checked and the captures taken (each declared only when the
        // request has some), then the history written after the answer is shown.
        let received = ReceivedResponseBox()
        let bodyLimit = dependencies.streamBodyLimit
        let dispatched: ResponseFuture<DataResponse>
        if preparation.oauth != nil {
            // The request goes once its token came: the token stage starts the dispatch stage.
            let dispatch = stages.declare(SendStep.dispatch.rawValue)
            tokenStage.declare(in: stages, dispatch: dispatch)
            dispatched = future.stage(dispatch, in: stages)
        } else {
            dispatched = future.stage(SendStep.dispatch.rawValue, in: stages)
        }
        let parsed =
            dispatched
            .stage(SendStep.parse.rawValue, in: stages, on: work) { response in
                received.store(response, after: stageClock() - stageOrigin)
                // A stream's body (it may have run for hours) is read back whole only when a check or
                // a capture reads it; else its first 16 MiB show in the Raw tab.
                let isStream = stream.format != nil || saved.opensWebSocket
                let limit = isStream && !saved.readsBody ? bodyLimit : nil
                return try ResponseProcessing.parse(response, keepingAtMost: limit)
            }
        let contract = ContractSubject(
            contracts: workspace.contracts, collection: job.document.collection, collectionPath: job.document.path)
        let checked =
            saved.expectations.isEmpty && !ResponseContracts.applies(to: saved, in: contract.collection)
            ? parsed.then(CheckedExchange.self, on: work) {
                ResponseProcessing.check(
                    $0, request: saved, contract: contract, redactor: redactor, key: key, collectionFile: collectionFile
                )
            }
            : parsed.stage(SendStep.checks.rawValue, in: stages, on: work) {
                ResponseProcessing.check(
                    $0, request: saved, contract: contract, redactor: redactor, key: key, collectionFile: collectionFile
                )
            }
        // The test scripts after the expectations, off the work queue (a script may wait on
        // `pm.sendRequest`); their tests join the checks.
        let tested =
            testScripts.map { scripts in
                checked.stage(SendStep.testScript.rawValue, in: stages, on: dependencies.scripts) {
                    scripts.run(on: $0)
                }
            } ?? checked
        let processed =
            saved.captures.isEmpty
            ? tested.then(ProcessedExchange.self, on: work) {
                ResponseProcessing.capture($0, request: saved, redactor: redactor)
            }
            : tested.stage(SendStep.captures.rawValue, in: stages, on: work) {
                ResponseProcessing.capture($0, request: saved, redactor: redactor)
            }
        let history = stages.declare(SendStep.history.rawValue)
        // History is written after the answer is shown (the next item on the work queue), with
        // secret values this very response gave to captures masked too.
        // `duration`: on the stage clock (the program's time in tests), when the answer or the failure came.
        let record: @Sendable (Result<DataResponse, any Error>, Duration, [String]) -> Void = {
            [weak self] outcome, duration, captured in
            work.schedule { [weak self] in
                // The jar file first: what this exchange's hops set, merged into the file as it is now.
                do throws(FileSystemError) {
                    try workspace.storeCookies(of: preparation)
                    self?.stateWriteSucceeded(.cookies)
                } catch {
                    self?.stateWriteFailed(.cookies, error.description)
                }
                stages.start(history)
                var entry = preparation
                let secrets = captured + tokenStage.secrets
                if !secrets.isEmpty { entry.redactor = preparation.redactor.adding(secrets) }
                let exchange = Exchange(
                    request: request, url: (try? outcome.get())?.url, result: outcome, startedAt: startedAt,
                    duration: duration)
                var failure: StateStoreError?
                do throws(StateStoreError) {
                    try workspace.record(exchange, of: entry)
                } catch {
                    failure = error
                }
                // A body the transport spilled to a temporary file has been read by now: remove
                // that file (only that kind: a mock's body file belongs to the collection).
                if let file = (try? outcome.get())?.body.fileURL, ResponseBody.isTransportSpill(file) {
                    try? FileManager.default.removeItem(at: file)
                }
                // A failed write shows as a failed history stage in the Timeline, and once as a notice.
                if let failure {
                    stages.finish(history, .failed(failure))
                    self?.stateWriteFailed(.history, failure.description)
                } else {
                    stages.finish(history, .succeeded)
                    self?.stateWriteSucceeded(.history)
                    self?.deliver(.historyChanged(key))
                }
            }
        }
        processed.result { [weak self] outcome in
            switch outcome {
            case .success(var done):
                // What the scripts set goes on like captures (a response's capture wins a name).
                var changes = done.testScripts?.changedValues ?? [:]
                for (name, value) in done.captures { changes[name] = value }
                done.captures = changes.compactMapValues { $0 }
                self?.keepScriptValues(changes, collectionID: key.collectionID, environment: environmentName)
                var finished = result(.response(done.response))
                if let testScripts, let outcome = done.testScripts {
                    finished.scripts?.add(
                        outcome, stage: .test, count: testScripts.scripts.count, sent: done.testScriptsSent,
                        redactor: testScripts.redactor)
                }
                if !preRequestChecks.isEmpty, case .response(var response) = finished.outcome {
                    let firstScript = response.checks.firstIndex { $0.script != nil } ?? response.checks.endIndex
                    response.checks.insert(contentsOf: preRequestChecks, at: firstScript)
                    finished.outcome = .response(response)
                }
                self?.deliver(.exchangeFinished(key, finished))
                if let (response, duration) = received.value {
                    record(.success(response), duration, done.captures.values.filter(\.secret).map(\.text))
                }
            case .failure(let error):
                tokenStage.ended(error is CancellationError ? .cancelled : .failed(error))
                if error is CancellationError {
                    stages.finish(history, .cancelled)
                    return
                }
                if let (response, duration) = received.value {
                    // The response came but could not be read: it is still history.
                    record(.success(response), duration, [])
                } else if error is TransportError {
                    record(.failure(error), stageClock() - stageOrigin, [])
                } else {
                    stages.finish(history, .skipped)
                }
                let translation = ErrorTranslator.standard.translate(
                    error, context: TranslationContext(request: request))
                let redactor = redactor.adding(tokenStage.secrets)
                let card = FailureCard(
                    translation: Translation(
                        title: redactor.redact(translation.title),
                        explanation: redactor.redact(translation.explanation),
                        hint: redactor.redact(translation.hint),
                        technicalDetail: redactor.redact(translation.technicalDetail)),
                    origin: Self.origin(of: error) ?? origin, elapsed: ContinuousClock.now - clockStart,
                    failedStage: (error as? TransportError)?.failureSummary.map(Self.sentence))
                self?.deliver(.exchangeFinished(key, result(.failure(card))))
            }
        }
        inFlight[key] = (generation, processed)
        tokenStage.start()
        processed.send()
    }

    /// The request's test scripts for the chain's test script stage (nil: it has none).
    private func testScripts(of job: SendJob, _ preparation: SendPreparation) -> SendTestScripts? {
        let scripts = job.document.collection.scripts(for: job.request, stage: .test)
        guard !scripts.isEmpty, let sent = preparation.request else { return nil }
        var request = job.request.scriptRequest
        if let url = try? sent.url() { request.url = url.absoluteString }
        request.headers = sent.headers.map { ScriptHeader($0.name, $0.value) }
        return SendTestScripts(
            scripts: scripts, runner: dependencies.workspace.scripts,
            preparer: dependencies.workspace.preparer(for: job.document, environmentName: job.environmentName),
            captures: job.captures, info: ScriptInfo(requestName: job.request.name, requestID: job.request.id),
            request: request, cookieJar: sent.options.cookieJar,
            redactor: preparation.redactor)
    }

    /// "failed while connecting after 3 ms" → "Failed while connecting after 3 ms".
    nonisolated static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// Where a token fetch failed: the provider's step and its URL (the card named the API's base
    /// URL, which was never asked).
    nonisolated static func origin(of error: any Error) -> String? {
        guard let failure = error as? OAuthError else { return nil }
        guard let last = failure.steps.last(where: { $0.step == failure.step }) ?? failure.steps.last else {
            return "the oauth2 auth's \(failure.step.rawValue) (the API was not asked)"
        }
        return "the oauth2 \(failure.step.rawValue): \(last.method) \(last.url) (the API was not asked)"
    }

    /// Where the request's address came from, for the error card: the environment's base URL for
    /// a relative request, else the request's own URL.
    nonisolated static func origin(of preparation: SendPreparation) -> String? {
        guard let environment = preparation.environment else { return nil }
        switch preparation.resolved.target {
        case .path:
            return
                "the base URL of environment \"\(environment.name)\" (\(environment.kind.rawValue)): \(environment.baseURL)"
        case .absolute:
            return "the request's own URL (environment \"\(environment.name)\" is not used for it)"
        }
    }
}

extension WorkspaceServices {
    /// Records an exchange, ignoring a failure to write (history is a convenience, not the work).
}

/// The response the chain's parse stage received, kept for the history write (which also needs
/// it when parsing fails).
private final class ReceivedResponseBox: Sendable {
    private let state = Mutex<(DataResponse, Duration)?>(nil)

    /// Keeps `response`, which came `duration` after the send started.
    func store(_ response: DataResponse, after duration: Duration) {
        state.withLock(ownedBy: self) { $0 = (response, duration) }
    }

    var value: (DataResponse, Duration)? { state.withLock(ownedBy: self) { $0 } }
}

import Foundation
import Futures
import HTTPCore
import Workspace

/// Sending: the chain dispatch → validate → decode → expectations → captures → history, with the
/// parsing and history writes on the work queue.
extension ExplorerProgram {
    func send(_ job: SendJob) {
        let workspace = environment.workspace
        var prepared = workspace.prepare(
            job.request, in: job.document, environmentName: job.environmentName, captures: job.captures)
        // The shared provider follows the selected environment (and other collections' sends);
        // this send keeps the base URL it was prepared with, whatever is selected later.
        prepared.request = prepared.request?.pinningBaseURL()
        let preparation = prepared
        let key = job.key
        let generation = job.generation
        let environmentName = preparation.environment?.name
        let isMock = preparation.environment?.kind == .mock
        let method = job.request.method.rawValue
        let shownURL = preparation.redactor.redact(
            preparation.resolved.displayURL(baseURL: workspace.serverProvider.baseURL?.absoluteString))
        let result: @Sendable (ExchangeResult.Outcome) -> ExchangeResult = { outcome in
            ExchangeResult(
                generation: generation, outcome: outcome, environmentName: environmentName, isMock: isMock,
                url: shownURL, method: method)
        }
        guard let future = preparation.future(), let request = preparation.request else {
            let card = FailureCard(
                translation: Translation(
                    title: "Not sent", explanation: "The request could not be built in this environment.",
                    hint: "Fix what is listed, or pick another environment (F2).",
                    technicalDetail: preparation.problems.joined(separator: "\n")),
                origin: environmentName.map { "environment \($0)" }, problems: preparation.problems)
            dispatch(.exchangeFinished(key, result(.failure(card))))
            return
        }
        let startedAt = Date()
        let saved = job.request
        let redactor = preparation.redactor
        let origin = Self.origin(of: preparation)
        let clockStart = ContinuousClock.now
        let work = environment.work
        let processed = future.then(ProcessedExchange.self, on: work) { [weak self] response in
            self?.deliver(.exchangeParsing(key, generation: generation))
            let duration = ContinuousClock.now - clockStart
            var done: ProcessedExchange?
            defer {
                // History is written after the answer is shown (the next item on the work queue),
                // with secret values this very response gave to captures masked too.
                let captured = done?.captures.values.filter(\.secret).map(\.text) ?? []
                work.schedule { [weak self] in
                    var entry = preparation
                    if !captured.isEmpty { entry.redactor = preparation.redactor.adding(captured) }
                    let exchange = Exchange(
                        request: request, url: response.url, result: .success(response), startedAt: startedAt,
                        duration: duration)
                    workspace.recordQuietly(exchange, of: entry)
                    // A body the transport spilled to a temporary file has been read by now: remove
                    // that file (only that kind: a mock's body file belongs to the collection).
                    if let file = response.body.fileURL, ResponseBody.isTransportSpill(file) {
                        try? FileManager.default.removeItem(at: file)
                    }
                    self?.deliver(.historyChanged(key))
                }
            }
            let result = try ResponseProcessing.process(response, request: saved, redactor: redactor)
            done = result
            return result
        }
        processed.updated { [weak self] progress in
            self?.deliver(.exchangeProgress(key, generation: generation, progress))
        }
        .result { [weak self] outcome in
            switch outcome {
            case .success(let done):
                if !done.captures.isEmpty {
                    self?.deliver(.captured(collectionID: key.collectionID, done.captures))
                }
                self?.deliver(.exchangeFinished(key, result(.response(done.response))))
            case .failure(let error):
                if error is CancellationError { return }
                let elapsed = ContinuousClock.now - clockStart
                if error is TransportError {
                    let exchange = Exchange(
                        request: request, url: nil, result: .failure(error), startedAt: startedAt, duration: elapsed)
                    workspace.recordQuietly(exchange, of: preparation)
                    self?.deliver(.historyChanged(key))
                }
                let translation = ErrorTranslator.standard.translate(
                    error, context: TranslationContext(request: request))
                let card = FailureCard(
                    translation: Translation(
                        title: redactor.redact(translation.title),
                        explanation: redactor.redact(translation.explanation),
                        hint: redactor.redact(translation.hint),
                        technicalDetail: redactor.redact(translation.technicalDetail)),
                    origin: origin, elapsed: elapsed)
                self?.deliver(.exchangeFinished(key, result(.failure(card))))
            }
        }
        inFlight[key] = (generation, processed)
        processed.send()
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
    func recordQuietly(_ exchange: Exchange, of preparation: SendPreparation) {
        try? record(exchange, of: preparation)
    }
}

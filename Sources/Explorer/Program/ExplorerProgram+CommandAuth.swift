import Foundation
import Futures
import HTTPCore
import RegularFiles
import Replay
import Workspace

/// `command` auth in a send: the trust question for a collection not trusted yet, and the
/// command run off the main queue before the request is prepared again with its token.
extension ExplorerProgram {
    /// Whether `prepared` must wait before it is sent: the question is asked, or the token's
    /// command started; the send goes on by itself afterwards (`send(job)` again).
    func waitsForCommandAuth(_ job: SendJob, _ prepared: SendPreparation) -> Bool {
        if !prepared.untrustedCommands.isEmpty {
            dispatch(.askTrust(TrustQuestion(job: job, commands: prepared.untrustedCommands)))
            return true
        }
        guard let command = prepared.pendingCommand else { return false }
        let tokens = dependencies.workspace.commandTokens
        let folder = prepared.commandFolder
        dispatch(.preparing(job.key, generation: job.generation, .authCommand))
        let stop = CommandStop()
        commandStops[job.key] = (job.generation, stop)
        // A thread of its own: the command may take seconds, and the work queue parses responses.
        DispatchQueue.global().async { [weak self] in
            let result = tokens.fetchNow(command, folder: folder, stop: stop)
            self?.commandFinished(job, result)
        }
        return true
    }

    nonisolated private func commandFinished(_ job: SendJob, _ result: Result<String, CommandTokenError>) {
        dependencies.main.schedule { [weak self] in
            MainActor.assumeIsolated { self?.resumeAfterCommand(job, result) }
        }
    }

    private func resumeAfterCommand(_ job: SendJob, _ result: Result<String, CommandTokenError>) {
        if commandStops[job.key]?.generation == job.generation { commandStops[job.key] = nil }
        // Cancelled or sent again meanwhile: this send is over.
        guard state.exchanges[job.key]?.inFlight == job.generation else { return }
        dispatch(.preparing(job.key, generation: job.generation, nil))
        switch result {
        case .success: send(job)
        case .failure(let error): finishNotSent(job, error.description, hint: "Run the command in a shell to see why.")
        }
    }

    /// The answer to the trust question of a send or a run.
    func answerCommandTrust(_ waiting: TrustQuestion.Waiting, trusted: Bool) {
        switch waiting {
        case .send(let job): answerCommandTrust(job, trusted: trusted)
        case .run(var run, let path):
            if trusted, let document = run.plan.items.first(where: { $0.document.path == path })?.document {
                do throws(FileSystemError) {
                    try dependencies.workspace.commandTokens.trust(document)
                } catch {
                    dispatch(.notice("Trusted until Lazer quits (not remembered: \(error.description))", isError: true))
                }
            }
            // Asked once per run: a refused file's requests run untrusted (shown as not sent).
            run.trustAsked.insert(path)
            startRun(run)
        }
    }

    /// The run's first collection file with auth commands not trusted and not asked about yet.
    func untrustedDocument(of job: RunJob) -> CollectionDocument? {
        let tokens = dependencies.workspace.commandTokens
        var seen: Set<String> = []
        for item in job.plan.items where seen.insert(item.document.path).inserted {
            let document = item.document
            guard !job.trustAsked.contains(document.path), !document.collection.authCommands.isEmpty else { continue }
            if !tokens.isTrusted(document) { return document }
        }
        return nil
    }

    /// The answer to a send's trust question: the send goes on (the trust kept for this user), or ends unsent.
    func answerCommandTrust(_ job: SendJob, trusted: Bool) {
        // Cancelled or sent again while the question was open: this send is over.
        guard state.exchanges[job.key]?.inFlight == job.generation else { return }
        guard trusted else {
            finishNotSent(
                job, "the collection's auth commands are not trusted: nothing ran",
                hint: "Send again to be asked again.")
            return
        }
        do throws(FileSystemError) {
            try dependencies.workspace.commandTokens.trust(job.document)
        } catch {
            dispatch(.notice("Trusted until Lazer quits (not remembered: \(error.description))", isError: true))
        }
        send(job)
    }

    private func finishNotSent(_ job: SendJob, _ problem: String, hint: String) {
        let card = FailureCard(
            translation: Translation(
                title: "Not sent: no auth token",
                explanation: "The request's auth token comes from a command, and "
                    + problem.prefix(1).lowercased() + problem.dropFirst() + ".",
                hint: hint, technicalDetail: problem),
            origin: "the auth of \(job.document.collection.name)", problems: [problem])
        dispatch(.exchangeFinished(job.key, .notSent(job, card)))
    }
}

extension ExchangeResult {
    /// A send that ended before its request went out (an auth command or scripts not trusted, a
    /// pre-request script failed): `card` says why; `url` as it may be shown (masked).
    static func notSent(_ job: SendJob, _ card: FailureCard, url: String? = nil) -> ExchangeResult {
        // A mock environment's send said "live" when it ended before going out.
        let isMock = job.environmentName.flatMap { job.document.collection.environment(named: $0) }?.kind == .mock
        var result = ExchangeResult(
            generation: job.generation, outcome: .failure(card), environmentName: job.environmentName,
            isMock: isMock, url: url ?? job.request.url, method: job.request.method.rawValue)
        result.sent = nil
        return result
    }
}

import Foundation
import Futures
import HTTPCore
import JSONTree
import RegularFiles
import Replay
import Workspace

/// Scripts in a send (issue 32): the trust question for a collection not trusted yet, the
/// pre-request scripts run off the main queue before the request is prepared (the send goes on
/// with the request and the variables as they left them), and the test scripts as a chain stage
/// after the expectations.
extension ExplorerProgram {
    /// Whether `job` waits for its scripts: the trust question is asked, or its pre-request
    /// scripts started; the send goes on by itself afterwards (`send` again, `scripted` set).
    func waitsForScripts(_ job: SendJob) -> Bool {
        guard job.scripted == nil else { return false }
        let collection = job.document.collection
        guard collection.scriptCount(for: job.request) > 0 else { return false }
        let workspace = dependencies.workspace
        guard workspace.scriptTrust.isTrusted(job.document) else {
            dispatch(.askTrust(TrustQuestion(scriptsOf: job)))
            return true
        }
        let scripts = collection.scripts(for: job.request, stage: .preRequest)
        guard !scripts.isEmpty else {
            var next = job
            next.scripted = ScriptedSend()
            send(next)
            return true
        }
        let preparer = workspace.preparer(for: job.document, environmentName: job.environmentName)
        let sent = ScriptSentRequests()
        let scriptJob = ScriptJob(
            stage: .preRequest, scripts: scripts, request: job.request.scriptRequest,
            variables: preparer.scriptVariables(captures: job.captures),
            info: ScriptInfo(requestName: job.request.name, requestID: job.request.id),
            send: ScriptSender.make(preparer: preparer, captures: job.captures, onSent: sent.add))
        dispatch(.preparing(job.key, generation: job.generation, .preRequestScript))
        let runner = workspace.scripts
        // Off the main queue: a script may take up to its time limit, or wait on `pm.sendRequest`
        // (whose answer comes on the main queue).
        dependencies.scripts.schedule { [weak self] in
            let outcome = runner.run(scriptJob)
            self?.dependencies.main.schedule { [weak self] in
                MainActor.assumeIsolated {
                    self?.preRequestScriptsFinished(job, outcome, count: scripts.count, sent: sent.all)
                }
            }
        }
        return true
    }

    private func preRequestScriptsFinished(
        _ job: SendJob, _ outcome: ScriptOutcome, count: Int, sent: [ScriptSentRequest]
    ) {
        // Cancelled or sent again meanwhile: this send is over.
        guard state.exchanges[job.key]?.inFlight == job.generation else { return }
        dispatch(.preparing(job.key, generation: job.generation, nil))
        keepScriptValues(outcome.changedValues, collectionID: job.key.collectionID, environment: job.environmentName)
        var next = job
        ScriptOutcome.apply(outcome.changedValues, to: &next.captures)
        next.scripted = ScriptedSend(preRequest: outcome, count: count, sent: sent)
        guard outcome.errors.isEmpty else {
            scriptsStoppedSend(next, outcome)
            return
        }
        if let changed = outcome.request { next.request = job.request.applying(changed) }
        send(next)
    }

    /// A pre-request script failed: the request is not sent (the script may be what makes it
    /// right); the card says where, the Console and Checks tabs what the script did.
    private func scriptsStoppedSend(_ job: SendJob, _ outcome: ScriptOutcome) {
        let redactor = dependencies.workspace.prepare(
            job.request, in: job.document, environmentName: job.environmentName, captures: job.captures
        ).redactor.adding(outcome.secretValues)
        let problems = outcome.errors.map { redactor.redact($0.description) }
        // What the scripts wrote before the error is in the detail (the card has no Console tab).
        let console = outcome.console.map { "  " + $0.shown(redactor: redactor) }
        let card = FailureCard(
            translation: Translation(
                title: "Not sent: a pre-request script failed",
                explanation: problems.first ?? "",
                hint: scriptsStoppedHint(outcome.errors.first?.origin),
                technicalDetail: (problems + (console.isEmpty ? [] : ["console:"] + console)).joined(separator: "\n")),
            origin: outcome.errors.first.map { "the \($0.origin) pre-request script" }, problems: problems)
        var result = ExchangeResult.notSent(job, card, url: redactor.redact(job.request.url))
        var report = ScriptsReport()
        report.add(
            outcome, stage: .preRequest, count: job.scripted?.count ?? 0, sent: job.scripted?.sent ?? [],
            redactor: redactor)
        result.scripts = report
        dispatch(.exchangeFinished(job.key, result))
    }

    /// Checks a script's syntax on the scripts' queue (the engine loads on the first check), one
    /// check at a time: while one runs, a later ask of the same stage replaces an earlier one.
    func checkScriptSyntax(_ job: ScriptSyntaxJob) {
        scriptChecks.pending[job.stage] = job
        startScriptCheck()
    }

    private func startScriptCheck() {
        guard !scriptChecks.running, let job = scriptChecks.next() else { return }
        scriptChecks.running = true
        let runner = dependencies.workspace.scripts
        let main = dependencies.main
        dependencies.scripts.schedule { [weak self] in
            let problem = runner.syntaxError(in: job.text, origin: job.stage.title).map(\.placedMessage)
            main.schedule { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.scriptChecks.running = false
                    self.dispatch(.scriptSyntaxChecked(job, problem: problem))
                    self.startScriptCheck()
                }
            }
        }
    }

    /// The answer to a script trust question: a send goes on (the trust kept for this user) or
    /// ends unsent; a run starts either way (refused: its requests with scripts are not sent).
    func answerScriptTrust(_ waiting: TrustQuestion.Waiting, trusted: Bool) {
        switch waiting {
        case .send(let job): answerScriptTrust(job, trusted: trusted)
        case .run(var run, let path):
            if trusted, let document = run.plan.items.first(where: { $0.document.path == path })?.document {
                rememberScriptTrust(document)
            }
            run.scriptTrustAsked.insert(path)
            startRun(run)
        }
    }

    private func rememberScriptTrust(_ document: CollectionDocument) {
        do throws(FileSystemError) {
            try dependencies.workspace.scriptTrust.trust(document)
        } catch {
            dispatch(.notice("Trusted until Lazer quits (not remembered: \(error.description))", isError: true))
        }
    }

    private func answerScriptTrust(_ job: SendJob, trusted: Bool) {
        // Cancelled or sent again while the question was open: this send is over.
        guard state.exchanges[job.key]?.inFlight == job.generation else { return }
        guard trusted else {
            let card = FailureCard(
                translation: Translation(
                    title: "Not sent: scripts not trusted",
                    explanation: "The request has scripts, and you did not let the collection's scripts run.",
                    hint: "Send again to be asked again.",
                    technicalDetail: "scripts of \(job.document.path) not trusted"),
                origin: "the scripts of \(job.document.collection.name)")
            dispatch(.exchangeFinished(job.key, .notSent(job, card)))
            return
        }
        rememberScriptTrust(job.document)
        send(job)
    }
}

/// The test scripts of a send, run in the chain's test script stage.
struct SendTestScripts: Sendable {
    var scripts: [ScriptSource]
    var runner: any ScriptRunner
    var preparer: RequestPreparer
    var captures: [String: VariableScope.Value]
    var info: ScriptInfo
    /// The request as sent (placeholders filled, headers as they went).
    var request: ScriptRequest
    var cookieJar: CookieJar?
    var redactor: Redactor

    /// Runs the scripts on `checked`: their tests and errors join its checks, and their outcome
    /// is kept for the console and the values they set.
    func run(on checked: CheckedExchange) -> CheckedExchange {
        let facts = checked.facts
        let response = ScriptResponse(
            code: facts.status, reason: checked.parsed.response.statusText,
            headers: facts.headers.map { ScriptHeader($0.name, $0.value) }, body: facts.body.arrayValue,
            milliseconds: ScriptResponse.milliseconds(facts.duration))
        let sent = ScriptSentRequests()
        var job = ScriptJob(
            stage: .test, scripts: scripts, request: request, response: response,
            variables: preparer.scriptVariables(captures: captures), info: info,
            send: ScriptSender.make(preparer: preparer, captures: captures, onSent: sent.add))
        if let cookieJar, let url = URL(string: request.url) {
            job.cookies = cookieJar.cookies(for: url).map { ScriptHeader($0.name, $0.value) }
        }
        let outcome = runner.run(job)
        var checked = checked
        checked.checks += ScriptsReport.checks(of: outcome, stage: .test, redactor: redactor)
        checked.testScripts = outcome
        checked.testScriptsSent = sent.all
        return checked
    }
}

/// The script syntax checks waiting for the one running (the last asked of each stage).
struct ScriptCheckQueue {
    var pending: [ScriptJob.Stage: ScriptSyntaxJob] = [:]
    var running = false

    /// Takes the next check to run: the pre-request script's before the test script's.
    mutating func next() -> ScriptSyntaxJob? {
        pending.removeValue(forKey: .preRequest) ?? pending.removeValue(forKey: .test)
    }
}

extension ExplorerProgram {
    /// Where to mend the script that stopped a send: a request's in its Scripts tab, a folder's
    /// or the collection's in the collection file (the explorer edits requests' scripts only).
    func scriptsStoppedHint(_ origin: String?) -> String {
        guard let origin, !origin.hasPrefix("request ") else {
            return "Fix the script in the request's Scripts tab (Alt+8), then send again."
        }
        return "Fix the pre-request script of the \(origin) in the collection file, then send again."
    }
}

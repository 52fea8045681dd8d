import Foundation
import Futures
import HTTPCore
import JSONTree
import Workspace

/// A request's scripts in a run (issue 32): its pre-request scripts before it is resolved and sent,
/// its test scripts after its response, their `pm.test`s as checks, the variables they set passed
/// on to the requests after it like captured values.
extension RequestExecution {
    /// The request as its pre-request scripts left it, and what they did.
    struct Scripted {
        var request: SavedRequest
        var preRequest: ScriptOutcome
        /// The requests the pre-request scripts sent.
        var sent: [ScriptSentRequest] = []
    }

    var hasScripts: Bool { item.hasScripts }

    /// Runs the pre-request scripts, then the request as they left it; nothing when the run does
    /// not trust scripts (the request is not sent: its scripts may be what makes it right).
    func runScripted() async -> Outcome {
        let saved = item.request
        var result = RequestResult(
            collectionName: item.document.collection.name, collectionID: item.document.collection.id,
            collectionFile: item.document.path, folderPath: item.folderPath, requestID: saved.id, name: saved.name,
            method: saved.method.rawValue, url: saved.url, environment: preparer.environmentName, status: .notSent)
        let configuration = runner.configuration
        guard configuration.trustScripts || configuration.trustedScriptFiles.contains(item.document.path) else {
            result.problems = [
                "this request has scripts, which run only when you trust the collection: pass --trust-scripts "
                    + "(in the explorer: send one of its requests and trust its scripts), since a script can send requests"
            ]
            return Outcome(result: result, captured: [:])
        }
        let scripts = item.preRequestScripts
        var execution = self
        var outcome = ScriptOutcome()
        let scriptSent = ScriptSentRequests()
        if !scripts.isEmpty {
            outcome = runner.services.scripts.run(
                ScriptJob(
                    stage: .preRequest, scripts: scripts, request: saved.scriptRequest,
                    variables: preparer.scriptVariables(captures: captures), info: scriptInfo,
                    send: ScriptSender.make(preparer: preparer, captures: captures, onSent: scriptSent.add)))
            Self.apply(outcome.changedValues, to: &execution.captures)
            if !outcome.errors.isEmpty {
                let redactor = preparer.prepare(saved, captures: execution.captures).redactor
                    .adding(outcome.secretValues)
                result.problems = outcome.errors.map { redactor.redact("pre-request script failed: \($0)") }
                result.scriptConsole = Self.console(outcome, redactor: redactor)
                result.scriptRequests = scriptSent.all.map {
                    ScriptRequestRecord(stage: .preRequest, $0, redactor: redactor)
                }
                return Outcome(result: result, captured: Self.captured(outcome.changedValues))
            }
        }
        execution.scripted = Scripted(
            request: outcome.request.map(saved.applying) ?? saved, preRequest: outcome, sent: scriptSent.all)
        var sent = await execution.run()
        // The pre-request scripts' values go on to the next requests, under what the response set.
        sent.captured = Self.captured(outcome.changedValues).merging(sent.captured) { _, response in response }
        return sent
    }

    var scriptInfo: ScriptInfo {
        ScriptInfo(requestName: item.request.name, requestID: item.request.id)
    }

    /// The test scripts run on `facts`: their tests and errors as checks, the values they set added
    /// to `captured`, their console lines on the result.
    func runTestScripts(
        _ facts: ResponseFacts, reason: String?, sentHeaders: HTTPHeaders?,
        captured: inout [String: VariableScope.Value],
        redactor: Redactor, into result: inout RequestResult
    ) -> [CheckResult] {
        var checks = scripted.map { Self.checks(of: $0.preRequest, redactor: redactor) } ?? []
        var console = scripted.map { Self.console($0.preRequest, redactor: redactor) } ?? []
        var requests = (scripted?.sent ?? []).map {
            ScriptRequestRecord(stage: .preRequest, $0, redactor: redactor)
        }
        let scripts = item.testScripts
        if !scripts.isEmpty {
            let sent = scripted?.request ?? item.request
            var request = sent.scriptRequest
            request.url = result.url
            // The headers as sent, placeholders filled (from history: resolved again, nothing was sent).
            if let headers = sentHeaders ?? preparer.prepare(sent, captures: captures).request?.headers {
                request.headers = headers.map { ScriptHeader($0.name, $0.value) }
            }
            let response = ScriptResponse(
                code: facts.status, reason: reason ?? "",
                headers: facts.headers.map { ScriptHeader($0.name, $0.value) },
                body: facts.body.arrayValue,
                milliseconds: RequestResult.milliseconds(facts.duration))
            let seen = captures.merging(captured) { _, new in new }
            let scriptSent = ScriptSentRequests()
            var job = ScriptJob(
                stage: .test, scripts: scripts, request: request, response: response,
                variables: preparer.scriptVariables(captures: seen), info: scriptInfo,
                send: ScriptSender.make(preparer: preparer, captures: seen, onSent: scriptSent.add))
            if let jar = runner.configuration.cookieJar, let url = URL(string: result.url) {
                job.cookies = jar.cookies(for: url).map { ScriptHeader($0.name, $0.value) }
            }
            let outcome = runner.services.scripts.run(job)
            Self.apply(outcome.changedValues, to: &captured)
            let secrets = outcome.secretValues
            let masked = secrets.isEmpty ? redactor : redactor.adding(secrets)
            checks += Self.checks(of: outcome, redactor: masked)
            console += Self.console(outcome, redactor: masked)
            requests += scriptSent.all.map { ScriptRequestRecord(stage: .test, $0, redactor: masked) }
        }
        result.scriptConsole = console
        result.scriptRequests = requests
        return checks
    }

    static func checks(of outcome: ScriptOutcome, redactor: Redactor) -> [CheckResult] {
        outcome.tests.map { test in
            CheckResult(
                subject: "script", path: test.origin, op: "test", label: redactor.redact(test.name),
                passed: test.passed, expected: "passes",
                actual: CheckResult.shown(redactor.redact(test.passed ? "passed" : test.message ?? "failed")))
        }
            + outcome.errors.map { error in
                CheckResult(
                    subject: "script", path: error.origin, op: "runs", label: "\(error.origin) script", passed: false,
                    expected: "runs to its end", actual: CheckResult.shown(redactor.redact(error.placedMessage)))
            }
    }

    static func console(_ outcome: ScriptOutcome, redactor: Redactor) -> [String] {
        outcome.console.map { $0.shown(redactor: redactor) }
    }

    static func apply(_ changes: [String: VariableScope.Value?], to values: inout [String: VariableScope.Value]) {
        ScriptOutcome.apply(changes, to: &values)
    }

    static func captured(_ changes: [String: VariableScope.Value?]) -> [String: VariableScope.Value] {
        changes.compactMapValues { $0 }
    }
}

import Foundation
import TerminalText

/// The machine-readable report, described by `docs/run-report.schema.json`: the summary and exit
/// status, then every request with its resolved URL (secrets masked), status, timings, checks,
/// captures (secret ones masked) and errors, with the exchange's phases and — when kept — its
/// headers and cut bodies. Keys sorted, two-space indentation. `lazer report merge` reads it back
/// (`Document` decodes too).
package struct JSONReporter: RunReporter {
    package init() {}

    package func finished(_ result: RequestResult, previous: RequestResult?) -> String { "" }

    package func report(_ report: RunReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Document(report)) else { return "{}\n" }
        // C1, bidi and invisible format characters (only ever inside strings here) as \uXXXX:
        // the same values, never raw on a terminal.
        return TerminalText.jsonSafe(String(decoding: data, as: UTF8.self)) + "\n"
    }

    package struct Document: Codable {
        var formatVersion = 1
        /// `lazer run --shard K/N`: which shard this report is (`1/2`).
        var shard: String?
        var environment: String?
        var startedAt: String
        var durationMs: Double
        var exitStatus: Int32
        var summary: Summary
        var requests: [Request]

        init(_ report: RunReport) {
            shard = report.shard
            environment = report.environment
            startedAt = report.startedAt.formatted(.iso8601)
            durationMs = RequestResult.milliseconds(report.duration)
            exitStatus = report.exitStatus
            summary = Summary(report.summary)
            requests = report.results.map(Request.init)
        }
    }

    struct Summary: Codable {
        var requests, passed, failed, errors, notSent, skipped, checks, checksFailed: Int

        init(_ summary: RunReport.Summary) {
            requests = summary.requests
            passed = summary.passed
            failed = summary.failed
            errors = summary.errors
            notSent = summary.notSent
            skipped = summary.skipped
            checks = summary.checks
            checksFailed = summary.checksFailed
        }
    }

    struct Request: Codable {
        var collection, collectionId, file: String
        var folder: [String]
        var id, name, method, url: String
        var environment: String?
        var iteration: Int
        var status: String
        var response: Response?
        var durationMs: Double
        var attempts: Int
        var checks: [Check]
        var captures: [Capture]
        var error: Failure?
        var problems: [String]
        var scriptConsole: [String]?
        var scriptRequests: [ScriptRequestRecord]?
        var phases: [ExchangePhase]?
        var exchange: ExchangeDetails?
        var position: Int?

        init(_ result: RequestResult) {
            collection = result.collectionName
            collectionId = result.collectionID
            file = result.collectionFile
            folder = result.folderPath
            id = result.requestID
            name = result.name
            method = result.method
            url = result.url
            environment = result.environment
            iteration = result.iteration
            status = result.status.rawValue
            response = result.responseStatus.map { Response(status: $0, reason: result.responseReason ?? "") }
            durationMs = result.milliseconds
            attempts = result.attempts
            checks = result.checks.map(Check.init)
            captures = result.captures.map { Capture(variable: $0.variable, value: $0.value, secret: $0.secret) }
            error = result.failure.map(Failure.init)
            problems = result.problems
            scriptConsole = result.scriptConsole.isEmpty ? nil : result.scriptConsole
            scriptRequests = result.scriptRequests.isEmpty ? nil : result.scriptRequests
            phases = result.phases.isEmpty ? nil : result.phases
            exchange = result.details
            position = result.position
        }
    }

    struct Response: Codable {
        var status: Int
        var reason: String
    }

    struct Check: Codable {
        var subject: String
        var path: String?
        var op, label: String
        var passed: Bool
        var expected, actual: String

        init(_ check: CheckResult) {
            subject = check.subject
            path = check.path
            op = check.op
            label = check.label
            passed = check.passed
            expected = check.expected
            actual = check.actual
        }
    }

    struct Capture: Codable {
        var variable: String
        var value: String?
        var secret: Bool
    }

    struct Failure: Codable {
        var kind, stage, title, explanation, hint, detail: String

        init(_ failure: FailureReport) {
            kind = failure.kind
            stage = failure.stage
            title = failure.title
            explanation = failure.explanation
            hint = failure.hint
            detail = failure.detail
        }
    }
}

package import Workspace

/// What a send's pre-request scripts did, carried with the send once they ran (issue 32): the
/// send then goes on with the request as they left it.
package struct ScriptedSend: Sendable, Equatable {
    /// Their tests, console, variables and time (empty when the request has test scripts only).
    package var preRequest: ScriptOutcome
    /// How many pre-request scripts ran.
    package var count: Int
    /// The requests they sent (`pm.sendRequest`).
    package var sent: [ScriptSentRequest]

    package init(preRequest: ScriptOutcome = ScriptOutcome(), count: Int = 0, sent: [ScriptSentRequest] = []) {
        self.preRequest = preRequest
        self.count = count
        self.sent = sent
    }
}

/// What the scripts of one send did, as the Console tab and the Timeline show it (secrets masked).
package struct ScriptsReport: Sendable, Equatable {
    /// One `console` line and the stage of the script that wrote it.
    package struct ConsoleLine: Sendable, Equatable {
        package var stage: ScriptJob.Stage
        package var level: ScriptLogLine.Level
        package var text: String

        package init(stage: ScriptJob.Stage, level: ScriptLogLine.Level, text: String) {
            self.stage = stage
            self.level = level
            self.text = text
        }
    }

    /// How many pre-request scripts ran and how long they took (nil: none ran).
    package var preRequestCount = 0
    package var preRequestTime: Duration?
    package var testCount = 0
    package var testTime: Duration?
    package var console: [ConsoleLine] = []
    /// The requests the scripts sent (`pm.sendRequest`), by stage: rows of the Timeline.
    package var sent: [(stage: ScriptJob.Stage, request: ScriptSentRequest)] = []

    package init() {}

    package static func == (a: ScriptsReport, b: ScriptsReport) -> Bool {
        a.preRequestCount == b.preRequestCount && a.preRequestTime == b.preRequestTime && a.testCount == b.testCount
            && a.testTime == b.testTime && a.console == b.console
            && a.sent.elementsEqual(b.sent) { $0.stage == $1.stage && $0.request == $1.request }
    }

    /// Adds what the scripts of `stage` did, their values for secret names masked.
    package mutating func add(
        _ outcome: ScriptOutcome, stage: ScriptJob.Stage, count: Int, sent: [ScriptSentRequest] = [],
        redactor: Redactor
    ) {
        let masked = outcome.secretValues.isEmpty ? redactor : redactor.adding(outcome.secretValues)
        self.sent += sent.map { request in
            var request = request
            request.url = masked.redact(request.url)
            request.failure = request.failure.map(masked.redact)
            return (stage, request)
        }
        switch stage {
        case .preRequest:
            preRequestCount = count
            preRequestTime = outcome.duration
        case .test:
            testCount = count
            testTime = outcome.duration
        }
        console += outcome.console.map { ConsoleLine(stage: stage, level: $0.level, text: masked.redact($0.text)) }
    }

    /// The checks of `outcome`: each `pm.test` (its assertion's message when it failed) and each
    /// error that stopped a script (with its line and column), masked.
    /// Each is headed by its script and `stage` ("request Login test").
    package static func checks(
        of outcome: ScriptOutcome, stage: ScriptJob.Stage, redactor: Redactor
    ) -> [CheckResult] {
        let masked = outcome.secretValues.isEmpty ? redactor : redactor.adding(outcome.secretValues)
        return outcome.tests.map { test in
            CheckResult(
                label: masked.redact(test.name), passed: test.passed, expected: "",
                actual: test.passed ? "" : masked.redact(test.message ?? "failed"),
                script: "\(test.origin) \(stage.title)")
        }
            + outcome.errors.map { error in
                CheckResult(
                    label: "the \(error.origin) \(stage.title) script stopped", passed: false, expected: "",
                    actual: masked.redact(error.placedMessage), script: "\(error.origin) \(stage.title)")
            }
    }
}

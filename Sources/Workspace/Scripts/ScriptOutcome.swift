/// What a run of scripts did: its tests, its console output, the variables it set, the request it
/// changed (pre-request), and its errors — each with the script and the place it happened.
package struct ScriptOutcome: Sendable, Equatable {
    package var tests: [ScriptTestResult]
    package var console: [ScriptLogLine]
    package var changes: [ScriptVariableChange]
    /// The request as a pre-request script left it; nil when no script changed it.
    package var request: ScriptRequest?
    package var errors: [ScriptError]
    /// How long the scripts took, `pm.sendRequest`s included.
    package var duration: Duration

    package init(
        tests: [ScriptTestResult] = [], console: [ScriptLogLine] = [], changes: [ScriptVariableChange] = [],
        request: ScriptRequest? = nil, errors: [ScriptError] = [], duration: Duration = .zero
    ) {
        self.tests = tests
        self.console = console
        self.changes = changes
        self.request = request
        self.errors = errors
        self.duration = duration
    }
}

/// One `pm.test` (or legacy `tests["…"] = …`).
package struct ScriptTestResult: Sendable, Equatable {
    package var name: String
    package var passed: Bool
    /// The assertion's message when it failed.
    package var message: String?
    /// The script it ran in ("request Login").
    package var origin: String

    package init(name: String, passed: Bool, message: String? = nil, origin: String) {
        self.name = name
        self.passed = passed
        self.message = message
        self.origin = origin
    }
}

package struct ScriptLogLine: Sendable, Equatable {
    package enum Level: String, Sendable {
        case log, info, warn, error
    }

    package var level: Level
    package var text: String

    package init(_ level: Level, _ text: String) {
        self.level = level
        self.text = text
    }
}

/// A variable a script set (`value`) or unset (nil).
package struct ScriptVariableChange: Sendable, Equatable {
    package enum Scope: String, Sendable {
        case environment, collection, globals, local
    }

    package var scope: Scope
    package var name: String
    package var value: String?
    /// The name was secret before the script set it: the value is masked like a secret capture's.
    package var secret: Bool

    package init(scope: Scope, name: String, value: String?, secret: Bool = false) {
        self.scope = scope
        self.name = name
        self.value = value
        self.secret = secret
    }
}

/// A script that did not run to its end: a syntax error, an exception it threw, its time or
/// memory limit, an engine that could not load.
package struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    package var origin: String
    package var message: String
    /// 1-based, in the script's own text; nil when the error has no place (a limit, the engine).
    package var line: Int?
    package var column: Int?

    package init(origin: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.origin = origin
        self.message = message
        self.line = line
        self.column = column
    }

    package var description: String {
        guard let line else { return "\(origin) script: \(message)" }
        return "\(origin) script, line \(line)\(column.map { ":\($0)" } ?? ""): \(message)"
    }
}

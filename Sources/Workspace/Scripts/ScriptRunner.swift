/// Runs scripts in a sandbox. The `lazer` executable gives `WorkspaceServices` the Scripting
/// module's engine; tests and builds without it get `ScriptsUnavailable`.
package protocol ScriptRunner: Sendable {
    /// Runs `job`'s scripts in order; never throws: what went wrong is in the outcome's errors.
    func run(_ job: ScriptJob) -> ScriptOutcome
    /// The first syntax error in `text` (a script body), if any.
    func syntaxError(in text: String, origin: String) -> ScriptError?
    /// Starts making the engine ready off the caller's thread (a run about to need it), so the
    /// first script does not wait for it.
    func warmUp()
}

extension ScriptRunner {
    package func warmUp() {}
}

/// The runner when no engine is wired in: every script fails with `reason`.
package struct ScriptsUnavailable: ScriptRunner {
    package var reason: String

    package init(reason: String = "this build of Lazer runs no scripts") { self.reason = reason }

    package func run(_ job: ScriptJob) -> ScriptOutcome {
        ScriptOutcome(errors: job.scripts.prefix(1).map { ScriptError(origin: $0.origin, message: reason) })
    }

    package func syntaxError(in text: String, origin: String) -> ScriptError? { nil }
}

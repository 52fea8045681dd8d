import CJavaScriptCore
import Foundation
import Synchronization
package import Workspace

/// Runs Postman-style scripts in JavaScriptCore: one context, made on first use and reused, so a
/// script costs a call, not an engine. Runs are serialised (one context, one thread at a time).
///
/// The sandbox is JavaScriptCore's bare global object (no file system, no process, no network)
/// with the API `ScriptPrelude` builds; `pm.sendRequest` reaches the network only through the
/// job's own `send`. A script is stopped past its time limit (wall time less the time its
/// `pm.sendRequest`s waited) or when the process grows by more than its memory limit.
package final class JavaScriptEngine: ScriptRunner {
    package struct Limits: Sendable {
        package var time: Duration
        /// Bytes the process may grow by while one script runs.
        package var memory: Int

        package init(time: Duration = .seconds(1), memory: Int = 512 << 20) {
            self.time = time
            self.memory = memory
        }
    }

    private let limits: Limits
    private let core = Mutex<Result<JavaScriptContext, ScriptError>?>(nil)
    private let warming = Atomic<Bool>(false)

    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    package func run(_ job: ScriptJob) -> ScriptOutcome {
        core.withLock { core -> ScriptOutcome in
            // Timed once the engine is this job's: waiting for another job is not the scripts' time.
            let start = ContinuousClock.now
            var outcome: ScriptOutcome
            switch Self.ready(&core, limits: limits) {
            case .success(let context): outcome = context.run(job)
            case .failure(let error):
                outcome = ScriptOutcome(
                    errors: job.scripts.prefix(1).map { ScriptError(origin: $0.origin, message: error.message) })
            }
            outcome.duration = ContinuousClock.now - start
            return outcome
        }
    }

    /// Loads the engine on a thread of its own, once: `lazer run --trust-scripts` starts it while
    /// it parses a collection that may hold scripts, so the ~40 ms of its first use overlap the
    /// run's start (the first script waits only for what is left).
    package func warmUp() {
        guard !warming.exchange(true, ordering: .relaxed) else { return }
        // Whichever takes the lock first loads the engine (a script that comes first does it itself).
        let thread = Thread { [self] in
            core.withLock { core in _ = Self.ready(&core, limits: limits) }
        }
        thread.name = "lazer.scripts.warm-up"
        thread.start()
    }

    package func syntaxError(in text: String, origin: String) -> ScriptError? {
        core.withLock { core -> ScriptError? in
            switch Self.ready(&core, limits: limits) {
            case .success(let context): return context.syntaxError(in: text, origin: origin)
            case .failure(let error): return ScriptError(origin: origin, message: error.message)
            }
        }
    }

    private static func ready(
        _ core: inout Result<JavaScriptContext, ScriptError>?, limits: Limits
    ) -> Result<JavaScriptContext, ScriptError> {
        if let core { return core }
        let made: Result<JavaScriptContext, ScriptError>
        do throws(ScriptError) {
            made = .success(try JavaScriptContext(limits: limits))
        } catch {
            made = .failure(error)
        }
        core = made
        return made
    }
}

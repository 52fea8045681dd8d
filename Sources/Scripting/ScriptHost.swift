import CJavaScriptCore
import Foundation
import Workspace

/// What a script's context reaches outside JavaScript: the watch on the running script (time and
/// memory), and the answers to its `native` calls. JavaScriptCore calls into it on the script's
/// own thread, under the engine's lock.
final class ScriptHost {
    let limits: JavaScriptEngine.Limits
    private var scriptStart = ContinuousClock.now
    /// Time the running script spent waiting for its `pm.sendRequest`s: not counted against it.
    private var waited = Duration.zero
    private var memoryAtStart = 0
    private(set) var stopReason: String?
    /// The context group whose time limit the watchdog sets again after each slice.
    var group: JSContextGroupRef?
    /// The sandbox's freezing, called by the prelude's `hardenNative`.
    var hardening: JavaScriptHardening?
    /// The running job's way to the network.
    var send: (@Sendable (ScriptRequest) -> Result<ScriptResponse, ScriptSendFailure>)?

    init(limits: JavaScriptEngine.Limits) {
        self.limits = limits
    }

    func watch() {
        scriptStart = .now
        waited = .zero
        stopReason = nil
        memoryAtStart = ProcessMemory.resident()
    }

    /// Whether the running script is past a limit (asked by JavaScriptCore every 10 ms, and once
    /// more when it ends: one allocation can grow the process between two asks).
    func shouldStop() -> Bool {
        if ProcessMemory.resident() - memoryAtStart > limits.memory {
            stopReason = "stopped: the script took more than the \(limits.memory >> 20) MB of memory scripts may use"
            return true
        }
        let ran = ContinuousClock.now - scriptStart - waited
        if ran > limits.time {
            stopReason = "stopped after \(Self.milliseconds(ran)) ms: scripts may run for \(Self.shown(limits.time))"
            return true
        }
        return false
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    private static func shown(_ limit: Duration) -> String {
        let milliseconds = Self.milliseconds(limit)
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    func answer(_ operation: String, _ argument: String) throws(NativeOperations.Failure) -> String {
        guard operation == "send" else { return try NativeOperations.answer(operation, argument) }
        guard let send else { throw NativeOperations.Failure(message: "pm.sendRequest cannot send from here") }
        let started = ContinuousClock.now
        defer { waited += ContinuousClock.now - started }
        return ScriptInput.sendAnswer(argument, send: send)
    }
}

/// The process's peak resident memory (`getrusage`: one system call, no file to read). A script's
/// growth is measured against the peak before it: one that stays under an earlier peak is not
/// caught, and needs none of the limit's protection.
enum ProcessMemory {
    /// Linux's RUSAGE_THREAD (1), which Glibc's module leaves out.
    private static let thisThread = __rusage_who_t(1)

    static func resident() -> Int {
        var usage = rusage()
        // RUSAGE_THREAD: the same process-wide peak (the kernel reads it from the address space),
        // without summing every thread's times first (half the call's cost).
        guard getrusage(Self.thisThread, &usage) == 0 else { return 0 }
        return usage.ru_maxrss * 1024
    }
}

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
            let milliseconds = Int(ran.components.seconds * 1000 + ran.components.attoseconds / 1_000_000_000_000_000)
            stopReason = "stopped after \(milliseconds) ms: scripts may run for \(Self.shown(limits.time))"
            return true
        }
        return false
    }

    private static func shown(_ limit: Duration) -> String {
        let milliseconds = limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000
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

/// The process's resident memory, from `/proc/self/statm` (0 where it cannot be read).
enum ProcessMemory {
    static func resident() -> Int {
        let file = open("/proc/self/statm", O_RDONLY)
        guard file >= 0 else { return 0 }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, 127) }
        guard count > 0 else { return 0 }
        let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

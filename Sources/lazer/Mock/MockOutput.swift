import AnnotatedLocks
import ArgumentParser
import Dispatch
import Foundation
import MockServer
import Synchronization
import TerminalText

/// What `lazer mock` and `lazer record --proxy` print: the URL and request lines on stdout,
/// notes on stderr, JSON lines to the `--log` file. Every write happens on one serial queue, so
/// lines never interleave and keep their order. The event loops only append a request's record to
/// a short list under a lock (no formatting, no system call, nothing that can block behind a slow
/// terminal): a thread that is descheduled while holding a lock stalls every event loop waiting
/// on it, which is what made the mock server's tail latency several times nginx's. The queue
/// formats and writes what has gathered at most every ``flushDelay`` (one write for many requests
/// under load). A note or the URL first writes what is pending, so the order holds.
final class MockOutput: Sendable {
    private struct Pending {
        var entries: [MockRequestLog] = []
        var scheduled = false
        /// Request records not kept because the writer fell too far behind (a stalled terminal).
        var dropped = 0
    }

    static let flushDelay = DispatchTimeInterval.milliseconds(20)
    /// Request records kept waiting for the writer at most; beyond it they are counted, not kept,
    /// so a terminal that stops reading cannot grow the server's memory without bound.
    static let maxPending = 100_000
    private let state = Mutex(Pending())
    /// Only written on ``queue``.
    private let file: FileHandle?
    private let queue = DispatchQueue(label: "lazer.mock.output")

    init(logFile: FileHandle?) {
        file = logFile
    }

    /// Opens (creating or appending to) the `--log` file; when it cannot, says why (a missing
    /// folder, a folder, no permission) and exits 2.
    static func openLog(_ path: String) throws -> FileHandle {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            FileBytes.writeError("lazer mock: cannot open the log file \(TerminalText.line(path)): \(reason)\n")
            throw ExitCode(2)
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// A line on stdout, as it is (the caller made it terminal-safe).
    func line(_ text: String) {
        queue.sync {
            writePending()
            Self.write(text + "\n", to: 1)
        }
    }

    /// A note on stderr, each line terminal-safe.
    func note(_ text: String) {
        let safe = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.line($0) }
        queue.sync {
            writePending()
            Self.write(safe.map { "lazer: \($0)\n" }.joined(), to: 2)
        }
    }

    /// A request: its terminal line on stdout and its JSON line in the log file, written shortly.
    /// Called on an event loop: appends under the lock and returns.
    func request(_ entry: MockRequestLog) {
        let schedule = state.withLock(ownedBy: self) { pending -> Bool in
            if pending.entries.count < Self.maxPending {
                pending.entries.append(entry)
            } else {
                pending.dropped += 1
            }
            guard !pending.scheduled else { return false }
            pending.scheduled = true
            return true
        }
        guard schedule else { return }
        queue.asyncAfter(deadline: .now() + Self.flushDelay) { [self] in writePending() }
    }

    /// Writes what is pending and closes the log file.
    func close() {
        queue.sync {
            writePending()
            try? file?.synchronize()
            try? file?.close()
        }
    }

    /// Writes to stdout or stderr. A reader that went away (`lazer mock … | head -n 1`, to read the
    /// URL) or a full disk ends that output; the server goes on serving.
    private static func write(_ text: String, to descriptor: Int32) {
        var output = FileBytes.StandardOutput(descriptor: descriptor)
        var text = text
        text.withUTF8 { output.write($0) }
    }

    /// Takes the gathered records (the lock held only to swap the list) and writes them. On ``queue``.
    private func writePending() {
        let (entries, dropped) = state.withLock(ownedBy: self) { pending in
            pending.scheduled = false
            defer {
                pending.entries = []
                pending.dropped = 0
            }
            return (pending.entries, pending.dropped)
        }
        guard !entries.isEmpty || dropped > 0 else { return }
        var terminal = ""
        var log = ""
        for entry in entries {
            terminal += entry.terminalLine + "\n"
            if file != nil { log += entry.jsonLine + "\n" }
        }
        if dropped > 0 {
            terminal += "… \(dropped) request lines not shown (the output fell behind)\n"
        }
        if !terminal.isEmpty { Self.write(terminal, to: 1) }
        if !log.isEmpty { file?.write(Data(log.utf8)) }
    }
}

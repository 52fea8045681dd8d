import AnnotatedLocks
import ArgumentParser
import Dispatch
import Foundation
import MockServer
import Synchronization
import TerminalText

/// What `lazer mock` and `lazer record --proxy` print: the URL and request lines on stdout,
/// notes on stderr, JSON lines to the `--log` file. Called from the event loops, so every write
/// goes through one lock and lines never interleave. Request lines are gathered and written at
/// most every ``flushDelay`` (one write for many requests under load, instead of a system call
/// per request on the event loop); a note or the URL first writes what is pending, so the order holds.
final class MockOutput: Sendable {
    private struct Pending {
        var file: FileHandle?
        var terminal = ""
        var log = ""
        var scheduled = false
    }

    static let flushDelay = DispatchTimeInterval.milliseconds(20)
    private let state: Mutex<Pending>
    private let queue = DispatchQueue(label: "lazer.mock.output")

    init(logFile: FileHandle?) {
        state = Mutex(Pending(file: logFile))
    }

    /// Opens (creating or appending to) the `--log` file.
    static func openLog(_ path: String) throws -> FileHandle {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                FileBytes.writeError("lazer: cannot create the log file \(TerminalText.line(path))\n")
                throw ExitCode(2)
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            FileBytes.writeError("lazer: cannot write the log file \(TerminalText.line(path))\n")
            throw ExitCode(2)
        }
        handle.seekToEndOfFile()
        return handle
    }

    /// A line on stdout, as it is (the caller made it terminal-safe).
    func line(_ text: String) {
        state.withLock(ownedBy: self) { pending in
            Self.write(&pending)
            FileHandle.standardOutput.write(Data((text + "\n").utf8))
        }
    }

    /// A note on stderr, each line terminal-safe.
    func note(_ text: String) {
        let safe = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.line($0) }
        state.withLock(ownedBy: self) { pending in
            Self.write(&pending)
            FileHandle.standardError.write(Data(safe.map { "lazer: \($0)\n" }.joined().utf8))
        }
    }

    /// A request: its terminal line on stdout and its JSON line in the log file, written shortly.
    func request(_ entry: MockRequestLog) {
        let terminal = entry.terminalLine + "\n"
        let schedule = state.withLock(ownedBy: self) { pending -> Bool in
            pending.terminal += terminal
            if pending.file != nil { pending.log += entry.jsonLine + "\n" }
            guard !pending.scheduled else { return false }
            pending.scheduled = true
            return true
        }
        guard schedule else { return }
        queue.asyncAfter(deadline: .now() + Self.flushDelay) { [self] in
            state.withLock(ownedBy: self) { Self.write(&$0) }
        }
    }

    /// Writes what is pending and closes the log file.
    func close() {
        state.withLock(ownedBy: self) { pending in
            Self.write(&pending)
            try? pending.file?.synchronize()
            try? pending.file?.close()
            pending.file = nil
        }
    }

    private static func write(_ pending: inout Pending) {
        pending.scheduled = false
        if !pending.terminal.isEmpty {
            FileHandle.standardOutput.write(Data(pending.terminal.utf8))
            pending.terminal = ""
        }
        if !pending.log.isEmpty {
            pending.file?.write(Data(pending.log.utf8))
            pending.log = ""
        }
    }
}

import Foundation
import Glibc

/// Runs a `command` auth's shell command and takes its standard output (trimmed) as the token.
///
/// Blocks the calling thread while the command runs: call it off the main queue and off the
/// network thread (`CommandTokens.fetch` does). The command gets no standard input, Lazer's
/// environment and the collection's folder as its working folder; after `timeout` its whole
/// process group (Foundation's `Process` makes the shell a group leader) is killed.
package enum CommandTokenRunner {
    /// More than any token; a command that prints more is not printing a token.
    static let outputLimit = 64 * 1024

    /// - Parameter stop: stops the command before its timeout (a cancelled send, Lazer quitting).
    package static func run(
        _ command: String, timeout: Double, folder: String? = nil, stop: CommandStop? = nil
    ) -> Result<String, CommandTokenError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        if let folder, !folder.isEmpty { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        if stop?.isStopped == true { return .failure(.stopped) }
        do {
            try process.run()
        } catch {
            return .failure(.couldNotStart(reason: "\(error.localizedDescription)"))
        }
        if let stop, !stop.started(process.processIdentifier) { return .failure(.stopped) }
        // Both pipes are read while the command runs: one that fills a pipe would wait forever.
        let readers = DispatchGroup()
        let outputBytes = Collected()
        let errorBytes = Collected()
        for (pipe, collected) in [(output, outputBytes), (errors, errorBytes)] {
            readers.enter()
            DispatchQueue.global().async {
                collected.read(pipe.fileHandleForReading, limit: outputLimit)
                readers.leave()
            }
        }
        let deadline = DispatchTime.now() + .milliseconds(Int(min(timeout, 86_400) * 1000))
        // A program the command left running with the pipes open also counts as still running.
        let exitedInTime = exited.wait(timeout: deadline) == .success
        // Stopped: done once the shell is gone, without waiting for its pipes (another process
        // may hold them open).
        if stop?.isStopped == true { return .failure(.stopped) }
        guard exitedInTime, readers.wait(timeout: deadline) == .success else {
            CommandStop.kill(process.processIdentifier)
            return .failure(.timedOut(seconds: timeout))
        }
        let status = process.terminationStatus
        let stderrLine = errorBytes.firstLine
        if process.terminationReason == .uncaughtSignal {
            return .failure(.killed(signal: status, stderr: stderrLine))
        }
        guard status == 0 else { return .failure(.exited(status: status, stderr: stderrLine)) }
        guard !outputBytes.overflowed else { return .failure(.outputTooLong(limit: outputLimit)) }
        let token = String(decoding: outputBytes.bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { return .failure(.emptyOutput(stderr: stderrLine)) }
        // A header value cannot hold a line break: a command printing two lines is not printing a token.
        guard !token.contains(where: { $0.isNewline }) else { return .failure(.severalLines) }
        return .success(token)
    }

    /// The bytes one pipe gave, up to a limit (the rest is read and dropped, so the writer never blocks).
    private final class Collected: @unchecked Sendable {
        // Written by one reader thread, read after the DispatchGroup's wait: the group orders them.
        var bytes: [UInt8] = []
        var overflowed = false

        func read(_ handle: FileHandle, limit: Int) {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                let room = limit - bytes.count
                if chunk.count > room { overflowed = true }
                if room > 0 { bytes += chunk.prefix(room) }
            }
        }

        /// The first non-empty line, shortened: what an error message quotes.
        var firstLine: String? {
            let text = String(decoding: bytes, as: UTF8.self)
            guard let line = text.split(whereSeparator: \.isNewline).first(where: { !$0.allSatisfy(\.isWhitespace) })
            else { return nil }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.count > 200 ? String(trimmed.prefix(200)) + "…" : trimmed
        }
    }
}

/// Why a `command` auth gave no token: said in the send's error card and by `lazer run`.
package enum CommandTokenError: Error, Sendable, Equatable, CustomStringConvertible {
    case couldNotStart(reason: String)
    case exited(status: Int32, stderr: String?)
    case killed(signal: Int32, stderr: String?)
    case timedOut(seconds: Double)
    case emptyOutput(stderr: String?)
    case outputTooLong(limit: Int)
    case severalLines
    /// The collection is not trusted to run commands.
    case notTrusted
    /// Stopped before it finished: the send was cancelled, or Lazer quit.
    case stopped

    package var description: String {
        func quoting(_ stderr: String?) -> String { stderr.map { ": \($0)" } ?? " (nothing on standard error)" }
        switch self {
        case .couldNotStart(let reason): return "the auth command could not be started: \(reason)"
        case .exited(let status, let stderr):
            return "the auth command failed with exit status \(status)\(quoting(stderr))"
        case .killed(let signal, let stderr): return "the auth command was killed by signal \(signal)\(quoting(stderr))"
        case .timedOut(let seconds):
            return "the auth command did not finish within \(SecondsText.format(seconds)) s and was stopped"
        case .emptyOutput(let stderr): return "the auth command printed no token\(quoting(stderr))"
        case .outputTooLong(let limit): return "the auth command printed more than \(limit / 1024) KB: not a token"
        case .severalLines: return "the auth command printed several lines: a token is one line"
        case .notTrusted: return "the collection is not trusted to run its auth commands"
        case .stopped: return "the auth command was stopped before it finished"
        }
    }
}

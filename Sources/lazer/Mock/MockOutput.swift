import AnnotatedLocks
import ArgumentParser
import Foundation
import MockServer
import Synchronization
import TerminalText

/// What `lazer mock` and `lazer record --proxy` print: the URL and request lines on stdout,
/// notes on stderr, JSON lines to the `--log` file. Called from the event loops, so every write
/// goes through one lock and lines never interleave.
final class MockOutput: Sendable {
    private let file: Mutex<FileHandle?>

    init(logFile: FileHandle?) {
        file = Mutex(logFile)
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
        file.withLock(ownedBy: self) { _ in
            FileHandle.standardOutput.write(Data((text + "\n").utf8))
        }
    }

    /// A note on stderr, each line terminal-safe.
    func note(_ text: String) {
        let safe = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.line($0) }
        file.withLock(ownedBy: self) { _ in
            FileHandle.standardError.write(Data(safe.map { "lazer: \($0)\n" }.joined().utf8))
        }
    }

    /// A request: its terminal line on stdout and its JSON line in the log file.
    func request(_ entry: MockRequestLog) {
        let terminal = entry.terminalLine + "\n"
        file.withLock(ownedBy: self) { file in
            FileHandle.standardOutput.write(Data(terminal.utf8))
            file?.write(Data((entry.jsonLine + "\n").utf8))
        }
    }

    func close() {
        file.withLock(ownedBy: self) { file in
            try? file?.synchronize()
            try? file?.close()
            file = nil
        }
    }
}

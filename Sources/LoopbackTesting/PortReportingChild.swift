import Foundation
import Synchronization

/// A Python script run as a child process that prints its ports on its first line
/// (`PORTS name=port …`) and stops when its standard input closes: how the loopback server and
/// the nginx guard run, so a test process that dies takes its servers with it.
final class PortReportingChild: Sendable {
    /// The child's first line (or what it printed instead, for the error message).
    let firstLine: String
    /// The `name=port` fields of that line.
    let ports: [String: Int]
    private let process: Mutex<Process?>
    private let stdinPipe: Mutex<Pipe?>

    /// Starts `script` with `arguments` (under `python`, by default the system's python3) and
    /// waits (at most 20 s) for its first line.
    init(script: URL, arguments: [String], python: URL? = nil) throws {
        let process = Process()
        process.executableURL = try python ?? LoopbackServer.python()
        // -B: the scripts' imports must not leave __pycache__ in Sources (SwiftPM would warn).
        process.arguments = ["-B", script.path] + arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        firstLine = LoopbackServer.readLine(from: output.fileHandleForReading, timeout: 20)
        ports = LoopbackServer.ports(firstLine)
        self.process = Mutex(process)
        stdinPipe = Mutex(input)
    }

    /// Closes the child's standard input (its signal to clean up and stop), terminates it too when
    /// `terminate` is set, and waits for it to exit. Later calls do nothing.
    func stop(terminate: Bool) {
        stdinPipe.withLock { pipe in
            try? pipe?.fileHandleForWriting.close()
            pipe = nil
        }
        process.withLock { process in
            guard let running = process else { return }
            if terminate, running.isRunning { running.terminate() }
            running.waitUntilExit()
            process = nil
        }
    }
}

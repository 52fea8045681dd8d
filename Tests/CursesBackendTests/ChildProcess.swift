import CCurses
import Foundation
import Testing

/// A program started for a test through `ccurses_spawn_piped` (default signal dispositions, no
/// blocked signals — unlike a child of a Swift concurrency thread), with its standard output piped
/// back. Always `wait()` or `stop()` it.
struct ChildProcess {
    let pid: pid_t
    /// The read end of the child's standard output.
    let output: Int32
    private let input: Int32

    /// Starts `name` (looked up in `PATH`) with `arguments` and `environment`.
    init(_ name: String, _ arguments: [String], environment: [String: String]) throws {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let executable = try #require(
            path.split(separator: ":").map { "\($0)/\(name)" }.first {
                FileManager.default.isExecutableFile(atPath: $0)
            },
            "\(name) is not installed (make deps)")
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var input: Int32 = -1
        var output: Int32 = -1
        pid = ccurses_spawn_piped(&argv, &envp, &input, &output)
        try #require(pid > 0, "could not start \(name)")
        self.input = input
        self.output = output
        close(input)
    }

    /// Reads standard output until `stop` returns true for what was read so far, or end of file.
    func read(until stop: (Data) -> Bool = { _ in false }) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !stop(data) {
            let count = Glibc.read(output, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        return data
    }

    /// Waits for the child to exit; returns its exit code (128 + signal if a signal ended it).
    @discardableResult
    func wait() -> Int32 {
        var code: Int32 = -1
        _ = ccurses_wait_child(pid, -1, &code)
        close(output)
        return code
    }

    /// Ends the child with SIGTERM and waits for it.
    func stop() {
        kill(pid, SIGTERM)
        wait()
    }
}

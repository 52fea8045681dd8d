import Foundation
import Glibc
import Testing

/// `lazer json` on a file of a megabyte or more maps it and hands its pages back behind the
/// parse and the printer (issue 31, goal 2): a large body costs its index and a window, not its
/// size. Measured as a user would: the peak resident size of the whole process.
@Suite("lazer json on large files")
struct JSONCommandMemoryTests {
    /// A temporary file removed at the end.
    final class TemporaryFile {
        let path = NSTemporaryDirectory() + "lazer-json-memory-" + UUID().uuidString + ".json"
        deinit { unlink(path) }
    }

    /// `count` API-like objects (about 160 bytes and seven tape entries each: an index of about a
    /// fifth of the body), written in pieces.
    static func writeBody(to path: String, objects count: Int) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw CocoaError(.fileWriteUnknown) }
        defer { try? handle.close() }
        var size = 0
        var piece = "["
        for number in 0..<count {
            if number > 0 { piece += ",\n" }
            piece +=
                #"{"id": \#(number), "name": "customer number \#(number) of the benchmark", "#
                + #""email": "customer.\#(number)@example.com", "note": "a note that makes the object longer"}"#
            if piece.utf8.count > 1 << 20 {
                size += piece.utf8.count
                try handle.write(contentsOf: Data(piece.utf8))
                piece = ""
            }
        }
        piece += "]"
        size += piece.utf8.count
        try handle.write(contentsOf: Data(piece.utf8))
        return size
    }

    /// Runs `lazer` with `arguments`, stdout to /dev/null: its exit status and peak resident size
    /// in bytes, the child's `VmHWM` read while it runs. Not `wait4`'s `ru_maxrss`: a child spawned
    /// from this process starts that at this process's own peak (Linux keeps the high-water mark of
    /// the memory it replaced at `exec`), so other tests' memory showed up in it.
    static func peakResident(
        _ arguments: [String], environment overrides: [String: String] = [:]
    ) throws -> (status: Int32, peak: Int) {
        let binary = LazerBinary.productsDirectory.appendingPathComponent("lazer").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw LazerBinary.Failure.notBuilt(binary) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = ProcessInfo.processInfo.environment.merging(overrides) { _, given in given }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var peak = 0
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            if waited < 0 && errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            peak = max(peak, highWaterMark(of: pid))
            usleep(1_000)
        }
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, peak)
    }

    /// `VmHWM` of process `pid` in bytes (0 once it has let its memory go).
    static func highWaterMark(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kilobytes * 1_024
    }

    @Test("a 64 MB file is printed and queried holding its index and a window, not the body")
    func largeFileStaysBounded() throws {
        let small = TemporaryFile()
        _ = try Self.writeBody(to: small.path, objects: 10)
        let large = TemporaryFile()
        let size = try Self.writeBody(to: large.path, objects: 420_000)
        #expect(size > 60 << 20)
        let baseline = try Self.peakResident(["json", small.path])
        #expect(baseline.status == 0)
        for arguments in [
            ["json", large.path], ["json", large.path, "--compact"], ["json", large.path, "--query", "$[7].email"],
        ] {
            let run = try Self.peakResident(arguments)
            #expect(run.status == 0, "\(arguments)")
            // Read whole, the body alone would add its size; mapped, the index (about a fifth)
            // and the pages near the parse or the printer.
            #expect(
                run.peak - baseline.peak < size / 2,
                "\(arguments): peak \(run.peak >> 20) MB, baseline \(baseline.peak >> 20) MB, body \(size >> 20) MB")
        }
    }

    @Test("a mapped file prints exactly what the same bytes from stdin print")
    func mappedEqualsStdin() throws {
        let file = TemporaryFile()
        _ = try Self.writeBody(to: file.path, objects: 12_000)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
        #expect(bytes.count > 1 << 20)
        for options in [[], ["--compact"], ["--sort-keys"], ["--query", "$[?@.id > 11990].email"]] {
            let mapped = try LazerBinary.run(["json", file.path] + options)
            let piped = try LazerBinary.run(["json"] + options, stdin: bytes)
            #expect(mapped.status == 0 && piped.status == 0, "\(options)")
            #expect(mapped.stdout == piped.stdout, "\(options)")
        }
    }
}

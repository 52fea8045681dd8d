import Foundation
import Testing

/// Output into a pipe whose reader has gone (`lazer json big.json | head -c 1`): every command
/// reports the write error and exits 1; none dies silently of SIGPIPE (141). The commands start
/// with SIGPIPE at its default (`env --default-signal`), as from a shell that did not ignore it.
@Suite("Output into a closed pipe")
struct ClosedPipeCommandTests {
    /// Runs `lazer ARGUMENTS | head -c 1` in bash; lazer's exit status and its stderr.
    private func intoClosedPipe(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let lazer = LazerBinary.productsDirectory.appendingPathComponent("lazer").path
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-pipe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errors) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments =
            [
                "-c", #"env --default-signal=PIPE "$@" 2>"$ERRORS" | head -c 1 > /dev/null; exit "${PIPESTATUS[0]}""#,
                "bash", lazer,
            ] + arguments
        process.environment = ["ERRORS": errors.path, "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        try process.run()
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return (process.terminationStatus, stderr)
    }

    @Test("lazer json and lazer export into a closed pipe: a message and exit 1, not SIGPIPE")
    func jsonAndExport() throws {
        let big = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-pipe-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: big) }
        try Data(("[" + (0..<200_000).map(String.init).joined(separator: ",") + "]").utf8).write(to: big)
        for arguments in [
            ["json", big.path], ["json", big.path, "--compact"], ["json", big.path, "--query", "$[*]"],
        ] {
            let result = try intoClosedPipe(arguments)
            #expect(result.status == 1, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("lazer json: cannot write the output"), "\(result.stderr)")
        }
        // A collection whose export is far more than a pipe holds (64 KiB).
        let requests = (0..<2_000).map {
            #"{"id": "r\#($0)", "name": "R\#($0)", "method": "GET", "url": "/items/\#($0)"}"#
        }
        let collection = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lazer-pipe-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: collection) }
        try Data(
            #"{"formatVersion": 1, "id": "pipe", "name": "Pipe", "requests": [\#(requests.joined(separator: ","))]}"#
                .utf8
        ).write(to: collection)
        let export = try intoClosedPipe(["export", collection.path, "--format", "curl"])
        #expect(export.status == 1, "\(export.stderr)")
        #expect(export.stderr.contains("cannot write"), "\(export.stderr)")
    }
}

import Foundation
import LoopbackTesting
import Testing

/// `lazer run` on a large response (issue 31, goal 2): a body over 16 MB is spilled by the
/// transport to a temporary file and mapped by the checks, so it is held as its index and a window
/// — not as the transport's copy and the checks' copy (a 139 MB body took 367 MB; now 96 MB).
@Suite("lazer run on a large response")
struct RunLargeResponseTests {
    static func collection(port: Int, path: String) -> String {
        """
        {"formatVersion": 1, "id": "large-response", "name": "Large", "defaultEnvironment": "live",
         "environments": [{"name": "live", "kind": "live", "baseURL": "http://127.0.0.1:\(port)"}],
         "requests": [{"id": "big", "name": "Big", "method": "GET", "url": "\(path)",
           "expectations": [
             {"subject": "status", "op": "equals", "value": 200},
             {"subject": "jsonPath", "path": "$[449999].id", "op": "equals", "value": 449999},
             {"subject": "jsonPath", "path": "$[0].tags[1]", "op": "equals", "value": "b"}]}]}
        """
    }

    @Test("a 37 MB JSON response is checked holding less than its size, and its spill file is removed")
    func largeResponseIsMapped() throws {
        let server = try LoopbackServer.shared()
        let folder = NSTemporaryDirectory() + "lazer-large-run-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let large = folder + "/large.json"
        try Data(Self.collection(port: server.port, path: "/json-array?count=450000").utf8)
            .write(to: URL(fileURLWithPath: large))
        let small = folder + "/small.json"
        try Data(Self.collection(port: server.port, path: "/json").utf8).write(to: URL(fileURLWithPath: small))
        // The size of what the server sends (`stream_json_array` in loopback_server.py).
        let size =
            2
            + (0..<450_000).reduce(0) { total, number in
                total + (number > 0 ? 1 : 0) + #"{"id": \#(number), "name": "item \#(number)", "#.utf8.count
                    + #""tags": ["a", "b"], "note": "a longer text"}"#.utf8.count
            }
        #expect(size > 32 << 20)

        let checked = try LazerBinary.run(["run", large, "--no-history"])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.contains("1 passed · 3 checks"), "\(checked.stdout)")

        // Its own temporary folder: the spill file is there while the checks run, gone after.
        let temporary = folder + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let environment = ["TMPDIR": temporary]
        // The small body's run fails its JSONPath checks (exit 1); it is the process's baseline.
        let baseline = try JSONCommandMemoryTests.peakResident(
            ["run", small, "--no-history"], environment: environment)
        #expect(baseline.status == 1)
        let run = try JSONCommandMemoryTests.peakResident(["run", large, "--no-history"], environment: environment)
        #expect(run.status == 0)
        // Held twice (transport and checks), the body alone would add twice its size.
        #expect(
            run.peak - baseline.peak < size,
            "peak \(run.peak >> 20) MB, baseline \(baseline.peak >> 20) MB, body \(size >> 20) MB")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }
}

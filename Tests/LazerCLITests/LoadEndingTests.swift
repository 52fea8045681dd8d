import Foundation
import LoopbackTesting
import Testing

/// How a `lazer load` ends and what it checks before it starts: requests a server never answers
/// are cancelled after the grace period (a run against such a server never ended), and output
/// files and untrusted scripts are refused before any request (an hour's run was lost to a
/// missing folder; a run of unsendable requests went its whole length and exited 3).
@Suite("lazer load: its start and its end")
struct LoadEndingTests {
    private static func collection(port: Int, path: String, scripts: Bool = false) -> String {
        let script = scripts ? #", "scripts": {"test": "pm.test('ok', () => {});"}"# : ""
        return """
            {"formatVersion": 1, "id": "ending", "name": "Ending", "defaultEnvironment": "local",
             "environments": [{"name": "local", "baseURL": "http://127.0.0.1:\(port)"}],
             "requests": [{"id": "r", "name": "R", "method": "GET", "url": "\(path)"\(script)}]}
            """
    }

    private func load(_ scratch: RunCommandTests.Scratch, _ arguments: [String]) throws -> LazerBinary.Output {
        try LazerBinary.run(["load"] + arguments, environment: scratch.environment, currentDirectory: scratch.path)
    }

    @Test("requests a server never answers are cancelled after --grace and counted as such")
    func aServerThatNeverAnswers() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(port: server.port, path: "/silent?seconds=300"), to: "c.json")
        let result = try load(
            scratch, [file, "--rate", "4/s", "--duration", "1s", "--grace", "1s", "--output", "s.json"])
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("still in flight at the end: cancelled"), "\(result.stdout)")
        let summary = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/s.json"))
        #expect(String(decoding: summary, as: UTF8.self).contains("in flight at the end: cancelled"))
    }

    /// A run of ten minutes: were the files checked after it, the test would hang until killed.
    @Test("output files in no folder, or two outputs naming one file, are refused before any request")
    func outputFilesAreCheckedFirst() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(port: server.port, path: "/silent?seconds=300"), to: "c.json")
        let long = [file, "--rate", "1/s", "--duration", "600s"]
        let missing = try load(scratch, long + ["--output", "/nonexistent/s.json"])
        #expect(missing.status == 2 && missing.stderr.contains("there is no folder /nonexistent"), "\(missing.stderr)")
        let hdr = try load(scratch, long + ["--hdr-log", "/nonexistent/x.hlog"])
        #expect(hdr.status == 2 && hdr.stderr.contains("--hdr-log /nonexistent/x.hlog"), "\(hdr.stderr)")
        let same = try load(scratch, long + ["--output", "same.out", "--html", "./same.out"])
        #expect(same.status == 2, "\(same.stderr)")
        #expect(same.stderr.contains("--output and --html name the same file"), "\(same.stderr)")
    }

    @Test("requests with scripts and no --trust-scripts: refused at once, exit 2")
    func untrustedScriptsAreRefusedAtOnce() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            Self.collection(port: server.port, path: "/status/200", scripts: true), to: "c.json")
        let refused = try load(scratch, [file, "--rate", "1/s", "--duration", "600s"])
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("pass --trust-scripts"), "\(refused.stderr)")
        let trusted = try load(scratch, [file, "--vus", "1", "--iterations", "2", "--trust-scripts"])
        #expect(trusted.status == 0, "\(trusted.stdout)\(trusted.stderr)")
    }
}

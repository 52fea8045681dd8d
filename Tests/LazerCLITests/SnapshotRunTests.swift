import Foundation
import LoopbackTesting
import Testing

/// `lazer run` with snapshot expectations, as a process against the loopback server: a missing
/// snapshot fails, `--update-snapshots` writes it, a drifting response fails with its JSONPaths,
/// `--from-history` re-checks the stored answer without sending, `lazer validate` reads the files.
@Suite("lazer run snapshots")
struct SnapshotRunTests {
    private func collection(port: Int) -> String {
        """
        {
          "formatVersion": 1,
          "id": "snapshot-run-tests",
          "name": "Snapshots",
          "defaultEnvironment": "local",
          "variables": [{ "name": "v", "value": "1" }, { "name": "key", "secret": true }],
          "requests": [
            {
              "id": "echo",
              "name": "Echo",
              "method": "GET",
              "url": "/echo?v={{v}}",
              "headers": [{ "name": "X-Key", "value": "{{key}}" }],
              "expectations": [
                { "subject": "status", "op": "equals", "value": 200 },
                { "subject": "snapshot", "ignore": ["$.headers[?@[0] == 'Host']", "$.headers[?@[0] == 'User-Agent']"] }
              ]
            }
          ],
          "environments": [
            { "name": "local", "baseURL": "http://127.0.0.1:\(port)" },
            { "name": "other", "baseURL": "http://127.0.0.1:\(port)" }
          ]
        }

        """
    }

    private func run(_ arguments: [String], _ scratch: RunCommandTests.Scratch) throws -> LazerBinary.Output {
        try LazerBinary.run(
            arguments, environment: scratch.environment.merging(["LAZER_VAR_key": "k-93-secret"]) { $1 },
            currentDirectory: scratch.path)
    }

    @Test("missing fails, --update-snapshots creates it (masked), a drift fails with paths, --from-history re-checks")
    func lifecycle() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(collection(port: server.port), to: "api.json")
        let snapshotFile = scratch.path + "/api.snapshots/echo.json"

        let missing = try run(["run", file], scratch)
        #expect(missing.status == 1, "\(missing.stdout)\(missing.stderr)")
        #expect(missing.stdout.contains("no snapshot yet: run with --update-snapshots"), "\(missing.stdout)")

        let created = try run(["run", file, "--update-snapshots"], scratch)
        #expect(created.status == 0, "\(created.stdout)\(created.stderr)")
        #expect(created.stdout.contains("snapshot created \(snapshotFile)"), "\(created.stdout)")
        let stored = try String(contentsOfFile: snapshotFile, encoding: .utf8)
        #expect(stored.contains(#""query": "v=1""#), "\(stored)")
        #expect(stored.contains(#""<ignored>""#), "\(stored)")
        #expect(!stored.contains("k-93-secret"), "\(stored)")
        #expect(stored.contains("••••••"), "\(stored)")

        let same = try run(["run", file], scratch)
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        let unchanged = try run(["run", file, "--update-snapshots"], scratch)
        #expect(!unchanged.stdout.contains("snapshot "), "\(unchanged.stdout)")

        let drift = try run(["run", file, "--var", "v=2"], scratch)
        #expect(drift.status == 1, "\(drift.stdout)")
        #expect(drift.stdout.contains(#"$.query: "v=1" → "v=2""#), "\(drift.stdout)")
        #expect(drift.stdout.contains("$.target"), "\(drift.stdout)")

        // Another environment's answer, newer, is not this one's: --from-history takes the run's
        // environment's newest entry (it took the newest of any, and --update-snapshots wrote it
        // into this environment's snapshot).
        _ = try run(["run", file, "--env", "other", "--var", "v=3"], scratch)
        // The latest history entry is the drifted answer: re-checked without sending, it fails the same way.
        let fromHistory = try run(["run", file, "--from-history"], scratch)
        #expect(!fromHistory.stdout.contains("v=3"), "\(fromHistory.stdout)")
        #expect(fromHistory.status == 1, "\(fromHistory.stdout)")
        #expect(fromHistory.stdout.contains("from history"), "\(fromHistory.stdout)")
        #expect(fromHistory.stdout.contains(#"$.query: "v=1" → "v=2""#), "\(fromHistory.stdout)")
        let accepted = try run(["run", file, "--from-history", "--update-snapshots"], scratch)
        #expect(accepted.status == 0, "\(accepted.stdout)")
        #expect(accepted.stdout.contains("snapshot updated \(snapshotFile)"), "\(accepted.stdout)")
        #expect(try run(["run", file, "--var", "v=2"], scratch).status == 0)

        let validated = try run(["validate", file], scratch)
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        try Data(#"{"formatVersion": 2, "status": 200}"#.utf8).write(to: URL(fileURLWithPath: snapshotFile))
        let invalid = try run(["validate", file], scratch)
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains("\"formatVersion\" must be 1"), "\(invalid.stderr)")
    }

    @Test("--from-history without an entry reports no response (exit 3) and sends nothing")
    func noHistory() throws {
        let scratch = try RunCommandTests.Scratch()
        // Port 9 on loopback: nothing may be sent there, and nothing is.
        let file = try scratch.write(collection(port: 9), to: "api.json")
        let result = try run(["run", file, "--from-history"], scratch)
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("no history entry for this request in environment local yet: send it there first"),
            "\(result.stdout)")
    }
}

import Foundation
import Testing

/// `lazer export --format locust|k6` with `lazer load`'s options as a user runs it: the options
/// reach the script (stages, virtual users, thresholds, `rate>=…*target` multiplied out by the
/// planned average rate), are checked as `lazer load` checks them, and are a usage error with any
/// other format.
@Suite("lazer export --format locust|k6 with load options")
struct ExportLoadOptionsTests {
    static let collection = """
        {"formatVersion": 1, "id": "x", "name": "X",
         "requests": [{"id": "r", "name": "R", "method": "GET", "url": "https://x.test/r"}]}
        """

    private func export(_ arguments: [String]) throws -> LazerBinary.Output {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-export-load-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(Self.collection.utf8).write(to: URL(fileURLWithPath: folder + "/x.json"))
        return try LazerBinary.run(["export", "x.json"] + arguments, currentDirectory: folder)
    }

    @Test func theOptionsReachTheScript() throws {
        let k6 = try export([
            "--format", "k6", "--rate", "10/s", "--stage", "10s:30/s", "--threshold", "rate>=0.5*target",
            "--threshold", "p99.9<=1.5s",
        ])
        #expect(k6.status == 0, "\(k6.stderr)")
        #expect(k6.stdout.contains("executor: \"ramping-arrival-rate\",\n      startRate: 10,"))
        #expect(k6.stdout.contains("{ duration: \"10s\", target: 30 },"))
        // 200 requests planned over 10 s: half of 20/s.
        #expect(k6.stdout.contains("http_reqs: [\"rate>=10\"],"))
        #expect(k6.stdout.contains("http_req_duration: [\"p(99.9)<=1500\"],"))

        let locust = try export(["--format", "locust", "--vus", "3", "--duration", "2m"])
        #expect(locust.status == 0, "\(locust.stderr)")
        #expect(locust.stdout.contains("USERS = 3\nSECONDS = 120\nITERATIONS = None\n"))

        let single = try export(["--format", "locust"])
        #expect(single.stdout.contains("USERS = 1\nSECONDS = None\nITERATIONS = 1\n"))
    }

    @Test func theOptionsAreCheckedAsLazerLoadChecksThem() throws {
        let other = try export(["--format", "curl", "--vus", "2"])
        #expect(other.status == 2)
        #expect(other.stderr.contains("go with --format locust or k6"))
        let mixed = try export(["--format", "k6", "--vus", "2", "--rate", "5/s", "--duration", "1m"])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("--vus (closed model) goes without --rate and --stage"))
        let threshold = try export(["--format", "k6", "--threshold", "p99 under 2s"])
        #expect(threshold.status == 2)
        #expect(threshold.stderr.contains("is not a threshold"))
        let share = try export(["--format", "k6", "--vus", "2", "--duration", "1m", "--threshold", "rate>=0.9*target"])
        #expect(share.status == 2)
        #expect(share.stderr.contains("needs a target rate, which only the open model has"))
    }
}

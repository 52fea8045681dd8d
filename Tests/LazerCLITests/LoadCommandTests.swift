import Foundation
import LoopbackTesting
import Testing

/// `lazer load` against a loopback server with a known delay distribution (issue 29): the open
/// model's percentiles match the injected delays, a server stall shows in the open model's p99
/// (latency from the intended start) and not in the closed model's, thresholds decide the exit
/// status, and `--output` writes the JSON summary.
@Suite("lazer load against a delaying server", .serialized)
struct LoadCommandTests {
    static func collection(_ server: DelayTestServer, path: String = "/delay") -> String {
        """
        {"formatVersion": 1, "id": "load", "name": "Load", "defaultEnvironment": "live",
         "environments": [{"name": "live", "kind": "live", "baseURL": "\(server.baseURL)"}],
         "requests": [{"id": "r", "name": "R", "method": "GET", "url": "\(path)",
           "expectations": [{"subject": "status", "op": "equals", "value": 200}]}]}
        """
    }

    private func load(_ scratch: RunCommandTests.Scratch, _ arguments: [String]) throws -> LazerBinary.Output {
        try LazerBinary.run(["load"] + arguments, environment: scratch.environment, currentDirectory: scratch.path)
    }

    private func summary(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func latency(_ summary: [String: Any]) throws -> [String: Double] {
        let object = try #require(summary["latency"] as? [String: Any])
        return object.compactMapValues { ($0 as? NSNumber)?.doubleValue }
    }

    /// The injected delays are floors, and each percentile lands in its own band (below the next
    /// slower delay): the right samples were ranked. How close to the delay it lands (1 ms + 2 %) is
    /// a timing figure for a benchmark, not for a test on a shared, loaded machine.
    @Test("the open model's percentiles are the injected delays")
    func percentilesMatchTheInjectedDelays() throws {
        let server = try DelayTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(server), to: "c.json")
        let result = try load(scratch, [file, "--rate", "100/s", "--duration", "4s", "--output", "s.json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("open model: target 100.0/s"), "\(result.stdout)")
        let object = try summary(scratch.path + "/s.json")
        #expect(object["finished"] as? Int == 400)
        // 400 requests: 360 at 10 ms, 36 at 50 ms, 4 at 200 ms. p95 lies in the 50 ms band, p99.9 in the 200 ms one.
        let measured = try latency(object)
        for (name, injected, nextBand) in [("p50Ms", 10.0, 50.0), ("p99_9Ms", 200.0, 1_000.0)] {
            let value = try #require(measured[name])
            #expect(value >= injected && value < nextBand, "\(name) \(value)")
        }
        #expect(result.stdout.contains("check    status: 400/400 passed"), "\(result.stdout)")
    }

    @Test("a 1 s stall shows in the open model's p99, not in the closed model's")
    func aStallShowsInTheOpenModelsP99() throws {
        let scratch = try RunCommandTests.Scratch()
        let open = try DelayTestServer(stallAfter: 100, stallSeconds: 1)
        defer { open.stop() }
        let file = try scratch.write(Self.collection(open, path: "/fast"), to: "open.json")
        let first = try load(scratch, [file, "--rate", "100/s", "--duration", "3s", "--output", "open-s.json"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        // The requests due during the stall waited for it: about a third of them, up to 1 s late.
        let openP99 = try #require(try latency(summary(scratch.path + "/open-s.json"))["p99Ms"])
        #expect(openP99 > 800, "open p99 \(openP99) ms")
        let closed = try DelayTestServer(stallAfter: 100, stallSeconds: 1)
        defer { closed.stop() }
        let closedFile = try scratch.write(Self.collection(closed, path: "/fast"), to: "closed.json")
        let second = try load(
            scratch, [closedFile, "--vus", "1", "--duration", "3s", "--output", "closed-s.json"])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        // One user waited once: one slow request among many, below the p99.
        let closedP99 = try #require(try latency(summary(scratch.path + "/closed-s.json"))["p99Ms"])
        #expect(closedP99 < 500, "closed p99 \(closedP99) ms")
    }

    @Test("thresholds decide the exit status; no response at all is status 3")
    func thresholdsDecideTheExitStatus() throws {
        let server = try DelayTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(server, path: "/fast"), to: "c.json")
        let held = try load(
            scratch,
            [
                file, "--vus", "2", "--iterations", "20", "--threshold", "p99<5s", "--threshold", "errors<1%",
                "--threshold", "checks>=99%",
            ])
        #expect(held.status == 0, "\(held.stdout)\(held.stderr)")
        #expect(held.stdout.contains("threshold errors<1%: passed"), "\(held.stdout)")
        let failed = try load(scratch, [file, "--vus", "2", "--iterations", "20", "--threshold", "max<1ms"])
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stdout.contains("threshold max<1ms: FAILED"), "\(failed.stdout)")
        let usage = try load(scratch, [file, "--vus", "2"])
        #expect(usage.status == 2 && usage.stderr.contains("--vus needs --duration or --iterations"), "\(usage.stderr)")
        // A negative count is refused as out of range, not taken for an option.
        let negative = try load(scratch, [file, "--vus", "-1", "--iterations", "1"])
        #expect(negative.status == 2 && negative.stderr.contains("--vus takes 1 to 10000 users"), "\(negative.stderr)")
        let badThreshold = try load(scratch, [file, "--vus", "1", "--iterations", "1", "--threshold", "p99 1s"])
        #expect(
            badThreshold.status == 2 && badThreshold.stderr.contains("is not a threshold"), "\(badThreshold.stderr)")
        // Virtual users have no target rate: a share of it held whatever the run did.
        let share = try load(scratch, [file, "--vus", "1", "--iterations", "1", "--threshold", "rate>=0.99*target"])
        #expect(share.status == 2 && share.stderr.contains("needs a target rate"), "\(share.stderr)")
        server.stop()
        let refused = try load(scratch, [file, "--vus", "1", "--iterations", "3", "--output", "r.json"])
        #expect(refused.status == 3, "\(refused.stdout)\(refused.stderr)")
        let errors = try #require(try summary(scratch.path + "/r.json")["errors"] as? [String: Int])
        #expect(errors.values.reduce(0, +) == 3, "\(errors)")
    }

    @Test("a request that timed out counts the connection it opened")
    func timedOutRequestsCountTheirConnections() throws {
        let port = try silentPort()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            """
            {"formatVersion": 1, "id": "silent", "name": "Silent", "defaultEnvironment": "live",
             "requests": [{"id": "h", "name": "h", "method": "GET", "url": "/x"}],
             "environments": [{"name": "live", "kind": "live", "baseURL": "http://127.0.0.1:\(port)"}]}

            """, to: "silent.json")
        let result = try load(
            scratch, [file, "--vus", "2", "--iterations", "2", "--timeout", "0.5", "--output", "silent-s.json"])
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        // Each user's first request opened a connection, then timed out on it (it was "0").
        let opened = try #require(try summary(scratch.path + "/silent-s.json")["connectionsOpened"] as? Int)
        #expect(opened >= 2, "\(result.stdout)")
    }

    @Test("the JSON summary and the HTML report escape what could drive a terminal or hide text in a name")
    func theSummaryEscapesHostileNames() throws {
        let server = try DelayTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let collection = Self.collection(server, path: "/fast").replacingOccurrences(
            of: #""name": "R""#, with: #""name": "R\u202e\u009b2J""#)
        let file = try scratch.write(collection, to: "c.json")
        let result = try load(
            scratch, [file, "--vus", "1", "--iterations", "2", "--output", "s.json", "--html", "report.html"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // The HTML report: written, self-contained, the name's bidi and C1 characters shown, not written.
        let html = try String(contentsOfFile: scratch.path + "/report.html", encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<section id=\"histogram\">"))
        #expect(html.contains("Load/R&lt;U+202E&gt;&lt;U+009B&gt;2J") && !html.contains("<script"), "\(html)")
        #expect(!html.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{9B}" })
        let text = try String(contentsOfFile: scratch.path + "/s.json", encoding: .utf8)
        #expect(!text.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{9B}" }, "\(text)")
        #expect(text.lowercased().contains(#"\u202e"#), "\(text)")
        let requests = try #require(try summary(scratch.path + "/s.json")["requests"] as? [[String: Any]])
        #expect(requests.first?["name"] as? String == "Load/R\u{202E}\u{9B}2J")
    }

    @Test("--report html and --report json write the report and the summary under their default names")
    func reportFormats() throws {
        let server = try DelayTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(server, path: "/fast"), to: "c.json")
        let result = try load(
            scratch, [file, "--vus", "1", "--iterations", "2", "--report", "html", "--report", "json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let html = try String(contentsOfFile: scratch.path + "/load-report.html", encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<section id=\"histogram\">"))
        #expect(try summary(scratch.path + "/load-summary.json")["requests"] != nil)
        #expect(result.stdout.contains("load-report.html: HTML report"))
        // --html names the file --report html writes; an unknown format is a usage error.
        let named = try load(
            scratch, [file, "--vus", "1", "--iterations", "1", "--report", "html", "--html", "h.html"])
        #expect(named.status == 0 && FileManager.default.fileExists(atPath: scratch.path + "/h.html"))
        let unknown = try load(scratch, [file, "--vus", "1", "--iterations", "1", "--report", "pdf"])
        #expect(unknown.status == 2 && unknown.stderr.contains("pdf"), "\(unknown.stderr)")
    }

    @Test("requests share at most --connections connections; a closed model opens one per virtual user")
    func connectionCap() throws {
        let scratch = try RunCommandTests.Scratch()
        // 300/s for 1 s against answers of 10 to 200 ms: several requests are in flight at once.
        let capped = try DelayTestServer()
        defer { capped.stop() }
        let cappedFile = try scratch.write(Self.collection(capped), to: "capped.json")
        let first = try load(
            scratch, [cappedFile, "--rate", "300/s", "--duration", "1s", "--connections", "3", "--output", "a.json"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(try summary(scratch.path + "/a.json")["requests"] != nil)
        let cappedCount = try capped.connections()
        #expect(cappedCount >= 1 && cappedCount <= 3, "\(cappedCount) connections")
        // The summary counts the connections the server saw opened.
        let reported = try summary(scratch.path + "/a.json")["connectionsOpened"] as? Int
        #expect(reported == cappedCount)
        #expect(first.stdout.contains("\(cappedCount) connection"))
        // The same load with the default cap (64) opens more than three.
        let open = try DelayTestServer()
        defer { open.stop() }
        let openFile = try scratch.write(Self.collection(open), to: "open.json")
        let second = try load(scratch, [openFile, "--rate", "300/s", "--duration", "1s", "--output", "b.json"])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        let openCount = try open.connections()
        #expect(openCount > 3 && openCount <= 64, "\(openCount) connections")
        #expect(try summary(scratch.path + "/b.json")["connectionsOpened"] as? Int == openCount)
        // Four virtual users through libcurl alone: four connections, each reused by its user.
        let users = try DelayTestServer()
        defer { users.stop() }
        let usersFile = try scratch.write(Self.collection(users, path: "/fast"), to: "users.json")
        let third = try load(
            scratch, [usersFile, "--vus", "4", "--iterations", "25", "--engine", "curl", "--output", "c.json"])
        #expect(third.status == 0, "\(third.stdout)\(third.stderr)")
        let userCount = try users.connections()
        #expect(userCount >= 1 && userCount <= 4, "\(userCount) connections")
        // With the keep-alive engine, each user's passes after its first on a connection of its own
        // (libcurl's of the first pass stays idle): one more per user, and the summary counts them.
        let kept = try DelayTestServer()
        defer { kept.stop() }
        let keptFile = try scratch.write(Self.collection(kept, path: "/fast"), to: "kept.json")
        let fourth = try load(scratch, [keptFile, "--vus", "4", "--iterations", "25", "--output", "d.json"])
        #expect(fourth.status == 0, "\(fourth.stdout)\(fourth.stderr)")
        let keptCount = try kept.connections()
        #expect(keptCount >= 5 && keptCount <= 8, "\(keptCount) connections")
        #expect(try summary(scratch.path + "/d.json")["connectionsOpened"] as? Int == keptCount)
        let zero = try load(scratch, [usersFile, "--vus", "1", "--iterations", "1", "--connections", "0"])
        #expect(zero.status == 2 && zero.stderr.contains("--connections takes 1 to 10000"), "\(zero.stderr)")
    }

    /// Reads an HDR interval log with HdrHistogram's own Python library (`hdrh`, in the test
    /// virtualenv): intervals read, total count, p50 and max in microseconds.
    static let hdrReader = """
        import sys
        from hdrh.histogram import HdrHistogram
        from hdrh.log import HistogramLogReader
        total = HdrHistogram(1, 3600000000, 2)
        reader = HistogramLogReader(sys.argv[1], HdrHistogram(1, 3600000000, 2))
        intervals = 0
        while True:
            interval = reader.get_next_interval_histogram()
            if interval is None:
                break
            intervals += 1
            total.add(interval)
        print(intervals, total.get_total_count(), total.get_value_at_percentile(50), total.get_max_value())
        """

    @Test("--hdr-log writes an interval log HdrHistogram's own library reads: every request, its latencies")
    func hdrLog() throws {
        let server = try DelayTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(server), to: "c.json")
        let result = try load(
            scratch, [file, "--rate", "50/s", "--duration", "2s", "--hdr-log", "run.hlog", "--output", "s.json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let log = try String(contentsOfFile: scratch.path + "/run.hlog", encoding: .utf8)
        #expect(log.hasPrefix("#[Histogram log format version 1.3]\n#[StartTime: "))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try OAuthTestServer.virtualenvPythonPath())
        process.arguments = ["-c", Self.hdrReader, scratch.path + "/run.hlog"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ").compactMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try #require(fields.count == 4, "\(String(decoding: data, as: UTF8.self))")
        // Two seconds of completions or three (the last may end just past the second), all 100 requests,
        // and latencies of the injected delays: p50 at least 10 ms, max at least 200 ms (2 significant digits).
        #expect((2...3).contains(fields[0]), "\(fields)")
        let finished = try #require(try summary(scratch.path + "/s.json")["finished"] as? Int)
        #expect(fields[1] == Double(finished) && finished == 100, "\(fields)")
        #expect(fields[2] >= 9_900 && fields[2] < 50_000, "\(fields)")
        #expect(fields[3] >= 198_000, "\(fields)")
    }
}

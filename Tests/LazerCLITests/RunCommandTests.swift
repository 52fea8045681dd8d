import Foundation
import LoopbackTesting
import Testing

/// `lazer run` as a process: the shipped collections against their mock environments, a
/// collection against the loopback server (the live path through curl), the README's examples,
/// usage errors.
@Suite("lazer run")
struct RunCommandTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// A scratch folder for collection files and the user directories (history goes there).
    final class Scratch {
        let path: String

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-run-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        var environment: [String: String] {
            [
                "HOME": path, "XDG_STATE_HOME": path + "/state", "XDG_CONFIG_HOME": path + "/config",
                "PATH": "/usr/bin:/bin",
            ]
        }

        func write(_ text: String, to name: String) throws -> String {
            let file = path + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            return file
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    private func run(_ arguments: [String], scratch: Scratch, environment: [String: String] = [:]) throws
        -> LazerBinary.Output
    {
        try LazerBinary.run(
            ["run"] + arguments, environment: scratch.environment.merging(environment) { $1 },
            currentDirectory: Self.repositoryRoot)
    }

    @Test("the jsonplaceholder collection passes against its mock: plain text when piped, exit 0")
    func jsonplaceholder() throws {
        let scratch = try Scratch()
        let result = try run(["Collections/jsonplaceholder.json", "--env", "mock"], scratch: scratch)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("✓ GET     Posts/List posts · 200 OK"))
        #expect(result.stdout.contains("15 requests: 15 passed · 48 checks"))
        #expect(!result.stdout.contains("\u{1B}["))
    }

    @Test("a report or a cookie jar named like a collection the run loads is refused; the collection stays")
    func aReportNamedLikeTheCollection() throws {
        let scratch = try Scratch()
        let original = try String(
            contentsOfFile: Self.repositoryRoot + "/Collections/jsonplaceholder.json", encoding: .utf8)
        let file = try scratch.write(original, to: "shop.json")
        for arguments in [["--reporter", "json", "--output", file], ["--cookie-jar", scratch.path + "/./shop.json"]] {
            let result = try run([file, "--env", "mock"] + arguments, scratch: scratch)
            #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("is a collection this run loads"), "\(result.stderr)")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == original)
        }
    }

    @Test("stdout that cannot be written (/dev/full, a closed pipe) ends the output, not the run: a message, exit 1")
    func unwritableOutput() throws {
        let full = try LazerBinary.runToFullDisk([
            "run", Self.repositoryRoot + "/Collections/jsonplaceholder.json", "--env", "mock", "--no-history",
        ])
        #expect(full.status == 1)
        #expect(full.stderr.contains("lazer run: cannot write the output: No space left on device"), "\(full.stderr)")
        #expect(!full.stderr.contains("Fatal error"))
    }

    @Test("the showcase collection shows each failure translated; exit 2 (a request could not be built)")
    func showcase() throws {
        let scratch = try Scratch()
        let result = try run(["Collections/showcase.json", "--env", "mock", "--no-history"], scratch: scratch)
        #expect(result.status == 2)
        for text in [
            "Host not found (while resolving, dnsFailure)", "Connection refused (while connecting, connectionRefused)",
            "Request timed out (while waiting, totalTimeout)",
            "✗ jsonPath $.ok: expected present, actual (the body is not JSON: line 1, column 1: "
                + "expected a value, found '<')",
            "{{traceId}} is not defined",
        ] {
            #expect(result.stdout.contains(text), "missing: \(text)")
        }
        let noResponse = try run(
            ["Collections/showcase.json", "--env", "mock", "--request", "sc-dns", "--request", "sc-login"],
            scratch: scratch)
        #expect(noResponse.status == 3)
        let failed = try run(
            ["Collections/showcase.json", "--env", "mock", "--request", "sc-not-json"], scratch: scratch)
        #expect(failed.status == 1)
    }

    @Test("against the loopback server: captures chain through curl, junit and json reports written, exit 0 / 1 / 3")
    func loopback() throws {
        let server = try LoopbackServer.shared()
        let scratch = try Scratch()
        let collection = try scratch.write(
            Self.loopbackCollection(port: server.port, closedPort: try closedPort()), to: "live.json")
        let junit = scratch.path + "/report.xml"
        let json = scratch.path + "/report.json"
        let passed = try run(
            [
                collection, "--folder", "Pass", "--reporter", "human", "--reporter", "junit", "--reporter", "json",
                "--output", junit, "--output", json,
            ],
            scratch: scratch)
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        #expect(passed.stdout.contains("✓ POST    Pass/Echo the name · 200 OK"))
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        let requests = report?["requests"] as? [[String: Any]] ?? []
        #expect(requests.count == 2)
        #expect((requests.first?["url"] as? String) == server.url("/json").absoluteString)
        #expect(
            try String(contentsOfFile: junit, encoding: .utf8).contains("<testsuite name=\"Loopback/Pass\" tests=\"2\"")
        )
        let failed = try run([collection, "--request", "unavailable"], scratch: scratch)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("✗ status: expected 200, actual 503"))
        let refused = try run([collection, "--request", "closed"], scratch: scratch)
        #expect(refused.status == 3)
        #expect(refused.stdout.contains("Connection refused"))
        #expect(!refused.stdout.contains("curl"))
    }

    @Test(
        "redirects against the loopback server: followed by default, not where the request or its collection says so, never with --no-follow; a loop fails"
    )
    func redirects() throws {
        let server = try LoopbackServer.shared()
        let scratch = try Scratch()
        let followed = try scratch.write(Self.redirectCollection(port: server.port, options: nil), to: "follow.json")
        let result = try run([followed, "--no-history", "--request", "chain", "--request", "own"], scratch: scratch)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("✓ GET     Chain · 200 OK"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ GET     Own setting · 302 Found"), "\(result.stdout)")
        let loop = try run([followed, "--no-history", "--request", "loop"], scratch: scratch)
        #expect(loop.status == 3, "\(loop.stdout)")
        #expect(loop.stdout.contains("Too many redirects"), "\(loop.stdout)")
        let noFollow = try run([followed, "--no-history", "--request", "chain", "--no-follow"], scratch: scratch)
        #expect(noFollow.status == 1, "\(noFollow.stdout)")
        #expect(noFollow.stdout.contains("✗ status: expected 200, actual 307"), "\(noFollow.stdout)")
        let off = try scratch.write(
            Self.redirectCollection(port: server.port, options: #""options": {"followRedirects": false},"#),
            to: "off.json")
        let collectionOff = try run([off, "--no-history", "--request", "chain"], scratch: scratch)
        #expect(collectionOff.status == 1, "\(collectionOff.stdout)")
        #expect(collectionOff.stdout.contains("actual 307"), "\(collectionOff.stdout)")
    }

    /// Requests through redirects on the loopback server: a 307 → 302 → 303 chain, a request that
    /// turns following off itself, a loop; `options` (a member and its comma) goes at the top level.
    static func redirectCollection(port: Int, options: String?) -> String {
        let inner = "/redirect-to?status=302&location=/see-other"
        let chain =
            "/redirect-to?status=307&location="
            + (inner.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        return """
            {
              "formatVersion": 1, "id": "redirects-\(options == nil ? "on" : "off")", "name": "Redirects",
              \(options ?? "")
              "defaultEnvironment": "local",
              "requests": [
                { "id": "chain", "name": "Chain", "method": "GET", "url": "\(chain)",
                  "expectations": [
                    { "subject": "status", "op": "equals", "value": 200 },
                    { "subject": "jsonPath", "path": "$.path", "op": "equals", "value": "/echo" }
                  ] },
                { "id": "own", "name": "Own setting", "method": "GET", "url": "/redirect/1",
                  "options": { "followRedirects": false },
                  "expectations": [{ "subject": "status", "op": "equals", "value": 302 }] },
                { "id": "loop", "name": "Loop", "method": "GET", "url": "/redirect-loop" }
              ],
              "environments": [{ "name": "local", "baseURL": "http://127.0.0.1:\(port)" }]
            }

            """
    }

    @Test("the README's lazer run examples against mock environments run as documented")
    func readmeExamples() throws {
        let readme = try String(contentsOfFile: Self.repositoryRoot + "/README.md", encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### `lazer run`").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```").dropFirst().first)
        let commands = block.split(separator: "\n").filter { $0.hasPrefix("lazer run") && $0.contains("--env mock") }
        #expect(commands.count == 3)
        // The live example is not run (it would reach the internet): every collection it names has
        // the environment it asks for (a folder with one that lacks it would be an exit-2 error).
        for live in block.split(separator: "\n") where live.hasPrefix("lazer run") && !live.contains("--env mock") {
            let words = Self.words(String(live))
            let environment = try #require(words.firstIndex(of: "--env").map { words[$0 + 1] })
            let files = words.filter { $0.hasPrefix("Collections") }
            #expect(!files.isEmpty && files.allSatisfy { $0.hasSuffix(".json") }, "\(live)")
            for file in files {
                let text = try String(contentsOfFile: Self.repositoryRoot + "/" + file, encoding: .utf8)
                #expect(text.contains(#""name": "\#(environment)""#), "\(file) has no environment \(environment)")
            }
        }
        let scratch = try Scratch()
        for command in commands {
            let arguments = Self.words(String(command)).dropFirst(2)
            let result = try run(Array(arguments), scratch: scratch)
            #expect(result.status == 0, "\(command): \(result.stdout)\(result.stderr)")
        }
    }

    @Test("usage and collection errors exit 2 with a message; a broken file is printed with line and column")
    func usageErrors() throws {
        let scratch = try Scratch()
        let unknownReporter = try run(["Collections/showcase.json", "--reporter", "xml"], scratch: scratch)
        #expect(unknownReporter.status == 2)
        #expect(unknownReporter.stderr.contains("--reporter xml"))
        let unknownEnvironment = try run(["Collections/showcase.json", "--env", "staging"], scratch: scratch)
        #expect(unknownEnvironment.status == 2)
        #expect(unknownEnvironment.stderr.contains("no environment named \"staging\""))
        let twoOnStdout = try run(
            ["Collections/showcase.json", "--reporter", "tap", "--reporter", "json"], scratch: scratch)
        #expect(twoOnStdout.status == 2)
        let broken = try scratch.write("{\n  \"formatVersion\": 1,\n  \"id\": 3\n}\n", to: "broken.json")
        let result = try run([broken], scratch: scratch)
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(broken):3:"))
        // A copy of a collection keeps its id: the two would share captures and history.
        let original = Self.repositoryRoot + "/Collections/jsonplaceholder.json"
        let copy = try scratch.write(try String(contentsOfFile: original, encoding: .utf8), to: "copy.json")
        let duplicate = try run([original, copy, "--env", "mock"], scratch: scratch)
        #expect(duplicate.status == 2)
        #expect(duplicate.stderr.contains("\(copy): the collection id"), "\(duplicate.stderr)")
        #expect(duplicate.stderr.contains("is already used by \(original)"))
    }

    @Test("--parallel and --repeat: every request of every pass reported; bad values are usage errors")
    func parallelAndRepeat() throws {
        let scratch = try Scratch()
        let result = try run(
            ["Collections/showcase.json", "--env", "mock", "--folder", "Chaining", "--parallel", "4", "--repeat", "2"],
            scratch: scratch)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("6 requests: 6 passed"))
        #expect(result.stdout.contains("· pass 2"))
        #expect(try run(["Collections/showcase.json", "--parallel", "0"], scratch: scratch).status == 2)
        // A negative count is named as out of range, not taken for an option.
        let negative = try run(["Collections/showcase.json", "--repeat", "-1"], scratch: scratch)
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("--repeat must be from 1 to 100000."), "\(negative.stderr)")
        let parallel = try run(["Collections/showcase.json", "--parallel", "-2"], scratch: scratch)
        #expect(parallel.stderr.contains("--parallel must be from 1 to 256."), "\(parallel.stderr)")
    }

    @Test("tap on stdout; NO_COLOR keeps a terminal-less run plain")
    func tapReporter() throws {
        let scratch = try Scratch()
        let result = try run(
            ["Collections/showcase.json", "--env", "mock", "--folder", "Chaining", "--reporter", "tap"],
            scratch: scratch,
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("TAP version 13\n1..3\nok 1 - POST Showcase/Chaining/1. Log in\n"))
    }

    /// Splits a shell line into words (single quotes only, as the README uses).
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                started = true
            } else if character == " ", !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    static func loopbackCollection(port: Int, closedPort: Int) -> String {
        """
        {
          "formatVersion": 1,
          "id": "loopback-run-tests",
          "name": "Loopback",
          "defaultEnvironment": "local",
          "folders": [
            {
              "name": "Pass",
              "requests": [
                {
                  "id": "json",
                  "name": "Get JSON",
                  "method": "GET",
                  "url": "/json",
                  "expectations": [
                    { "subject": "status", "op": "equals", "value": 200 },
                    { "subject": "jsonPath", "path": "$.id", "op": "equals", "value": 1.0 },
                    { "subject": "jsonPath", "path": "$.tags[*]", "op": "exists" }
                  ],
                  "captures": [
                    { "variable": "name", "from": "jsonPath", "path": "$.name" }
                  ]
                },
                {
                  "id": "echo",
                  "name": "Echo the name",
                  "method": "POST",
                  "url": "/echo",
                  "headers": [
                    { "name": "X-Name", "value": "{{name}}" }
                  ],
                  "body": { "type": "json", "json": { "name": "{{name}}" } },
                  "expectations": [
                    { "subject": "jsonPath", "path": "$.method", "op": "equals", "value": "POST" },
                    { "subject": "body", "op": "contains", "value": "X-Name\\", \\"lazer" }
                  ]
                }
              ]
            }
          ],
          "requests": [
            {
              "id": "unavailable",
              "name": "Unavailable",
              "method": "GET",
              "url": "/status/503",
              "expectations": [
                { "subject": "status", "op": "equals", "value": 200 }
              ]
            },
            {
              "id": "closed",
              "name": "Closed port",
              "method": "GET",
              "url": "http://127.0.0.1:\(closedPort)/"
            }
          ],
          "environments": [
            {
              "name": "local",
              "baseURL": "http://127.0.0.1:\(port)"
            }
          ]
        }

        """
    }
}

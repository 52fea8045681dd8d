import Foundation
import LoopbackTesting
import Testing

/// `lazer run` given values and files a careless or hostile user could give: a timeout too large
/// for the transport, escapes in a collection's text, a response far larger than a report line.
@Suite("lazer run: hostile input")
struct RunCommandHostileInputTests {
    private func run(_ arguments: [String], scratch: RunCommandTests.Scratch) throws -> LazerBinary.Output {
        try LazerBinary.run(
            ["run"] + arguments, environment: scratch.environment, currentDirectory: RunCommandTests.repositoryRoot)
    }

    @Test("--timeout or a collection's timeoutSeconds too large for the transport: exit 2 with a message, no crash")
    func hugeTimeouts() throws {
        let scratch = try RunCommandTests.Scratch()
        let option = try run(["Collections/showcase.json", "--env", "mock", "--timeout", "1e300"], scratch: scratch)
        #expect(option.status == 2, "\(option.stderr)")
        #expect(option.stderr.contains("--timeout must be a positive number of seconds, at most 2147483"))
        // A negative value is read as the option's value (it was "Missing value for '--timeout'").
        let negative = try run(["Collections/showcase.json", "--env", "mock", "--timeout", "-1"], scratch: scratch)
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("--timeout must be a positive number of seconds"))
        let file = try scratch.write(
            """
            {"formatVersion": 1, "id": "huge-timeout", "name": "Huge", "requests": [
              {"id": "r", "name": "R", "method": "GET", "url": "/x", "options": {"timeoutSeconds": 1e300}}],
             "environments": [{"name": "m", "kind": "mock", "baseURL": "http://m.test", "routes": []}]}
            """, to: "huge.json")
        let collection = try run([file, "--no-history"], scratch: scratch)
        #expect(collection.status == 2, "\(collection.stderr)")
        #expect(collection.stderr.contains("\(file):2:"), "\(collection.stderr)")
        #expect(
            collection.stderr.contains("error: requests[0].options.timeoutSeconds: expected at most 2147483 seconds"))
        #expect(!collection.stderr.contains("Fatal error"))
    }

    @Test("a collection's problems never reach the terminal raw; a syntax error's excerpt and caret are lines")
    func diagnosticsAreTerminalSafe() throws {
        let scratch = try RunCommandTests.Scratch()
        let escapes = try scratch.write(
            #"{"formatVersion": 1, "id": "e", "name": "E", "x\u001b]0;pwned\u0007": 1, "requests": [], "#
                + #""environments": [{"name": "l", "kind": "lvie\u001b[31m", "baseURL": "http://a.test"}]}"#,
            to: "escapes.json")
        let result = try run([escapes], scratch: scratch)
        #expect(result.status == 2)
        #expect(!SendCommandTests.hasRawControl(result.stderr), "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains(#"found "lvie␛[31m""#), "\(result.stderr)")
        let truncated = try scratch.write("{\"formatVersion\": 1, \"name\": \"cut", to: "cut.json")
        let cut = try run([truncated], scratch: scratch)
        #expect(cut.status == 2)
        #expect(cut.stderr.contains("found end of input\n    {\"formatVersion\""), "\(cut.stderr)")
    }

    @Test("a failed check on a large body shows the start of it and its size, in every report")
    func largeActualValuesAreCut() throws {
        let scratch = try RunCommandTests.Scratch()
        let body = String(repeating: "abcdefghij", count: 100_000)
        let file = try scratch.write(
            """
            {"formatVersion": 1, "id": "large", "name": "Large", "defaultEnvironment": "m", "requests": [
              {"id": "r", "name": "R", "method": "GET", "url": "/big",
               "expectations": [{"subject": "body", "op": "equals", "value": "small"}]}],
             "environments": [{"name": "m", "kind": "mock", "baseURL": "http://m.test", "routes": [
               {"method": "GET", "path": "/big", "response": {"text": "\(body)"}}]}]}
            """, to: "large.json")
        let report = scratch.path + "/report.json"
        let result = try run(
            [file, "--no-history", "--reporter", "human", "--reporter", "json", "--output", report], scratch: scratch)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("abcdef… (1000000 bytes in all)"))
        #expect(result.stdout.utf8.count < 10_000)
        let json = try String(contentsOfFile: report, encoding: .utf8)
        #expect(json.contains("abcdef… (1000000 bytes in all)"))
        #expect(json.utf8.count < 10_000)
    }

    @Test("a request that cannot be built (a path and no environment, a missing body file): not sent, exit 2")
    func requestsThatCannotBeBuilt() throws {
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            """
            {"formatVersion": 1, "id": "no-env", "name": "No env", "requests": [
              {"id": "r", "name": "R", "method": "GET", "url": "/x"},
              {"id": "f", "name": "F", "method": "POST", "url": "http://127.0.0.1:1/",
               "body": {"type": "file", "path": "missing.bin"}}],
             "environments": [{"name": "m", "kind": "mock", "baseURL": "http://m.test", "routes": []}]}
            """, to: "no-env.json")
        let result = try run([file, "--no-history"], scratch: scratch)
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stdout.contains("! GET     R · not sent\n      No environment: "), "\(result.stdout)")
        #expect(result.stdout.contains("! POST    F · not sent\n"), "\(result.stdout)")
        #expect(result.stdout.contains("2 requests: 0 passed, 2 not sent"))
        #expect(!result.stdout.contains("RequestError"))
    }

    @Test(
        "--output: a missing folder, a folder named as the file or a file given twice stops before any request"
    )
    func reportFiles() throws {
        let scratch = try RunCommandTests.Scratch()
        let base = ["Collections/showcase.json", "--env", "mock", "--folder", "Chaining", "--no-history"]
        let missing = try run(
            base + ["--reporter", "junit", "--output", scratch.path + "/nowhere/r.xml"], scratch: scratch)
        #expect(missing.status == 2)
        #expect(
            missing.stderr.contains(
                "--output \(scratch.path)/nowhere/r.xml: there is no folder \(scratch.path)/nowhere."))
        #expect(missing.stdout.isEmpty)
        let twice = try run(
            base + ["--reporter", "junit", "--reporter", "tap", "--output", "r.out", "--output", "r.out"],
            scratch: scratch)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("--output r.out is given twice"))
        let folder = scratch.path + "/a-folder.xml"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let tap = scratch.path + "/r.tap"
        let one = try run(
            base + ["--reporter", "junit", "--reporter", "tap", "--output", folder, "--output", tap], scratch: scratch)
        #expect(one.status == 2)
        #expect(one.stderr.contains("--output \(folder) is a folder: give a file in it."), "\(one.stderr)")
        #expect(one.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: tap), "nothing was run, so nothing was written")
    }

    @Test("the same collection named twice (./a.json and a.json, through ..) runs once")
    func sameFileTwice() throws {
        let scratch = try RunCommandTests.Scratch()
        let result = try run(
            [
                "Collections/showcase.json", "./Collections/showcase.json", "Collections/../Collections/showcase.json",
                "--env", "mock", "--folder", "Chaining", "--no-history",
            ], scratch: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 requests: 3 passed"), "\(result.stdout)")
    }

    /// Issue 35: `lazer run` had no handler at all: any of these signals left the spill file behind.
    @Test(
        "SIGINT, SIGTERM or SIGHUP during a large download: the request is cancelled, no temporary file left, exit 128 + the signal",
        arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalsRemoveTemporaryFile(signalNumber: Int32) throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let folder = scratch.path + "/tmp"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = try scratch.write(
            """
            {"formatVersion": 1, "id": "big", "name": "Big", "defaultEnvironment": "l", "requests": [
              {"id": "r", "name": "R", "method": "GET", "url": "/stall?sent=65536&declared=1000000000000&seconds=60"}],
             "environments": [{"name": "l", "kind": "live", "baseURL": "http://127.0.0.1:\(server.port)"}]}
            """, to: "big.json")
        let process = Process()
        process.executableURL = LazerBinary.productsDirectory.appendingPathComponent("lazer")
        process.arguments = ["run", file, "--no-history"]
        process.environment = scratch.environment.merging(["TMPDIR": folder]) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline,
            (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty ?? true
        {
            usleep(5_000)
        }
        #expect(try !FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "no temporary file appeared")
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signalNumber)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }
}

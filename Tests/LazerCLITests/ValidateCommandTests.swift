import Foundation
import Glibc
import Testing

@Suite("lazer validate")
struct ValidateCommandTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test("the shipped collections are valid")
    func shippedCollections() throws {
        let result = try LazerBinary.run(["validate", Self.repositoryRoot + "/Collections"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("/Collections/jsonplaceholder.json: JSONPlaceholder, 15 requests, 2 environments"))
        #expect(result.stdout.split(separator: "\n").count == 4)
        #expect(result.stdout.contains("/Collections/streams.json: Streams, 4 requests, 1 environments"))
    }

    @Test("collection strings and file names with escapes, C1 and bidi controls or a line break print visibly")
    func hostileTextIsVisible() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lazer-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let evil = #"\u001b]0;pwned\u0007\u001b]52;c;cHduZWQ=\u0007\u001b[31m\u009b2J\u202e"#
        let collection = """
            {"formatVersion": 1, "id": "c1", "name": "N\(evil)", "requests": [
              {"id": "r1", "name": "R\(evil)", "method": "G\(evil)", "url": "/x"}]}
            """
        try Data(collection.utf8).write(to: folder.appendingPathComponent("bad\u{1B}[2J\nnext.json"))
        try Data(collection.replacingOccurrences(of: "G\(evil)", with: "GET").utf8)
            .write(to: folder.appendingPathComponent("good\u{1B}[2J\u{202E}.json"))
        let result = try LazerBinary.run(["validate", folder.path])
        #expect(result.status == 1)
        for output in [result.stdout, result.stderr] {
            #expect(!SendCommandTests.hasRawControl(output), "\(output.debugDescription)")
        }
        let lines = (result.stdout + result.stderr).split(separator: "\n")
        #expect(lines.allSatisfy { $0.contains(folder.lastPathComponent) || $0.hasPrefix("lazer") }, "\(lines)")
        #expect(result.stderr.contains("bad␛[2J␊next.json"))
    }

    @Test("a FIFO in a collection folder or as an argument, and /dev/zero, are refused without blocking")
    func inputsThatHang() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lazer-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [folder.path, fifo, "/dev/zero"] {
            let result = try LazerBinary.run(["validate", path])
            #expect(result.status == 1, "\(path)")
            #expect(result.stderr.contains("not a regular file"), "\(path): \(result.stderr)")
        }
    }

    @Test("errors are printed with file, line, column and JSON path, and the status is 1")
    func positionedErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lazer-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = """
            {
              "formatVersion": 1,
              "id": "c1",
              "name": "Bad",
              "requests": [
                {
                  "id": "r1",
                  "name": "Typo",
                  "method": "GE T",
                  "url": "/x"
                }
              ]
            }

            """
        try Data(bad.utf8).write(to: folder.appendingPathComponent("bad.json"))
        try Data("{\"formatVersion\": 1, \"id\": \"c2\", \"name\": \"Fine\"}\n".utf8)
            .write(to: folder.appendingPathComponent("fine.json"))
        let result = try LazerBinary.run(["validate", folder.path])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "bad.json:9:17: error: requests[0].method: expected a method (GET, POST, PUT, PATCH, DELETE, HEAD, "
                    + "OPTIONS, TRACE, CONNECT or another token); found \"GE T\", which is not a token"))
        #expect(result.stderr.contains("fine.json: Fine, 0 requests, 0 environments"))
        // A copy keeps the original's collection id: refused, naming the file that has it.
        try Data("{\"formatVersion\": 1, \"id\": \"c2\", \"name\": \"Copy\"}\n".utf8)
            .write(to: folder.appendingPathComponent("fine-copy.json"))
        let copied = try LazerBinary.run([
            "validate", folder.appendingPathComponent("fine.json").path,
            folder.appendingPathComponent("fine-copy.json").path,
        ])
        #expect(copied.status == 1)
        #expect(
            copied.stderr.contains("fine-copy.json: the collection id \"c2\" is already used by"), "\(copied.stderr)")
    }

    @Test("a mock route answering with a file that is not there fails validate, and a run names the file")
    func missingMockBodyFile() throws {
        let scratch = try RunCommandTests.Scratch()
        let collection = try scratch.write(
            """
            {"formatVersion": 1, "id": "m1", "name": "M", "defaultEnvironment": "mock",
             "requests": [{"id": "a", "name": "a", "method": "GET", "url": "/x"}],
             "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://m.mock",
               "routes": [{"method": "GET", "path": "/x", "response": {"status": 200, "file": "missing/body.json"}}]}]}

            """, to: "m.json")
        let validated = try LazerBinary.run(["validate", collection], environment: scratch.environment)
        #expect(validated.status == 1)
        #expect(
            (validated.stdout + validated.stderr).contains(
                "environment mock, route GET /x: no such file missing/body.json"),
            "\(validated.stdout)\(validated.stderr)")
        let run = try LazerBinary.run(["run", collection, "--no-history"], environment: scratch.environment)
        #expect(run.status == 3)
        #expect(run.stdout.contains("Mock body file missing"), "\(run.stdout)")
        #expect(!run.stdout.contains("temporary file"), "\(run.stdout)")
    }

    @Test("a missing path is a clear error")
    func missingPath() throws {
        let result = try LazerBinary.run(["validate", "/nonexistent/collections"])
        #expect(result.status == 1)
        #expect(result.stderr == "lazer validate: /nonexistent/collections: no such file or folder\n")
    }

    @Test("a syntax error's excerpt and caret are lines of their own (not ␊ in one line)")
    func syntaxErrorExcerpt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lazer-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cut.json")
        try Data("{\"formatVersion\": 1, \"name\": \"cut".utf8).write(to: file)
        let result = try LazerBinary.run(["validate", file.path])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasSuffix(
                "found end of input\n    {\"formatVersion\": 1, \"name\": \"cut\n" + String(repeating: " ", count: 37)
                    + "^\n"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("␊"))
    }

    @Test("a folder without collection files fails (a wrong folder must not pass CI)")
    func emptyFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lazer-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try LazerBinary.run(["validate", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr == "lazer validate: no collection files (*.json) found in \(folder.path)\n")
    }
}

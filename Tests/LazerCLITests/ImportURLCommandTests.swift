import Foundation
import LoopbackTesting
import Testing

/// `lazer import URL`: an OpenAPI document fetched from a running server (the loopback one), and
/// imported again into the collection it made rather than beside it.
@Suite("lazer import URL")
struct ImportURLCommandTests {
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lazer-import-url-\(UUID().uuidString)"
        )
        .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    @Test(
        "fetched and imported; imported again it updates the collection it made: added, changed and removed listed, the user's checks, captures and notes kept"
    )
    func importAndReimport() throws {
        let server = try LoopbackServer.shared()
        let work = try folder()
        let first = try LazerBinary.run(["import", server.url("/openapi.json").absoluteString], currentDirectory: work)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "Imported 3 requests, 1 environment as Collections/tasks.json\n")
        let path = work + "/Collections/tasks.json"
        let imported = try read(path)
        // The schema says minimum 1: the example body must not say 0.
        #expect(imported.contains(#""priority": 1"#), "\(imported)")
        // The user's own edits to "List tasks": a capture, a check, notes.
        let edited = imported.replacingOccurrences(
            of: #""id": "listTasks","#,
            with: #"""
                "id": "listTasks", "notes": "mine", "captures": [{"variable": "first", "from": "jsonPath", "path": "$[0].id"}],
                """#)
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
        let again = try LazerBinary.run(
            ["import", server.url("/openapi.json?v=2").absoluteString], currentDirectory: work)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stdout == """
                Updated Collections/tasks.json from \(server.url("/openapi.json?v=2").absoluteString): 1 added, 1 changed, 1 removed, 1 unchanged
                  + Get a task
                  ~ List tasks
                  - Delete a task

                """, "\(again.stdout)")
        let updated = try read(path)
        #expect(updated.contains(#""notes": "mine""#) && updated.contains(#""variable": "first""#))
        #expect(updated.contains(#""name": "done""#))
        #expect(!updated.contains("Delete a task") && updated.contains("Get a task"))
        let files = try FileManager.default.contentsOfDirectory(atPath: work + "/Collections").filter {
            $0.hasSuffix(".json")
        }
        #expect(files == ["tasks.json"], "one collection, not a second of the same name")
        let validate = try LazerBinary.run(["validate", "Collections/tasks.json"], currentDirectory: work)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
    }

    @Test("a dead server, a 404 and a document over the size limit: exit 1 with the reason, nothing written")
    func fetchFailures() throws {
        let server = try LoopbackServer.shared()
        let work = try folder()
        let dead = "http://127.0.0.1:\(try closedPort())/openapi.json"
        let refused = try LazerBinary.run(["import", dead], currentDirectory: work)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasPrefix("lazer import: \(dead): could not be fetched: Connection refused."),
            "\(refused.stderr)")
        let missing = try LazerBinary.run(["import", server.url("/status/404").absoluteString], currentDirectory: work)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("the server answered 404 Not Found, not the document"), "\(missing.stderr)")
        let huge = try LazerBinary.run(
            ["import", server.url("/bytes?size=40000000").absoluteString], currentDirectory: work)
        #expect(huge.status == 1)
        #expect(huge.stderr.contains("larger than 32 MiB"), "\(huge.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work + "/Collections"))
    }
}

import Foundation
import LoopbackTesting
import Testing

/// A contract document named by URL: `lazer run` fetches it from the (loopback) server once and
/// checks responses against it; `lazer validate` fetches it to check the reference, and says so
/// plainly when nothing answers there.
@Suite("contracts by URL")
struct ContractURLCommandTests {
    static func collection(contract: String, status: Int) -> String {
        """
        {
          "formatVersion": 1, "id": "contract-url-0000-4000-8000-000000000001", "name": "Tasks",
          "defaultEnvironment": "mock", "contract": {"document": "\(contract)"},
          "requests": [
            {"id": "list", "name": "List tasks", "method": "GET", "url": "/tasks",
             "contract": {"operationId": "listTasks"}}
          ],
          "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://tasks.mock", "routes": [
            {"method": "GET", "path": "/tasks", "response": {"status": \(status), "json": []}}
          ]}]
        }
        """
    }

    static func folder(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lazer-contract-url-\(UUID().uuidString)"
        )
        .path
        try FileManager.default.createDirectory(atPath: path + "/Collections", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/Collections/tasks.json"))
        return path
    }

    @Test("lazer run checks responses against a document fetched by URL; validate fetches it too")
    func runAndValidateFetchTheDocument() throws {
        let server = try LoopbackServer.shared()
        let address = server.url("/openapi.json").absoluteString
        let drifting = try Self.folder(Self.collection(contract: address, status: 500))
        let run = try LazerBinary.run(["run", "Collections/tasks.json"], currentDirectory: drifting)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("contract listTasks status: expected a documented status (200), actual 500"),
            "\(run.stdout)")
        let conforming = try Self.folder(Self.collection(contract: address, status: 200))
        let passed = try LazerBinary.run(["run", "Collections/tasks.json"], currentDirectory: conforming)
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        let valid = try LazerBinary.run(["validate", "Collections/tasks.json"], currentDirectory: conforming)
        #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
    }

    @Test("an unreachable contract URL is one clear finding, in validate and in a run")
    func unreachable() throws {
        let address = "http://127.0.0.1:\(try closedPort())/openapi.json"
        let work = try Self.folder(Self.collection(contract: address, status: 200))
        let valid = try LazerBinary.run(["validate", "Collections/tasks.json"], currentDirectory: work)
        #expect(valid.status != 0)
        #expect((valid.stdout + valid.stderr).contains("contract: cannot fetch \(address): Connection refused"))
        let run = try LazerBinary.run(["run", "Collections/tasks.json"], currentDirectory: work)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("cannot fetch \(address)"), "\(run.stdout)")
    }
}

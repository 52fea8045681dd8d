import Foundation
import HTTPCore
import JSONTree
import Testing
import Workspace

/// The schemas describe what Lazer writes: a collection with a snapshot expectation
/// (`docs/collection.schema.json`) and the snapshot files themselves (`docs/snapshot.schema.json`),
/// checked with python3-jsonschema through `scripts/validate-json-schema.py`.
@Suite struct SnapshotSchemaTests {
    private static func validate(schema: String, _ paths: [String]) throws -> (status: Int32, output: String) {
        let root = Fixtures.repositoryRoot
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root + "/scripts/validate-json-schema.py", root + "/docs/" + schema] + paths
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func theSchemasAcceptWhatLazerWritesAndRefuseABrokenSnapshot() throws {
        let folder = try TemporaryFolder()
        var collection = try #require(CollectionLoader.load(Array(Fixtures.minimal.utf8), file: "x").collection)
        collection.requests[0].expectations = [
            Expectation(subject: .status, op: .equals, value: .integer(200)),
            Expectation(
                subject: .snapshot(
                    SnapshotOptions(
                        ignore: ["$..id"], keys: [SnapshotOptions.ArrayKey(path: "$.items", key: "id")],
                        headers: ["etag"])), op: .equals),
        ]
        _ = try CollectionStore.create(collection, at: folder.file("api.json"))
        let written = try Self.validate(schema: "collection.schema.json", [folder.file("api.json")])
        #expect(written.status == 0, "\(written.output)")

        let store = SnapshotStore(collectionFile: folder.file("api.json"))
        let bodies: [(String, String)] = [
            (#"{"id": 1, "items": [{"id": 2}], "n": 1.50}"#, "application/json"), ("plain", "text/plain"),
            ("", "text/plain"),
        ]
        for (index, (body, type)) in bodies.enumerated() {
            let bytes = Array(body.utf8)
            let facts = ResponseFacts(
                status: 200, headers: HTTPHeaders([("Content-Type", type)]), body: bytes,
                document: try? JSONDocument(bytes: bytes), duration: .zero)
            try store.write(
                try Snapshot(response: facts, requestID: "r\(index)", options: SnapshotOptions(), redactor: .none))
        }
        let files = (0..<bodies.count).map { store.path(requestID: "r\($0)") }
        let snapshots = try Self.validate(schema: "snapshot.schema.json", files)
        #expect(snapshots.status == 0, "\(snapshots.output)")

        try folder.write(#"{"formatVersion": 1, "status": 200, "body": 1, "text": "x"}"#, to: "both.json")
        let both = try Self.validate(schema: "snapshot.schema.json", [folder.file("both.json")])
        #expect(both.status != 0, "\(both.output)")
    }
}

import Foundation
import Testing
import Workspace

/// Validates collections against `docs/collection.schema.json` with a real JSON Schema validator
/// (python3-jsonschema, draft 2020-12), through `scripts/validate-json-schema.py`.
@Suite struct SchemaValidationTests {
    struct Validation {
        var status: Int32
        var output: String
    }

    static func validate(_ paths: [String]) throws -> Validation {
        let root = Fixtures.repositoryRoot
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", root + "/scripts/validate-json-schema.py", root + "/docs/collection.schema.json"] + paths
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Validation(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    @Test func everyShippedCollectionMatchesTheSchema() throws {
        let files = try ShippedCollections.paths()
        #expect(files.count == 4)
        let result = try Self.validate(files)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func theSchemaAcceptsWhatLazerWrites() throws {
        let folder = try TemporaryFolder()
        var collection = try #require(CollectionLoader.load(Array(Fixtures.minimal.utf8), file: "x").collection)
        collection.requests[0].auth = SavedAuth(.apiKey(name: "k", value: "{{key}}", location: .header))
        collection.requests[0].expectations = [Expectation(subject: .jsonPath("$.id"), op: .exists)]
        collection.requests[0].captures = [Capture(variable: "id", source: .header(name: "Location"))]
        collection.requests[0].options = SavedOptions(timeoutSeconds: 2.5, followRedirects: true)
        collection.options = SavedOptions(followRedirects: false, maxRedirects: 3)
        collection.requests[0].retry = RetryPolicy(
            count: 2, delayMilliseconds: 100, backoff: .constant, on: [.transportError, .failedExpectation])
        collection.requests[0].body = SavedBody(.multipart([SavedPart(name: "f", source: .file(path: "a.txt"))]))
        _ = try CollectionStore.create(collection, at: folder.file("written.json"))
        let result = try Self.validate([folder.file("written.json")])
        #expect(result.status == 0, "\(result.output)")
        // Auth on the collection and on folders; requests that inherit, one that sends none.
        try folder.write(AuthInheritanceTests.text, to: "inherit.json")
        let inheriting = try Self.validate([folder.file("inherit.json")])
        #expect(inheriting.status == 0, "\(inheriting.output)")
    }

    @Test func theSchemaAcceptsWebSocketStepsAndMockTimers() throws {
        let text = """
            {
              "formatVersion": 1, "id": "streams", "name": "Streams", "defaultEnvironment": "mock",
              "environments": [{ "name": "mock", "kind": "mock", "baseURL": "http://s.mock", "routes": [
                { "method": "GET", "path": "/ticks", "response": {
                  "events": [{ "data": 1, "delayMilliseconds": 5 }], "repeat": "forever" } },
                { "method": "GET", "path": "/three", "response": { "events": [{ "data": 1 }], "repeat": 3 } },
                { "method": "GET", "path": "/feed", "response": { "websocket": {
                  "open": { "messages": [{ "json": { "type": "hello" } }], "close": 1000 },
                  "every": { "milliseconds": 100, "text": "tick", "count": 3 } } } }
              ] }],
              "requests": [{ "id": "chat", "name": "Chat", "url": "/feed", "websocket": {
                "messages": [{ "name": "hi", "text": "hi {{who}}" }],
                "steps": [
                  { "send": "hi" },
                  { "expect": { "path": "$.type", "op": "equals", "value": "hello" }, "seconds": 2,
                    "captures": [{ "variable": "t", "path": "$.type", "secret": true }] },
                  { "expect": { "op": "exists" } }
                ] } }]
            }
            """
        let folder = try TemporaryFolder()
        try folder.write(text, to: "streams.json")
        #expect(CollectionLoader.load(Array(text.utf8), file: "streams.json").collection != nil)
        let result = try Self.validate([folder.file("streams.json")])
        #expect(result.status == 0, "\(result.output)")
        // A step with both send and expect, an open with a match: refused by both.
        let broken = text.replacing(#"{ "send": "hi" }"#, with: #"{ "send": "hi", "expect": { "op": "exists" } }"#)
            .replacing(#""open": { "messages""#, with: #""open": { "match": "x", "messages""#)
        try folder.write(broken, to: "broken.json")
        #expect(try Self.validate([folder.file("broken.json")]).status == 1)
        #expect(CollectionLoader.load(Array(broken.utf8), file: "broken.json").collection == nil)
    }

    @Test func theSchemaRejectsMistakesTheLoaderRejects() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            Fixtures.minimal(replacing: "\"method\": \"POST\"", with: "\"method\": \"GE T\""), to: "method.json")
        try folder.write(
            Fixtures.minimal(replacing: "\"name\": \"token\",", with: "\"name\": \"token\",\n\"value\": \"leak\","),
            to: "secret.json")
        try folder.write(
            Fixtures.minimal(replacing: "\"formatVersion\": 1", with: "\"formatVersion\": 2"), to: "version.json")
        let result = try Self.validate(["method.json", "secret.json", "version.json"].map(folder.file))
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n")
        #expect(
            lines.contains {
                $0.hasSuffix(
                    "method.json: requests[1].method: 'GE T' does not match \"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$\""
                )
            })
        #expect(lines.contains { $0.contains("secret.json: environments[0].variables[1]") })
        #expect(lines.contains { $0.contains("version.json: formatVersion") })
    }
}

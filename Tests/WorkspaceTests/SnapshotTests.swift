import Foundation
import HTTPCore
import JSONTree
import Testing
import Workspace

/// Snapshot expectations: the stored form of a response (canonical, masked, ignored paths, keyed
/// arrays), the file beside the collection, and the check a user reads when the API changed.
@Suite struct SnapshotTests {
    private func facts(_ body: String, status: Int = 200, headers: [(String, String)]? = nil) throws -> ResponseFacts {
        let bytes = Array(body.utf8)
        return ResponseFacts(
            status: status, headers: HTTPHeaders(headers ?? [("Content-Type", "application/json"), ("ETag", "\"1\"")]),
            body: bytes, document: try? JSONDocument(bytes: bytes), duration: .milliseconds(5))
    }

    @Test("numbers are stored in one form whatever the server wrote, with every digit kept")
    func canonicalNumbers() throws {
        let body = #"[1.0, 1E2, 0.50, -0.0, 12345678901234567890.10, 1.5e-30, 0.001, 2e25, 10]"#
        let snapshot = try Snapshot(
            response: try facts(body), requestID: "r", options: SnapshotOptions(), redactor: .none)
        #expect(
            snapshot.body
                == .json(
                    SnapshotJSON(
                        .array([
                            .number("1"), .number("100"), .number("0.5"), .number("0"),
                            .number("12345678901234567890.1"), .number("1.5E-30"), .number("0.001"), .number("2E25"),
                            .number("10"),
                        ]))))
    }

    @Test(
        "members sorted, ignored paths stored as <ignored>, keyed arrays sorted by key, headers chosen, secrets masked")
    func canonicalBody() throws {
        let body =
            #"{"z": 1, "createdAt": "2026-12-01", "token": "s3cret-value", "items": [{"id": 3, "n": "c"}, {"id": 1, "n": "a"}, {"n": "none"}, {"id": 2, "n": "b"}]}"#
        let options = SnapshotOptions(
            ignore: ["$.createdAt"], keys: [SnapshotOptions.ArrayKey(path: "$.items", key: "id")],
            headers: ["ETag", "X-Missing"])
        let snapshot = try Snapshot(
            response: try facts(body), requestID: "list", options: options,
            redactor: Redactor(secrets: ["s3cret-value"]))
        let text = snapshot.fileText
        #expect(
            text == """
                {
                  "formatVersion": 1,
                  "request": "list",
                  "status": 200,
                  "headers": {
                    "etag": "\\"1\\""
                  },
                  "body": {
                    "createdAt": "<ignored>",
                    "items": [
                      {
                        "id": 1,
                        "n": "a"
                      },
                      {
                        "id": 2,
                        "n": "b"
                      },
                      {
                        "id": 3,
                        "n": "c"
                      },
                      {
                        "n": "none"
                      }
                    ],
                    "token": "••••••",
                    "z": 1
                  }
                }

                """)
        #expect(try Snapshot(fileBytes: Array(text.utf8)) == snapshot)
    }

    @Test("a body that is not JSON is kept as text, an empty one not at all; both read back")
    func otherBodies() throws {
        let text = try Snapshot(
            response: try facts("plain words", headers: [("Content-Type", "text/plain")]), requestID: "t",
            options: SnapshotOptions(), redactor: .none)
        #expect(text.body == .text("plain words"))
        #expect(text.headers == [StoredJSON.Member("content-type", .string("text/plain"))])
        #expect(try Snapshot(fileBytes: Array(text.fileText.utf8)) == text)
        let empty = try Snapshot(
            response: try facts("", status: 204), requestID: "e", options: SnapshotOptions(), redactor: .none)
        #expect(empty.body == .none)
        #expect(try Snapshot(fileBytes: Array(empty.fileText.utf8)) == empty)
    }

    @Test("the file is <collection>.snapshots/<id>.json beside the collection; odd ids cannot leave the folder")
    func paths() {
        let store = SnapshotStore(collectionFile: "Collections/shop.json")
        #expect(store.folder == "Collections/shop.snapshots")
        #expect(store.path(requestID: "list-orders_2.v1") == "Collections/shop.snapshots/list-orders_2.v1.json")
        #expect(store.path(requestID: "../../etc/passwd") == "Collections/shop.snapshots/%2E.%2F..%2Fetc%2Fpasswd.json")
        #expect(SnapshotStore(collectionFile: "shop.json").folder == "shop.snapshots")
    }

    @Test("no snapshot yet fails saying how to make one; written, it matches; written again, it is unchanged")
    func missingThenWritten() throws {
        let folder = try TemporaryFolder()
        let context = SnapshotContext(collectionFile: folder.file("api.json"), requestID: "get", redactor: .none)
        let expectation = Expectation(subject: .snapshot(SnapshotOptions()), op: .equals)
        let response = try facts(#"{"a": 1}"#)
        let missing = ExpectationCheck(expectation, against: response, snapshot: context)
        #expect(!missing.passed)
        #expect(missing.actual == "no snapshot yet: run with --update-snapshots")
        let check = SnapshotCheck(options: SnapshotOptions(), facts: response, context: context)
        let current = try #require(check.current)
        #expect(try context.store.write(current) == .created)
        #expect(FileManager.default.fileExists(atPath: folder.file("api.snapshots/get.json")))
        #expect(try context.store.write(current) == .unchanged)
        let matching = ExpectationCheck(expectation, against: response, snapshot: context)
        #expect(matching.passed, "\(matching.actual)")
        #expect(matching.actual == "matches")
    }

    @Test("a changed API fails with each change's JSONPath; ignored paths and reordered keyed items do not")
    func changes() throws {
        let folder = try TemporaryFolder()
        let context = SnapshotContext(collectionFile: folder.file("api.json"), requestID: "list", redactor: .none)
        let options = SnapshotOptions(
            ignore: ["$..updated"], keys: [SnapshotOptions.ArrayKey(path: "$.items", key: "id")])
        let before = #"{"updated": "mon", "total": 2, "items": [{"id": 1, "price": 12.5}, {"id": 2, "price": 3}]}"#
        try context.store.write(
            try #require(SnapshotCheck(options: options, facts: try facts(before), context: context).current))
        let reordered =
            #"{"total": 2.0, "updated": "tue", "items": [{"id": 2, "price": 3}, {"price": 12.50, "id": 1}]}"#
        #expect(SnapshotCheck(options: options, facts: try facts(reordered), context: context).passed)
        let changed =
            #"{"updated": "wed", "total": 3, "items": [{"id": 1, "price": 13}, {"id": 2, "price": 3}, {"id": 4, "price": 1}]}"#
        let check = SnapshotCheck(options: options, facts: try facts(changed, status: 201), context: context)
        #expect(!check.passed)
        let summaries = check.changes.map(\.summary)
        #expect(summaries.contains("status: 200 → 201"), "\(summaries)")
        #expect(summaries.contains("$.total: 2 → 3"), "\(summaries)")
        #expect(summaries.contains { $0.hasPrefix("$.items[0].price: 12.5 → 13") }, "\(summaries)")
        #expect(summaries.contains { $0.hasPrefix("$.items[2] added") }, "\(summaries)")
        #expect(!summaries.contains { $0.contains("updated") }, "\(summaries)")
        #expect(
            check.expectationCheck.actual.hasPrefix("4 changes: status: 200 → 201; "),
            "\(check.expectationCheck.actual)")
    }

    @Test("a snapshot file that is not one fails the check with the file and the reason")
    func brokenFile() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("api.snapshots"), withIntermediateDirectories: true)
        try folder.write(#"{"formatVersion": 1, "status": "200"}"#, to: "api.snapshots/get.json")
        let context = SnapshotContext(collectionFile: folder.file("api.json"), requestID: "get", redactor: .none)
        let check = ExpectationCheck(
            Expectation(subject: .snapshot(SnapshotOptions()), op: .equals), against: try facts("{}"),
            snapshot: context)
        #expect(!check.passed)
        #expect(check.actual == folder.file("api.snapshots/get.json") + ": \"status\" must be a number")
    }

    @Test("the expectation reads and saves back as written; bad JSONPaths are errors at their place")
    func format() throws {
        let request =
            #"{"id": "r", "name": "r", "method": "GET", "url": "/", "expectations": [{"subject": "snapshot", "ignore": ["$..id"], "keys": {"$.items": "id"}, "headers": ["etag"]}]}"#
        let collection = #"{"formatVersion": 1, "id": "c", "name": "c", "requests": ["# + request + #"]}"#
        let loaded = CollectionLoader.load(Array(collection.utf8), file: "c.json")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let expectation = try #require(loaded.collection?.requests.first?.expectations.first)
        #expect(
            expectation.subject
                == .snapshot(
                    SnapshotOptions(
                        ignore: ["$..id"], keys: [SnapshotOptions.ArrayKey(path: "$.items", key: "id")],
                        headers: ["etag"])))
        let saved = try #require(loaded.collection).stored.compact()
        #expect(
            saved.contains(#"{"subject":"snapshot","ignore":["$..id"],"keys":{"$.items":"id"},"headers":["etag"]}"#))
        let bad = collection.replacingOccurrences(of: #""$..id""#, with: #""$..[""#)
        let broken = CollectionLoader.load(Array(bad.utf8), file: "c.json")
        #expect(broken.diagnostics.contains { $0.message.hasPrefix("invalid JSONPath") }, "\(broken.diagnostics)")
    }

    /// `lazer validate`: a missing file is a warning, and so are two snapshot checks on one request
    /// (they would share its one file).
    @Test func validateWarnsOfAMissingFileAndOfSeveralSnapshotChecksOnARequest() throws {
        let folder = try TemporaryFolder()
        let request = SavedRequest(
            id: "list", name: "List", url: "/items",
            expectations: [
                Expectation(subject: .snapshot(SnapshotOptions()), op: .equals),
                Expectation(subject: .snapshot(SnapshotOptions(ignore: ["$..id"])), op: .equals),
            ])
        let document = CollectionDocument(
            path: folder.file("shop.json"), collection: RequestCollection(name: "Shop", requests: [request]),
            fingerprint: .missing)
        let (errors, warnings) = SnapshotStore.problems(in: document)
        #expect(errors.isEmpty)
        #expect(warnings.count == 2)
        #expect(warnings.first?.hasPrefix("request \"List\": 2 snapshot checks share one file, ") == true)
        #expect(
            warnings.last?.hasSuffix("no snapshot yet for \"List\" (lazer run --update-snapshots writes it)") == true)
    }
}

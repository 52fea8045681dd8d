import Foundation
import HTTPCore
import JSONTree
import Testing
import Workspace

/// The canonical text of a snapshot's body, written straight off the parsed response: every
/// string, name and number comes out exactly as the collection writer (`StoredJSON`) writes the
/// same canonical value, so snapshot files written before stay byte-equal.
@Suite struct SnapshotCanonicalTextTests {
    private func snapshot(_ body: String, options: SnapshotOptions = SnapshotOptions(), secrets: [String] = [])
        throws -> Snapshot
    {
        let bytes = Array(body.utf8)
        let facts = ResponseFacts(
            status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: bytes,
            document: try JSONDocument(bytes: bytes), duration: .milliseconds(1))
        return try Snapshot(
            response: facts, requestID: "r", options: options, redactor: Redactor(secrets: secrets))
    }

    @Test(
        "escapes, other scripts, terminal-unsafe characters and `\\/` are written as the collection writer writes them")
    func strings() throws {
        let body =
            #"{"k\"ey": "a\"b\\c\n\t\u0001", "caf\u00e9": "漢字 é", "bidi": "x\u202Ey", "slash": "a\/b", "plain": "ok"}"#
        let expected = StoredJSON.object([
            .init("bidi", .string("x\u{202E}y")),
            .init("café", .string("漢字 é")),
            .init("k\"ey", .string("a\"b\\c\n\t\u{01}")),
            .init("plain", .string("ok")),
            .init("slash", .string("a/b")),
        ])
        let written = try snapshot(body)
        #expect(written.body == .json(SnapshotJSON(expected)))
        #expect(written.fileText.contains(#""bidi": "x\u202ey""#), "\(written.fileText)")
        #expect(written.fileText.contains(#""k\"ey": "a\"b\\c\n\t\u0001""#), "\(written.fileText)")
    }

    @Test("members sorted by their bytes, a repeated name keeps its order, empty containers stay short")
    func ordering() throws {
        let body = #"{"b": [], "a": {}, "B": 1, "a": 2, "é": [{"z": null, "y": true}], "aa": false}"#
        let expected = StoredJSON.object([
            .init("B", .number("1")), .init("a", .object([])), .init("a", .number("2")), .init("aa", .bool(false)),
            .init("b", .array([])),
            .init("é", .array([.object([.init("y", .bool(true)), .init("z", .null)])])),
        ])
        #expect(try snapshot(body).body == .json(SnapshotJSON(expected)))
    }

    @Test("keyed items: numbers by value before other keys, then items without the key in the order received")
    func keyedItems() throws {
        let body =
            #"[{"id": "b"}, {"n": 1}, {"id": 10}, 7, {"id": 9.50}, {"id": "a"}, {"id": {"x": 1}}, {"id": 1E1, "dup": true}]"#
        let options = SnapshotOptions(keys: [SnapshotOptions.ArrayKey(path: "$", key: "id")])
        let expected = StoredJSON.array([
            .object([.init("id", .number("9.5"))]),
            .object([.init("id", .number("10"))]),
            .object([.init("dup", .bool(true)), .init("id", .number("10"))]),
            .object([.init("id", .string("a"))]),
            .object([.init("id", .string("b"))]),
            .object([.init("id", .object([.init("x", .number("1"))]))]),
            .object([.init("n", .number("1"))]),
            .number("7"),
        ])
        #expect(try snapshot(body, options: options).body == .json(SnapshotJSON(expected)))
    }

    @Test("secrets are masked in names and values, escaped or not, before the members are sorted")
    func secrets() throws {
        let body = #"{"token": "s3cret-value", "escaped": "s3cr\u0065t-value!", "s3cret-value": 1, "a": "x"}"#
        let expected = StoredJSON.object([
            .init("a", .string("x")), .init("escaped", .string("••••••!")), .init("token", .string("••••••")),
            .init("••••••", .number("1")),
        ])
        #expect(try snapshot(body, secrets: ["s3cret-value"]).body == .json(SnapshotJSON(expected)))
    }

    @Test("a stored snapshot is read under the expectation's current options, with or without JSONPaths")
    func storedUnderNewOptions() throws {
        let written = try snapshot(#"{"at": "mon", "items": [{"id": 2}, {"id": 1}]}"#)
        let file = Array(written.fileText.utf8)
        #expect(try Snapshot(fileBytes: file) == written)
        let options = SnapshotOptions(ignore: ["$.at"], keys: [SnapshotOptions.ArrayKey(path: "$.items", key: "id")])
        let reread = try Snapshot(fileBytes: file, options: options)
        let fresh = try snapshot(#"{"items": [{"id": 1}, {"id": 2}], "at": "tue"}"#, options: options)
        #expect(reread.body == fresh.body)
    }

    @Test("a JSON body that became text shows both as short one-line previews")
    func previewOfAChangedKind() throws {
        let folder = try TemporaryFolder()
        let context = SnapshotContext(collectionFile: folder.file("api.json"), requestID: "r", redactor: .none)
        try context.store.write(try snapshot(#"{"b": "x y", "a": [1, 2.50]}"#))
        let text = Array("plain words".utf8)
        let facts = ResponseFacts(
            status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: text, document: nil,
            duration: .milliseconds(1))
        let check = SnapshotCheck(options: SnapshotOptions(), facts: facts, context: context)
        #expect(check.changes.map(\.summary) == [#"body: {"a":[1,2.5],"b":"x y"} → "plain words""#])
    }
}

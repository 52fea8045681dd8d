import Foundation
import Testing

/// `lazer json FILE --schema SCHEMA`: every finding on stdout (exit 1), nothing when valid (exit 0),
/// `--json` for machines, `$ref`s to files beside the schema, a clear error for a broken schema.
@Suite("lazer json --schema")
struct JSONSchemaCommandTests {
    /// A temporary folder with the given files.
    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    static let files = [
        "order.schema.json": ##"""
        {"type": "object", "required": ["id", "items"],
         "properties": {"id": {"type": "integer"}, "createdAt": {"type": "string", "format": "date-time"},
                        "items": {"type": "array", "items": {"$ref": "item.schema.json"}}}}
        """##,
        "item.schema.json":
            ##"{"type": "object", "properties": {"price": {"type": "number"}}, "required": ["price"]}"##,
        "good.json": ##"{"id": 1, "createdAt": "soon", "items": [{"price": 1.5}]}"##,
        "bad.json": ##"{"items": [{"price": 1}, {"price": 2}, {"price": 3}, {"price": "12.50"}, {}]}"##,
    ]

    @Test("a valid document prints nothing and exits 0; formats are checked only with --formats")
    func valid() throws {
        let directory = try Self.folder(Self.files)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("order.schema.json").path
        let result = try LazerBinary.run([
            "json", directory.appendingPathComponent("good.json").path, "--schema", schema,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let strict = try LazerBinary.run([
            "json", directory.appendingPathComponent("good.json").path, "--schema", schema, "--formats",
        ])
        #expect(strict.status == 1)
        #expect(strict.stdout.hasPrefix(##"$.createdAt: expected a date-time"##))
    }

    @Test("every finding, one per line, through a $ref to another file; exit status 1")
    func findings() throws {
        let directory = try Self.folder(Self.files)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try LazerBinary.run([
            "json", directory.appendingPathComponent("bad.json").path, "--schema",
            directory.appendingPathComponent("order.schema.json").path,
        ])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                $.items[3].price: expected a number, found the string "12.50"
                $.items[4]: missing the required property "price"
                $: missing the required property "id"

                """)
    }

    @Test("--json prints one object with the paths, keyword and message of each finding")
    func json() throws {
        let directory = try Self.folder(Self.files)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try LazerBinary.run([
            "json", directory.appendingPathComponent("bad.json").path, "--schema",
            directory.appendingPathComponent("order.schema.json").path, "--json", "--max-findings", "1",
        ])
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["valid"] as? Bool == false)
        #expect(object?["truncated"] as? Bool == true)
        let findings = object?["findings"] as? [[String: String]]
        #expect(findings?.count == 1)
        #expect(findings?.first?["instancePath"] == "$.items[3].price")
        #expect(findings?.first?["keyword"] == "type")
        #expect(findings?.first?["schemaPath"]?.hasSuffix("item.schema.json#/properties/price/type") == true)
    }

    @Test("a schema that cannot be used is an error on stderr with exit status 2; bad options are usage errors")
    func brokenSchema() throws {
        let directory = try Self.folder(["s.json": ##"{"$ref": "missing.json"}"##, "d.json": "{}"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try LazerBinary.run([
            "json", directory.appendingPathComponent("d.json").path, "--schema",
            directory.appendingPathComponent("s.json").path,
        ])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("the schema is not usable"), "\(result.stderr)")
        let usage = try LazerBinary.run(["json", "--draft", "4", "--schema", "x.json"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--draft must be one of 2020-12, 7, openapi-3.0, openapi-3.1"))
    }

    @Test("a schema whose references loop is the schema's fault: exit status 2, not 1")
    func loopingSchema() throws {
        let directory = try Self.folder([
            "loop.json": ##"{"$ref": "#"}"##, "a.json": ##"{"$ref": "b.json"}"##, "b.json": ##"{"$ref": "a.json"}"##,
            "d.json": "1",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        for schema in ["loop.json", "a.json"] {
            let result = try LazerBinary.run([
                "json", directory.appendingPathComponent("d.json").path, "--schema",
                directory.appendingPathComponent(schema).path,
            ])
            #expect(result.status == 2, "\(schema): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("loop"), "\(schema): \(result.stdout)")
        }
    }

    @Test("a $ref to a file that is not JSON says where, never what the file holds")
    func referencedFileContentIsNotShown() throws {
        let directory = try Self.folder([
            "secret.txt": "hunter2 is the password\n", "s.json": ##"{"$ref": "secret.txt"}"##, "d.json": "1",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try LazerBinary.run([
            "json", directory.appendingPathComponent("d.json").path, "--schema",
            directory.appendingPathComponent("s.json").path,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("it is not JSON (line 1, column 1)"), "\(result.stderr)")
        #expect(!result.stderr.contains("hunter2") && !result.stderr.contains("'h'"), "\(result.stderr)")
    }
}

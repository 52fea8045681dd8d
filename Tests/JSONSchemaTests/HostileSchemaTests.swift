import JSONSchema
import JSONTree
import Testing

/// Schemas and documents that try to hang or crash the validator: reference cycles, deep
/// nesting, exponential applicators, huge numbers, pathological patterns.
@Suite("hostile schemas and documents")
struct HostileSchemaTests {
    @Test("a $ref cycle that never moves into the document is a finding, not a stack overflow")
    func referenceCycle() throws {
        for schema in [
            ##"{"$ref": "#"}"##,
            ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}"##,
        ] {
            let found = try findings(schema, "{}")
            #expect(found.count == 1, "\(schema)")
            #expect(found.first?.message.contains("loop without moving into the document") == true, "\(found)")
        }
    }

    @Test("a recursive schema over a deeply nested document stops with a finding at the limit")
    func deepDocument() throws {
        let schema =
            ##"{"$defs": {"node": {"type": "array", "items": {"$ref": "#/$defs/node"}}}, "$ref": "#/$defs/node"}"##
        let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let found = try findings(schema, deep)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("nested too deeply") == true, "\(found)")
        // Within the limit, it validates.
        let shallow = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(try findings(schema, shallow).isEmpty)
    }

    @Test("a schema nested thousands of levels deep is refused at compile time")
    func deepSchema() throws {
        let schema = String(repeating: ##"{"items": "##, count: 5_000) + "true" + String(repeating: "}", count: 5_000)
        #expect(throws: SchemaError.self) { _ = try CompiledSchema(document: try JSONDocument(text: schema)) }
    }

    @Test("nested anyOf that would cost exponential time stops at the step budget")
    func exponentialApplicators() throws {
        // Each level: anyOf of two branches that both recurse and fail at the bottom: 2^40 paths.
        var definitions = [##""d0": {"type": "string"}"##]
        for level in 1...40 {
            definitions.append(
                ##""d\##(level)": {"anyOf": [{"$ref": "#/$defs/d\##(level - 1)"}, {"$ref": "#/$defs/d\##(level - 1)"}]}"##
            )
        }
        let schema = ##"{"$defs": {"## + definitions.joined(separator: ", ") + ##"}, "$ref": "#/$defs/d40"}"##
        let compiled = try CompiledSchema(
            document: try JSONDocument(text: schema), options: SchemaOptions(maximumSteps: 200_000))
        let result = compiled.validate(try JSONDocument(text: "1"))
        #expect(!result.isValid)
        #expect(result.findings.contains { $0.message.contains("validation stopped after 200000 schema applications") })
    }

    @Test("multipleOf is exact on decimals and big numbers, and fast on huge exponents")
    func exactNumbers() throws {
        #expect(try lines(##"{"multipleOf": 0.01}"##, "19.99").isEmpty)
        #expect(try lines(##"{"multipleOf": 0.1}"##, "0.3").isEmpty)  // 0.3 / 0.1 in binary floating point is 2.9999…
        #expect(try lines(##"{"multipleOf": 3}"##, "123456789012345678901234567890").isEmpty)
        #expect(try lines(##"{"multipleOf": 7}"##, "123456789012345678901234567891").count == 1)
        #expect(try lines(##"{"multipleOf": 1e-300}"##, "1e300").isEmpty)
        #expect(try lines(##"{"multipleOf": 0.123456789}"##, "1e308").count == 1)
        #expect(try lines(##"{"multipleOf": 3}"##, "1e999999999999").count == 1)
        #expect(try lines(##"{"maximum": 9007199254740992}"##, "9007199254740993").count == 1)
        #expect(try lines(##"{"type": "integer"}"##, "1.0").isEmpty)
        #expect(try lines(##"{"type": "integer"}"##, "1e2").isEmpty)
        #expect(try lines(##"{"type": "integer"}"##, "1.5e0").count == 1)
    }

    @Test("a pathological pattern matches in linear time")
    func pathologicalPattern() throws {
        let subject = "\"" + String(repeating: "a", count: 5_000) + "!\""
        #expect(try lines(##"{"pattern": "^(a+)+$"}"##, subject).count == 1)
        #expect(try lines(##"{"pattern": "^(a|a)*$"}"##, subject).count == 1)
        #expect(try lines(##"{"pattern": "(a|aa)*b"}"##, subject).count == 1)
    }

    @Test("one compiled schema validates many documents, from several threads")
    func reuse() async throws {
        let schema = try CompiledSchema(
            document: try JSONDocument(text: ##"{"type": "array", "items": {"type": "integer", "minimum": 0}}"##))
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask { schema.isValid(try JSONDocument(text: index.isMultiple(of: 2) ? "[1, 2]" : "[1, -2]")) }
            }
            var valid = 0
            for try await result in group where result { valid += 1 }
            #expect(valid == 4)
        }
    }
}

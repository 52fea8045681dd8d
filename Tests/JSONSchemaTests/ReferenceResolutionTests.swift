import JSONSchema
import JSONTree
import Testing

/// `$id` and `$ref` resolved as RFC 3986 says: a plain absolute reference is taken as written, one
/// with dot segments has them removed first (`SchemaURI.resolve`'s short cut must not skip that).
@Suite("reference resolution")
struct ReferenceResolutionTests {
    private func valid(_ reference: String, _ instance: String) throws -> Bool {
        let schema = """
            {"$id": "https://example.com/a/b/root.json", "$ref": "\(reference)",
             "$defs": {"item": {"$id": "../x/item.json", "type": "integer"}}}
            """
        let compiled = try CompiledSchema(document: try JSONDocument(text: schema))
        return compiled.isValid(try JSONDocument(text: instance))
    }

    @Test("absolute references with and without dot segments reach the same subschema")
    func absoluteReferences() throws {
        for reference in [
            "https://example.com/a/x/item.json", "https://example.com/a/c/../x/./item.json", "../x/item.json",
            "/a/b/../x/item.json",
        ] {
            #expect(try valid(reference, "1"), "\(reference)")
            #expect(try !valid(reference, #""a""#), "\(reference)")
        }
    }
}

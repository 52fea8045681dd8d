import JSONSchema
import JSONTree
import Testing

/// A schema object keeps its first 16 keyword members inline and the rest apart
/// (`SchemaMembers`): a keyword past the 16th must hold exactly as one among the first.
@Suite("schema objects with many keywords")
struct ManyKeywordsTests {
    /// 22 keywords; by word order, `maxItems` and everything after it are past the 16th.
    private let schema = ##"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/many",
         "$anchor": "top", "$defs": {}, "type": ["object", "number"], "format": "x", "multipleOf": 2,
         "minimum": 0, "exclusiveMinimum": -1, "maximum": 100, "exclusiveMaximum": 101, "minLength": 1,
         "maxLength": 5, "pattern": "a", "items": true, "minItems": 1, "maxItems": 3,
         "properties": {"a": {"type": "integer"}}, "required": ["a"], "minProperties": 1,
         "maxProperties": 2, "not": {"const": 4}}
        """##

    @Test("keywords before and after the 16th are all applied, in both modes")
    func everyKeywordHolds() throws {
        let compiled = try CompiledSchema(document: try JSONDocument(text: schema))
        func valid(_ instance: String) throws -> Bool {
            let document = try JSONDocument(text: instance)
            let quick = compiled.isValid(document)
            #expect(quick == compiled.validate(document).findings.isEmpty)
            return quick
        }
        #expect(try valid(##"{"a": 1}"##))
        #expect(try valid("8"))
        #expect(try !valid(##"{"a": "x"}"##))  // properties
        #expect(try !valid("{}"))  // required, minProperties
        #expect(try !valid(##"{"a": 1, "b": 2, "c": 3}"##))  // maxProperties
        #expect(try !valid("4"))  // not
        #expect(try !valid("102"))  // maximum, before the 16th
        #expect(try !valid("3"))  // multipleOf
        #expect(try lines(schema, "{}").contains(##"$: missing the required property "a""##))
    }
}

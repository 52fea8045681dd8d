import JSONSchema
import JSONTree
import Testing

/// `required` after `properties` in one schema object reuses what the properties walk met
/// (`SchemaProgram.requiredCoverage`); these cases would pass wrongly if that shortcut trusted a
/// walk of another object, of another schema's properties, or covered a name it does not know.
@Suite("required answered from the properties walk")
struct RequiredCoverageTests {
    private func valid(_ schema: String, _ instance: String) throws -> Bool {
        let compiled = try CompiledSchema(document: try JSONDocument(text: schema))
        let document = try JSONDocument(text: instance)
        let quick = compiled.isValid(document)
        // Both modes must agree: the findings pass walks the members where the quick one may not.
        #expect(quick == compiled.validate(document).findings.isEmpty)
        return quick
    }

    @Test("a required property that is missing fails, in both modes, even when the others are met")
    func missingRequired() throws {
        let schema = ##"{"type": "object", "required": ["a", "b"], "properties": {"a": {}, "b": {}, "c": {}}}"##
        #expect(try valid(schema, ##"{"a": 1, "b": 2}"##))
        #expect(try !valid(schema, ##"{"a": 1, "c": 3}"##))
        #expect(try !valid(schema, "{}"))
        #expect(try lines(schema, ##"{"a": 1, "c": 3}"##) == [##"$: missing the required property "b""##])
    }

    @Test("a required name that is not among the properties is still looked for")
    func requiredOutsideProperties() throws {
        let schema = ##"{"required": ["a", "z"], "properties": {"a": {"type": "integer"}}}"##
        #expect(try valid(schema, ##"{"a": 1, "z": null}"##))
        #expect(try !valid(schema, ##"{"a": 1}"##))
    }

    @Test("the walk of one object or one schema never answers for another")
    func noStaleAnswer() throws {
        // The inner object is walked last before the outer `required`: its members must not count.
        let nested =
            ##"{"required": ["a", "b"], "properties": {"a": {"required": ["x"], "properties": {"a": {}, "b": {}}}, "b": {}}}"##
        #expect(try !valid(nested, ##"{"a": {"x": 1, "a": 1, "b": 2}}"##))
        #expect(try valid(nested, ##"{"a": {"x": 1}, "b": 2}"##))
        // Two schemas over the same object: the second's `required` names a property the first met.
        let both = ##"{"allOf": [{"properties": {"a": {}, "b": {}}}, {"required": ["b"], "properties": {"a": {}}}]}"##
        #expect(try !valid(both, ##"{"a": 1}"##))
        #expect(try valid(both, ##"{"a": 1, "b": 2}"##))
    }

    @Test("escaped member names count as the names they decode to")
    func escapedNames() throws {
        let schema = ##"{"required": ["é", "a/b"], "properties": {"é": {}, "a/b": {}}}"##
        #expect(try valid(schema, ##"{"\u00e9": 1, "a\/b": 2}"##))
        #expect(try !valid(schema, ##"{"\u00e9": 1, "a\\b": 2}"##))
    }
}

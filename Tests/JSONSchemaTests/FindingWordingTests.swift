import JSONSchema
import JSONTree
import Testing

/// Findings say where (instance JSONPath, schema keyword location) and what was expected
/// against what was found, for every keyword family, and all of them are reported.
@Suite("finding wording and paths")
struct FindingWordingTests {
    @Test("a type mismatch deep in an array names the path, the keyword's location and both sides")
    func typeMismatch() throws {
        let schema = ##"{"properties": {"items": {"items": {"properties": {"price": {"type": "number"}}}}}}"##
        let instance = ##"{"items": [{"price": 1}, {"price": 2}, {"price": 3}, {"price": "12.50"}]}"##
        let found = try findings(schema, instance)
        #expect(found.map(\.description) == [##"$.items[3].price: expected a number, found the string "12.50""##])
        #expect(found.first?.schemaPath == "#/properties/items/items/properties/price/type")
        #expect(found.first?.keyword == "type")
    }

    @Test("every finding is reported, not only the first, and the cap is said")
    func allFindings() throws {
        let schema =
            ##"{"type": "object", "required": ["a", "b"], "properties": {"c": {"minimum": 5}, "d": {"maxLength": 2}}}"##
        #expect(
            try lines(schema, ##"{"c": 4, "d": "long"}"##) == [
                "$.c: expected a number at least 5, found 4", "$.d: expected at most 2 characters, found 4",
                ##"$: missing the required property "a""##, ##"$: missing the required property "b""##,
            ])
        let capped = try CompiledSchema(
            document: try JSONDocument(text: ##"{"items": {"type": "string"}}"##),
            options: SchemaOptions(maximumFindings: 3)
        ).validate(try JSONDocument(text: "[1, 2, 3, 4, 5]"))
        #expect(capped.findings.count == 3)
        #expect(capped.truncated)
    }

    @Test("strings, numbers, arrays and objects are worded plainly")
    func families() throws {
        #expect(
            try lines(##"{"pattern": "^a+$"}"##, ##""ab""##) == [
                ##"$: expected a string matching /^a+$/, found the string "ab""##
            ])
        #expect(try lines(##"{"multipleOf": 0.01}"##, "1.005") == ["$: expected a multiple of 0.01, found 1.005"])
        #expect(try lines(##"{"exclusiveMaximum": 10}"##, "10") == ["$: expected a number less than 10, found 10"])
        #expect(
            try lines(##"{"enum": ["a", "b"]}"##, ##""c""##) == [
                ##"$: expected one of "a", "b", found the string "c""##
            ])
        #expect(try lines(##"{"const": 3}"##, "4") == ["$: expected 3, found the number 4"])
        #expect(try lines(##"{"minItems": 2}"##, "[1]") == ["$: expected at least 2 items, found 1"])
        #expect(
            try lines(##"{"uniqueItems": true}"##, "[1, 2, 1.0]") == [
                "$: expected unique items, but items 0 and 2 are equal"
            ])
        #expect(
            try lines(##"{"type": ["string", "null"]}"##, "[]") == [
                "$: expected a string or null, found an empty array"
            ])
        #expect(
            try lines(##"{"additionalProperties": false, "properties": {"a": {}}}"##, ##"{"a": 1, "b c": 2}"##) == [
                ##"$: unexpected property "b c""##
            ])
        #expect(
            try lines(##"{"properties": {"a b": {"type": "integer"}}}"##, ##"{"a b": 1.5}"##) == [
                "$['a b']: expected an integer, found the number 1.5"
            ])
        #expect(
            try lines(##"{"dependentRequired": {"card": ["billing"]}}"##, ##"{"card": 1}"##) == [
                ##"$: missing the property "billing", required when "card" is present"##
            ])
        #expect(
            try lines(##"{"contains": {"type": "string"}}"##, "[1]") == [
                "$: expected at least 1 item matching the contains schema, found 0"
            ])
    }

    @Test("a failed oneOf says how many matched, and a failed anyOf explains its closest branch")
    func applicators() throws {
        #expect(
            try lines(##"{"oneOf": [{"type": "integer"}, {"minimum": 0}]}"##, "3") == [
                "$: expected to match exactly one of the 2 schemas of oneOf, matched several (0 and 1)"
            ])
        let found = try lines(
            ##"{"anyOf": [{"type": "string"}, {"type": "object", "required": ["id"]}]}"##, ##"{"name": "x"}"##)
        #expect(found.count == 2)
        #expect(found.first?.hasPrefix("$: expected to match at least one of the 2 schemas of anyOf") == true)
        #expect(found.last == ##"$: missing the required property "id""##)
        #expect(
            try lines(##"{"not": {"type": "null"}}"##, "null") == [
                "$: expected not to match the schema of not, but it does"
            ])
    }

    @Test("formats are annotations by default and assertions on request")
    func formats() throws {
        let schema = ##"{"format": "date-time"}"##
        #expect(try lines(schema, ##""yesterday""##).isEmpty)
        #expect(
            try lines(schema, ##""2024-02-30T10:00:00Z""##, options: SchemaOptions(assertFormats: true)) == [
                ##"$: expected a date-time (RFC 3339, 2024-05-01T12:00:00Z), found the string "2024-02-30T10:00:00Z""##
            ])
        let asserted = SchemaOptions(assertFormats: true)
        for (format, good, bad) in [
            ("email", "ada@example.com", "ada@@example"), ("uuid", "123e4567-e89b-12d3-a456-426614174000", "123e4567"),
            ("ipv4", "192.168.0.1", "256.1.1.1"), ("ipv6", "::1", "1:::2"), ("hostname", "api.example.com", "-bad.com"),
            ("uri", "https://example.com/a?b#c", "/relative"), ("duration", "P1DT2H", "PT"),
            ("json-pointer", "/a~1b", "a"),
            ("date", "2024-02-29", "2023-02-29"), ("time", "23:59:60Z", "24:00:00Z"),
        ] {
            #expect(
                try lines(##"{"format": "\##(format)"}"##, "\"\(good)\"", options: asserted).isEmpty,
                "\(format) \(good)")
            #expect(
                try lines(##"{"format": "\##(format)"}"##, "\"\(bad)\"", options: asserted).count == 1,
                "\(format) \(bad)")
        }
    }

    @Test("an unusable schema is an error naming the place, not a crash")
    func unusableSchemas() throws {
        for (schema, words) in [
            (##"{"type": "text"}"##, "unknown type"), (##"{"$ref": "#/$defs/missing"}"##, "points at nothing"),
            (##"{"$ref": "other.json"}"##, "names no known schema"), (##"{"minLength": -1}"##, "non-negative integer"),
            (##"{"pattern": "(a)\\1"}"##, "linear-time"), (##"{"properties": 3}"##, "must be an object"),
        ] {
            #expect {
                _ = try CompiledSchema(document: try JSONDocument(text: schema))
            } throws: { error in
                String(describing: error).contains(words)
            }
        }
    }
}

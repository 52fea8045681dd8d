import JSONSchema
import JSONTree
import Testing

/// The dialects: `$schema` picks a draft, the OpenAPI ones are chosen by the caller.
@Suite("dialects and references")
struct DialectTests {
    @Test("draft-07 is chosen by $schema: $ref hides its siblings and items may be an array")
    func draft7() throws {
        let schema =
            ##"{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"s": {"type": "string"}}, "$ref": "#/definitions/s", "maxLength": 1}"##
        #expect(try lines(schema, ##""long""##).isEmpty)
        let tuple =
            ##"{"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"type": "integer"}], "additionalItems": false}"##
        #expect(try lines(tuple, "[1]").isEmpty)
        #expect(try lines(tuple, "[1, 2]").count == 1)
        // 2020-12: $ref and its siblings both apply.
        #expect(
            try lines(##"{"$defs": {"s": {"type": "string"}}, "$ref": "#/$defs/s", "maxLength": 1}"##, ##""long""##)
                .count == 1)
    }

    @Test("OpenAPI 3.0: nullable, readOnly and writeOnly by direction, discriminator picks the branch")
    func openAPI30() throws {
        let nullable = ##"{"type": "string", "nullable": true}"##
        #expect(try lines(nullable, "null", options: SchemaOptions(dialect: .openAPI30)).isEmpty)
        #expect(try lines(nullable, "null").count == 1)
        let pet =
            ##"{"type": "object", "properties": {"id": {"type": "integer", "readOnly": true}, "secret": {"type": "string", "writeOnly": true}}}"##
        #expect(
            try lines(pet, ##"{"id": 1}"##, options: SchemaOptions(dialect: .openAPI30, direction: .request)) == [
                "$.id: is read-only: it must not be sent in a request"
            ])
        #expect(
            try lines(
                pet, ##"{"id": 1, "secret": "s"}"##, options: SchemaOptions(dialect: .openAPI30, direction: .response))
                == [
                    "$.secret: is write-only: it must not appear in a response"
                ])
        let document = ##"""
            {"components": {"schemas": {
              "Cat": {"type": "object", "required": ["kind", "meows"], "properties": {"kind": {"type": "string"}, "meows": {"type": "boolean"}}},
              "Dog": {"type": "object", "required": ["kind", "barks"], "properties": {"kind": {"type": "string"}, "barks": {"type": "boolean"}}}}},
             "oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
             "discriminator": {"propertyName": "kind"}}
            """##
        let options = SchemaOptions(dialect: .openAPI30)
        #expect(try lines(document, ##"{"kind": "Dog", "barks": true}"##, options: options).isEmpty)
        #expect(
            try lines(document, ##"{"kind": "Dog", "meows": true}"##, options: options) == [
                ##"$: missing the required property "barks""##
            ])
        #expect(
            try lines(document, ##"{"kind": "Fish"}"##, options: options) == [
                ##"$.kind: expected one of "Cat", "Dog", found the string "Fish""##
            ])
    }

    @Test("references to other documents go through the caller's loader")
    func loader() throws {
        let other = try JSONDocument(text: ##"{"$defs": {"id": {"type": "integer"}}}"##)
        let schema = try CompiledSchema(
            document: try JSONDocument(text: ##"{"properties": {"id": {"$ref": "common.json#/$defs/id"}}}"##),
            uri: "file:///schemas/order.json", loader: { uri in uri == "file:///schemas/common.json" ? other : nil })
        #expect(schema.validate(try JSONDocument(text: ##"{"id": 3}"##)).isValid)
        let result = schema.validate(try JSONDocument(text: ##"{"id": "3"}"##))
        #expect(result.findings.map(\.description) == [##"$.id: expected an integer, found the string "3""##])
        #expect(result.findings.first?.schemaPath == "file:///schemas/common.json#/$defs/id/type")
    }

    @Test("unevaluatedProperties sees what allOf, $ref and if evaluated")
    func unevaluated() throws {
        let schema =
            ##"{"allOf": [{"properties": {"a": {}}}], "if": {"properties": {"b": {"const": 1}}}, "unevaluatedProperties": false}"##
        #expect(try lines(schema, ##"{"a": 1, "b": 1}"##).isEmpty)
        #expect(
            try lines(schema, ##"{"a": 1, "b": 2}"##) == [
                ##"$: unexpected property "b" (not evaluated by any schema)"##
            ])
    }

    @Test("$dynamicRef resolves to the outermost dynamic anchor in scope")
    func dynamicReference() throws {
        let schema = ##"""
            {"$id": "https://example.com/strict-tree", "$dynamicAnchor": "node", "$ref": "tree", "unevaluatedProperties": false,
             "$defs": {"tree": {"$id": "tree", "$dynamicAnchor": "node", "type": "object",
               "properties": {"data": true, "children": {"type": "array", "items": {"$dynamicRef": "#node"}}}}}}
            """##
        #expect(try lines(schema, ##"{"children": [{"daat": 1}]}"##).count >= 1)
        #expect(try lines(schema, ##"{"children": [{"data": 1}]}"##).isEmpty)
    }
}

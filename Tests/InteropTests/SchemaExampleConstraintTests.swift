import Interop
import Testing
import Workspace

/// Example bodies built from schemas keep to their constraints: a generated `priority: 0` where
/// the schema says `minimum: 1` was refused by the server with a 422.
@Suite struct SchemaExampleConstraintTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Tasks, version: 1.0}
        paths:
          /tasks:
            post:
              operationId: createTask
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        priority: {type: integer, minimum: 1, maximum: 5}
                        above: {type: integer, exclusiveMinimum: 10}
                        below: {type: integer, maximum: -3, multipleOf: 2}
                        even: {type: integer, minimum: 3, multipleOf: 4}
                        ratio: {type: number, exclusiveMinimum: 0, exclusiveMaximum: 1}
                        price: {type: number, minimum: 2.5}
                        status: {type: string, enum: [open, done]}
                        code: {type: string, minLength: 8, maxLength: 8}
                        short: {type: string, maxLength: 3}
                        email: {type: string, format: email}
                        day: {type: string, format: date, maxLength: 4}
                        tags: {type: array, minItems: 2, items: {type: string}}
              responses:
                '201': {description: Created}
        """

    @Test("numbers within minimum/maximum (exclusive, multipleOf), strings within lengths, enums, formats, minItems")
    func generatedBodyKeepsToTheSchema() throws {
        let result = try OpenAPIImport.importCollection(
            ImportSource(name: "tasks.yaml", bytes: Array(Self.document.utf8), baseFolder: "/"),
            options: ImportOptions())
        let request = try #require(result.collection.allRequests.first?.request)
        guard case .json(let body) = request.body.content, case .object(let members) = body else {
            Issue.record("no JSON object body: \(request.body)")
            return
        }
        let values = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(values["priority"] == .integer(1))
        #expect(values["above"] == .integer(11))
        #expect(values["below"] == .integer(-4))
        #expect(values["even"] == .integer(4))
        #expect(values["ratio"] == .double(0.5))
        #expect(values["price"] == .integer(3))
        #expect(values["status"] == .string("open"))
        #expect(values["code"] == .string("stringst"))
        #expect(values["short"] == .string("str"))
        #expect(values["email"] == .string("user@example.com"))
        #expect(values["day"] == .string("stri"))
        #expect(values["tags"] == .array([.string("string"), .string("string")]))
    }
}

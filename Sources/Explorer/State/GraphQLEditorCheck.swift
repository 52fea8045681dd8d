package import GraphQLCheck

/// The GraphQL body being edited, checked against its collection's schema as it is typed (issue
/// 28): the problems with their lines and columns, the one the editor last jumped to, and what
/// was checked (the root checks again only when the text, the operation or the schema changed).
package struct GraphQLEditorCheck: Sendable, Equatable {
    package var problems: [GraphQLProblem] = []
    /// Whether a schema was there to check against (else only the syntax was checked).
    package var hasSchema = false
    /// The schema file's problem, when it could not be read.
    package var schemaProblem: String?
    /// The problem `Alt+G` last moved the cursor to.
    package var current: Int?
    var checkedText = ""
    var checkedOperation: String?
    var checkedSchema: GraphQLSchemaSlot?

    package init() {}

    /// Whether this check is still the one for `text`, `operation` and `schema`.
    func isCurrent(text: String, operation: String?, schema: GraphQLSchemaSlot?) -> Bool {
        checkedText == text && checkedOperation == operation && checkedSchema == schema
    }

    /// `text` checked against `schema` (or for its syntax only, without one).
    static func check(text: String, operation: String?, schema: GraphQLSchemaSlot?) -> GraphQLEditorCheck {
        var check = GraphQLEditorCheck()
        check.problems = GraphQLDocumentCheck.problems(in: text, schema: schema?.schema, operationName: operation)
        check.hasSchema = schema?.schema != nil
        if case .failed(let file, let reason)? = schema { check.schemaProblem = "schema \(file): \(reason)" }
        check.checkedText = text
        check.checkedOperation = operation
        check.checkedSchema = schema
        return check
    }
}

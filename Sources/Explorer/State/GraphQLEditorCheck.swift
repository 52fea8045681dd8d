package import GraphQLCheck

/// The GraphQL body being edited, checked against its collection's schema (issue 28): the
/// problems with their lines and columns and the one the editor last jumped to. Computed off the
/// program loop (`GraphQLCheckJob`); while the text typed last is being checked the editor keeps
/// showing the result before it.
package struct GraphQLEditorCheck: Sendable, Equatable {
    package var problems: [GraphQLProblem] = []
    /// Whether a schema was there to check against (else only the syntax was checked).
    package var hasSchema = false
    /// The schema file's problem, when it could not be read.
    package var schemaProblem: String?
    /// The schema is being fetched by introspection (the syntax only was checked meanwhile).
    package var fetchingSchema = false
    /// The problem `Alt+G` last moved the cursor to.
    package var current: Int?
    /// No result yet for the request shown: its first check is running.
    package var checking = false
    /// The query's operations (read leniently: listed while it does not parse too), for the
    /// Body tab's line that says which one runs.
    package var operations: [GraphQLOperation] = []

    package init() {}

    /// The placeholder shown until a request's first check comes back.
    static var firstCheck: GraphQLEditorCheck {
        var check = GraphQLEditorCheck()
        check.checking = true
        return check
    }

    /// `text` checked against `schema` (or for its syntax only, without one).
    /// The request's `variables` (JSON text) are checked against the operation's definitions too.
    package static func check(
        text: String, operation: String?, schema: GraphQLSchemaSlot?, variables: String? = nil
    ) -> GraphQLEditorCheck {
        var check = GraphQLEditorCheck()
        let problems = GraphQLDocumentCheck.problems(in: text, schema: schema?.schema, operationName: operation)
        // Variables that are not JSON yet are the variables field's own problem (shown there);
        // `{{placeholders}}` are checked as if filled in (in a string: a string).
        let variableProblems =
            variables.map { BodyText.variablesProblem($0) != nil } == true
            ? []
            : GraphQLVariablesCheck.problems(
                variables: variables.map(BodyText.placeholdersFilled), query: text, schema: schema?.schema,
                operationName: operation)
        check.problems = (problems + variableProblems).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        check.hasSchema = schema?.schema != nil
        check.operations = GraphQLOperations.of(text)
        check.schemaProblem = schema?.problem
        if case .introspecting? = schema { check.fetchingSchema = true }
        return check
    }
}

/// One check of the GraphQL body on screen, asked of the program (issue 28): validating against a
/// schema as large as GitHub's takes milliseconds, so it runs off the program loop. The program
/// waits `delay` after the last job (typing: only the text typed last is checked, once typing
/// pauses), runs one check at a time, and hands the result back as `graphqlChecked`; the editor
/// keeps only the result of the generation it asked for last.
package struct GraphQLCheckJob: Sendable, Equatable {
    /// What is checked: the query, the operation named, the schema (nil: the syntax only).
    package struct Input: Sendable, Equatable {
        package var key: RequestKey
        package var text: String
        package var operation: String?
        package var schema: GraphQLSchemaSlot?
        /// The request's variables as compact JSON, checked against the operation's definitions.
        package var variables: String?

        package init(
            key: RequestKey, text: String, operation: String?, schema: GraphQLSchemaSlot?, variables: String? = nil
        ) {
            self.key = key
            self.text = text
            self.operation = operation
            self.schema = schema
            self.variables = variables
        }
    }

    /// How long typing must pause before the text typed last is checked.
    package static let typingDelay = Duration.milliseconds(120)

    package var generation: Int
    package var input: Input
    /// Zero for a request just shown or a schema just loaded; `typingDelay` while the text changes.
    package var delay: Duration

    package init(generation: Int, input: Input, delay: Duration) {
        self.generation = generation
        self.input = input
        self.delay = delay
    }

    /// The check itself (on the work queue).
    package func run() -> GraphQLEditorCheck {
        GraphQLEditorCheck.check(
            text: input.text, operation: input.operation, schema: input.schema, variables: input.variables)
    }
}

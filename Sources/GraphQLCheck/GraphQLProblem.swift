/// One thing wrong with a GraphQL document or schema, at the line and column (1-based) it is
/// about: a syntax error, or a broken rule of the specification's validation section.
package struct GraphQLProblem: Sendable, Equatable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var message: String

    package init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `3:7: Cannot query field "nam" on type "User". Did you mean "name"?`
    package var description: String { "\(line):\(column): \(message)" }
}

/// Why a schema could not be loaded: a file that is neither SDL nor an introspection answer, an
/// SDL syntax error or a type system that does not hold together (with its position when known).
package struct GraphQLSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    /// Where in the SDL (for an introspection answer: in the SDL made from it), when known.
    package var problem: GraphQLProblem?

    package init(_ message: String, problem: GraphQLProblem? = nil) {
        self.message = message
        self.problem = problem
    }

    package var description: String { problem.map { "\($0.line):\($0.column): \(message)" } ?? message }
}

import Foundation
import GraphQL

/// Checks a GraphQL document (what a request sends as `query`): its syntax (GraphQLSwift's parser),
/// then, with a schema, every rule of the specification's validation section (`GraphQLValidator`,
/// against the schema's index), and that the operation asked for by name is in it. Each problem
/// carries its line and column.
package enum GraphQLDocumentCheck {
    /// The problems of `query`; empty when it is valid. A syntax error stops there (one problem).
    package static func problems(
        in query: String, schema: GraphQLSchemaDocument?, operationName: String? = nil
    ) -> [GraphQLProblem] {
        let document: Document
        do {
            document = try parse(source: Source(body: query, name: "query"))
        } catch let error as GraphQLError {
            return problems(of: error)
        } catch {
            return [GraphQLProblem(line: 1, column: 1, message: String(describing: error))]
        }
        var found: [GraphQLProblem] = []
        if let schema {
            found = GraphQLValidator.problems(of: document, index: schema.index)
        }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        if let operationName, !operations.contains(where: { $0.name?.value == operationName }) {
            let names = operations.compactMap { $0.name?.value }
            let known = names.isEmpty ? "it has no named operation" : "it has " + names.joined(separator: ", ")
            found.append(
                GraphQLProblem(line: 1, column: 1, message: "no operation named \"\(operationName)\" (\(known))"))
        } else if operationName == nil, operations.count > 1 {
            found.append(
                GraphQLProblem(
                    line: 1, column: 1, message: "the document has several operations: name the one to run"))
        }
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The problems GraphQLSwift's own `validate` finds in `query` (nil when it does not parse): what
    /// `GraphQLValidator` must agree with, as the tests check. Waits for the library's schema.
    package static func problemsFoundByGraphQLSwift(in query: String, schema: GraphQLSchemaDocument) throws
        -> [GraphQLProblem]?
    {
        guard let document = try? parse(source: Source(body: query, name: "query")) else { return nil }
        return validate(schema: try schema.schema(), ast: document).flatMap(problems(of:))
    }

    /// The names of the operations in `query` (those with a name), in order; empty when it does not parse.
    package static func operationNames(in query: String) -> [String] {
        guard let document = try? parse(source: Source(body: query, name: "query")) else { return [] }
        return document.definitions.compactMap { ($0 as? OperationDefinition)?.name?.value }
    }

    /// One problem per location of `error` (a rule may point at several places), or one at 1:1.
    static func problems(of error: GraphQLError) -> [GraphQLProblem] {
        let message = plainMessage(error.message)
        guard !error.locations.isEmpty else { return [GraphQLProblem(line: 1, column: 1, message: message)] }
        return error.locations.prefix(1).map { GraphQLProblem(line: $0.line, column: $0.column, message: message) }
    }

    /// A syntax error's message without the excerpt GraphQLSwift appends after its first line.
    /// (`Syntax Error query (1:11) Expected Name, found <EOF>` + excerpt → `Syntax error: Expected
    /// Name, found <EOF>`: the position is the problem's own).
    static func plainMessage(_ message: String) -> String {
        let first = message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? message
        guard first.hasPrefix("Syntax Error"), let close = first.range(of: ") ") else { return first }
        return "Syntax error: " + first[close.upperBound...]
    }
}

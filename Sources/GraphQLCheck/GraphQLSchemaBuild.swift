import Foundation
import GraphQL

/// GraphQLSwift's schema for one loaded SDL, built from the document already parsed the first time
/// it is asked for. Nothing the user does needs it — checks, completion, the docs and the browser
/// read the index — so loading never pays for it (~200 ms of GitHub's schema); the tests build it
/// to hold the index and `GraphQLValidator` to what the library makes of the same SDL.
final class GraphQLSchemaBuild: @unchecked Sendable {
    private let lock = NSLock()
    /// The parsed SDL, until the schema is built from it.
    private var document: Document?
    private var result: Result<GraphQLSchema, GraphQLSchemaError>?

    init(_ document: Document) {
        self.document = document
    }

    /// The schema (built on the first call); a type system GraphQLSwift cannot build is the error
    /// it gave, with its position.
    func schema() throws(GraphQLSchemaError) -> GraphQLSchema {
        let result = lock.withLock {
            if let result = self.result { return result }
            let built = document.map(Self.build) ?? .failure(GraphQLSchemaError("the schema was not built"))
            self.result = built
            document = nil
            return built
        }
        return try result.get()
    }

    private static func build(_ document: Document) -> Result<GraphQLSchema, GraphQLSchemaError> {
        do {
            // The SDL rules are not enforced: published schemas break them (GitHub's defines two
            // fields of EnterpriseOwnerInfo twice) and servers answer anyway; the last definition wins.
            return .success(try buildASTSchema(documentAST: document, assumeValidSDL: true))
        } catch let error as GraphQLError {
            let problem = GraphQLDocumentCheck.problems(of: error).first
            return .failure(GraphQLSchemaError(problem?.message ?? error.message, problem: problem))
        } catch {
            return .failure(GraphQLSchemaError(String(describing: error)))
        }
    }
}

import Dispatch
import GraphQL

/// GraphQLSwift's schema for one loaded SDL, built on another thread from the document already
/// parsed: loading returns as soon as the index is read from the SDL (what completion and the docs
/// need), and the first check waits for the rest (issue 28's load budget is 150 ms; the build alone
/// takes ~200 ms of GitHub's schema). Built once; every check of that schema shares it.
final class GraphQLSchemaBuild: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written once on the building thread before `done` is left, read only after waiting on it.
    private var result: Result<GraphQLSchema, GraphQLSchemaError>?

    init(_ document: Document) {
        let parsed = ParsedSDL(document: document)
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = Self.build(parsed.document)
            self.done.leave()
        }
    }

    /// The schema, once built (waits for it); a type system GraphQLSwift cannot build is the error
    /// it gave, with its position.
    func schema() throws(GraphQLSchemaError) -> GraphQLSchema {
        done.wait()
        guard let result else { throw GraphQLSchemaError("the schema was not built") }
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

    /// The parsed SDL handed to the building thread; the loading thread keeps no use of it after
    /// reading the index (nothing changes a parsed AST).
    private struct ParsedSDL: @unchecked Sendable {
        let document: Document
    }
}

import Foundation
import GraphQLCheck
import Replay
import Workspace

/// `lazer validate`'s GraphQL part (issue 28): every GraphQL request of a collection is checked
/// against the schema in force for its default environment: a file, or an introspected schema —
/// the answer cached per user, fetched again first with `--refresh-schema`. Without a cached
/// answer an introspected collection is not checked (a note says how to fetch it): validating
/// stays offline unless asked.
enum GraphQLValidation {
    /// Errors, `file:request: line:col: message` (the request by its folder path and name); a
    /// schema file that cannot be read or built, or an introspection that failed, is one error
    /// too. Notes say where an introspected schema came from or why it was not checked.
    static func problems(
        in document: CollectionDocument, path: String, introspection: GraphQLIntrospectionClient
    ) -> (errors: [String], notes: [String]) {
        let collection = document.collection
        let graphqlRequests = collection.graphqlRequests
        let environment = collection.defaultEnvironment
        guard let first = graphqlRequests.first, let source = collection.graphqlSchema(environment: environment)
        else { return ([], []) }
        let schema: GraphQLSchemaDocument
        var notes: [String] = []
        if let file = source.file, let schemaPath = source.filePath(collectionFile: path) {
            do {
                schema = try GraphQLSchemaDocument.load(path: schemaPath)
            } catch {
                return (["\(path): the GraphQL schema \(file): \(error)"], [])
            }
        } else {
            switch introspection.schema(for: first, in: document, environmentName: environment) {
            case .success(let (introspected, origin)):
                schema = introspected
                notes.append("\(path): the GraphQL schema by introspection, \(origin)")
            case .failure(let failure):
                let message = "\(path): the GraphQL schema by introspection: \(failure.message)"
                // Nothing cached is no error: the check was not asked for online.
                return introspection.refresh ? ([message], []) : ([], [message + "; not checked"])
            }
        }
        var lines: [String] = []
        for location in graphqlRequests {
            guard case .graphql(let body) = location.request.body.content else { continue }
            let name = (location.folderPath + [location.request.name]).joined(separator: "/")
            let variables = GraphQLVariablesCheck.problems(
                variables: body.variablesSource, query: body.query, schema: schema,
                operationName: body.operationName)
            for problem in GraphQLDocumentCheck.problems(
                in: body.query, schema: schema, operationName: body.operationName) + variables
            {
                lines.append("\(path):\(name): \(problem)")
            }
        }
        return (lines, notes)
    }
}

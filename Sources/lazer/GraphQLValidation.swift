import Foundation
import GraphQLCheck
import Workspace

/// `lazer validate`'s GraphQL part (issue 28): every GraphQL request of a collection whose schema
/// (in force for its default environment) is a file is checked against it. An introspected schema
/// is not fetched here: validating stays offline.
enum GraphQLValidation {
    /// One line per problem, `file:request: line:col: message` (the request by its folder path and
    /// name); a schema file that cannot be read or built is one line too. Empty when all is well.
    static func problems(in collection: RequestCollection, path: String) -> [String] {
        let graphqlRequests = collection.allRequests.filter {
            if case .graphql = $0.request.body.content { return true }
            return false
        }
        guard !graphqlRequests.isEmpty,
            let source = collection.graphqlSchema(environment: collection.defaultEnvironment),
            let file = source.file, let schemaPath = source.filePath(collectionFile: path)
        else { return [] }
        let schema: GraphQLSchemaDocument
        do {
            schema = try GraphQLSchemaDocument.load(path: schemaPath)
        } catch {
            return ["\(path): the GraphQL schema \(file): \(error)"]
        }
        var lines: [String] = []
        for location in graphqlRequests {
            guard case .graphql(let body) = location.request.body.content else { continue }
            let name = (location.folderPath + [location.request.name]).joined(separator: "/")
            for problem in GraphQLDocumentCheck.problems(
                in: body.query, schema: schema, operationName: body.operationName)
            {
                lines.append("\(path):\(name): \(problem)")
            }
        }
        return lines
    }
}

import Foundation
import GraphQLCheck
import RegularFiles
import Workspace

/// `lazer validate`'s GraphQL part (issue 28): every GraphQL request of a collection whose schema
/// (in force for its default environment) is a file is checked against it. An introspected schema
/// is not fetched here: validating stays offline.
enum GraphQLValidation {
    /// Schema files are read within this size (GitHub's SDL is 1.2 MB; its introspection ~10 MB).
    static let schemaLimit = 64 << 20

    /// One line per problem, `file:request: line:col: message` (the request by its folder path and
    /// name); a schema file that cannot be read or built is one line too. Empty when all is well.
    static func problems(in collection: RequestCollection, path: String) -> [String] {
        let graphqlRequests = collection.allRequests.filter {
            if case .graphql = $0.request.body.content { return true }
            return false
        }
        guard !graphqlRequests.isEmpty,
            let file = collection.graphqlSchema(environment: collection.defaultEnvironment)?.file
        else { return [] }
        let folder = (path as NSString).deletingLastPathComponent
        let schemaPath = file.hasPrefix("/") ? file : (folder as NSString).appendingPathComponent(file)
        let schema: GraphQLSchemaDocument
        do {
            schema = try load(schemaPath)
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

    static func load(_ path: String) throws -> GraphQLSchemaDocument {
        let bytes: [UInt8]?
        do {
            bytes = try RegularFile.read(path, limit: schemaLimit)
        } catch {
            throw SchemaReadError(description: error.reason)
        }
        guard let bytes else { throw SchemaReadError(description: RegularFile.notFoundReason(path)) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SchemaReadError(description: "not UTF-8 text")
        }
        return try GraphQLSchemaDocument(text: text)
    }

    struct SchemaReadError: Error, CustomStringConvertible {
        let description: String
    }
}

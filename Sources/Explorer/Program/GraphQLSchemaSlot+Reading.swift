import GraphQLCheck
package import Workspace

extension GraphQLSchemaSlot {
    /// The GraphQL schema file named by `collection` (read from the collection file at `path`),
    /// read and built on the work queue with the collection (issue 28); nil when it names none.
    package static func read(for collection: RequestCollection, path: String) -> GraphQLSchemaSlot? {
        guard let source = collection.graphqlSchema, let file = source.file,
            let schemaPath = source.filePath(collectionFile: path)
        else { return nil }
        do {
            return .loaded(try GraphQLSchemaDocument.load(path: schemaPath))
        } catch {
            return .failed(file: file, reason: error.description)
        }
    }
}

package import GraphQLCheck

/// A collection's GraphQL schema as the explorer holds it (issue 28): read from its file on the
/// work queue with the collection file, or why it could not be.
package enum GraphQLSchemaSlot: Sendable, Equatable {
    case loaded(GraphQLSchemaDocument)
    /// The schema file, as the collection names it, and what is wrong with it.
    case failed(file: String, reason: String)

    package var schema: GraphQLSchemaDocument? {
        if case .loaded(let schema) = self { return schema }
        return nil
    }
}

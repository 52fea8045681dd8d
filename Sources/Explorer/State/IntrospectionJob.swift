package import GraphQLCheck
package import Replay
package import Workspace

/// Fetching a collection's GraphQL schema by introspection (issue 28): the selected GraphQL
/// request, in the environment in use, with the introspection query as its body. Without
/// `refresh` the per-user cache answers first when it has the environment's endpoint.
package struct IntrospectionJob: Sendable, Equatable {
    package var collectionID: String
    package var environment: String?
    /// The endpoint as the preview shows it (the cache's key with the environment).
    package var url: String
    package var item: RunPlan.Item
    package var captures: [String: VariableScope.Value]
    /// Fetch again even when the cache has an answer (the refresh command).
    package var refresh: Bool

    package init(
        collectionID: String, environment: String?, url: String, item: RunPlan.Item,
        captures: [String: VariableScope.Value], refresh: Bool
    ) {
        self.collectionID = collectionID
        self.environment = environment
        self.url = url
        self.item = item
        self.captures = captures
        self.refresh = refresh
    }
}

/// An introspected schema as it comes back to the reducer.
package struct IntrospectionResult: Sendable, Equatable {
    package var schema: GraphQLSchemaDocument
    package var url: String
    /// How long ago it was fetched (zero when just now).
    package var age: Duration
    /// Read from the per-user cache rather than fetched.
    package var fromCache: Bool

    package init(schema: GraphQLSchemaDocument, url: String, age: Duration, fromCache: Bool) {
        self.schema = schema
        self.url = url
        self.age = age
        self.fromCache = fromCache
    }
}

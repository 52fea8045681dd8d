package import GraphQLCheck

/// A collection's GraphQL schema as the explorer holds it (issue 28): read from its file on the
/// work queue with the collection file, or fetched by introspection of the endpoint in the
/// environment in use (cached per user), or why it could not be.
package enum GraphQLSchemaSlot: Sendable, Equatable {
    case loaded(GraphQLSchemaDocument)
    /// The schema file, as the collection names it, and what is wrong with it.
    case failed(file: String, reason: String)
    /// From introspection (`"graphqlSchema": {"introspect": true}`), with where and when.
    case introspected(GraphQLSchemaDocument, IntrospectedSchema)
    /// The introspection query of `environment` is on its way (or the cache being read).
    case introspecting(environment: String?)
    /// Introspection in `environment` failed: the server refused it, no answer, a broken answer.
    case introspectionFailed(environment: String?, reason: String)

    package var schema: GraphQLSchemaDocument? {
        switch self {
        case .loaded(let schema), .introspected(let schema, _): schema
        default: nil
        }
    }

    /// The environment an introspected schema (or its fetch) is for; nil for a schema file.
    package var introspectedEnvironment: String?? {
        switch self {
        case .introspected(_, let origin): .some(origin.environment)
        case .introspecting(let environment), .introspectionFailed(let environment, _): .some(environment)
        case .loaded, .failed: nil
        }
    }

    /// Why there is no schema to check against, for the editor.
    var problem: String? {
        switch self {
        case .failed(let file, let reason): "schema \(file): \(reason)"
        case .introspectionFailed(_, let reason): "schema from introspection: \(reason)"
        default: nil
        }
    }
}

/// Where and when an introspected schema was fetched.
package struct IntrospectedSchema: Sendable, Equatable {
    package var environment: String?
    /// The endpoint, as the preview shows it (secrets masked): the cache's key with the environment.
    package var url: String
    /// When it was fetched, on the state's clock (`ExplorerState.now`; before the start for an
    /// answer read from the cache).
    package var fetched: Duration
    package var typeCount: Int

    package init(environment: String?, url: String, fetched: Duration, typeCount: Int) {
        self.environment = environment
        self.url = url
        self.fetched = fetched
        self.typeCount = typeCount
    }
}

import Foundation
import GraphQL

extension GraphQLSchemaDocument {
    /// The JSON answer a server built on this schema gives to Lazer's introspection query
    /// (`{"data": {"__schema": …}}`), for mock endpoints and tests that need an endpoint's
    /// introspection without running a server.
    package func introspectionAnswer() async throws -> String {
        let result = try await graphql(schema: try schema(), request: IntrospectionQuery.text)
        if let error = result.errors.first { throw GraphQLSchemaError(error.message) }
        return String(decoding: try GraphQLJSONEncoder().encode(result), as: UTF8.self)
    }
}

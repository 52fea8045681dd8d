import Foundation

/// A real GraphQL server on 127.0.0.1 (`graphql_server.py`, on graphql-core in the virtualenv
/// `scripts/oauth-venv.sh` makes) answering `graphql_test_schema.graphql`: interfaces, a union,
/// an input object, enums, a custom scalar, deprecations, a failing field (an error with a path
/// beside partial data) and introspection; subscriptions over `graphql-transport-ws` on a
/// WebSocket upgrade of any path. One per test process, started on first use.
package final class GraphQLTestServer: Sendable {
    package let port: Int
    private let child: PortReportingChild

    private static let sharedServer: Result<GraphQLTestServer, any Error> = Result { try GraphQLTestServer() }

    /// The server shared by every test in this process.
    package static func shared() throws -> GraphQLTestServer { try sharedServer.get() }

    /// The schema file the server answers (SDL), for `--schema` and collection schemas.
    package static var schemaPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "graphql_test_schema.graphql"
        ).path
    }

    private init() throws {
        (child, port) = try PortReportingChild.virtualenvServer("graphql_server.py")
    }

    /// `http://127.0.0.1:<port>/graphql` (the server answers GraphQL on every path but its hooks).
    package var endpoint: String { "http://127.0.0.1:\(port)/graphql" }

    /// What the last WebSocket client sent (graphql-transport-ws): `received` (its messages'
    /// types), `pongs`, `close` (its close code, once it closed).
    package func lastWebSocket() throws -> [String: Any] {
        let data = try Process.hook("http://127.0.0.1:\(port)/ws-last")
        return (try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) as? [String: Any]) ?? [:]
    }

    /// The last GraphQL request the server received: method, path, headers and body as text.
    package func lastRequest() throws -> [String: Any] {
        let data = try Process.hook("http://127.0.0.1:\(port)/last")
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }
}

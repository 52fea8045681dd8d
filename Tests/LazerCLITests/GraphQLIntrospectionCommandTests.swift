import Foundation
import LoopbackTesting
import Testing

/// Introspected GraphQL schemas on the command line (issue 28), against the real GraphQL server
/// on loopback: `lazer send --schema introspect` fetches and caches the endpoint's schema (with
/// the command's headers), `lazer validate --refresh-schema` fetches a collection's in its default
/// environment and `lazer validate` uses the cached one; a server that refuses introspection is
/// said so. Each test has its own user folders (the cache is per user). In the GraphQL suite: its
/// tests read the server's last request, so they run one at a time with these.
extension GraphQLCommandTests {
    private static let typo = "{\n  user(id: \"1\") {\n    nam\n  }\n}\n"

    @Test("send --schema introspect: fetched and cached the first time, the query checked, refused with exit 2")
    func sendIntrospected() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let typo = try scratch.write(Self.typo, to: "typo.graphql")
        let refused = try LazerBinary.run(
            ["send", server.endpoint, "--graphql", typo, "--schema", "introspect"], environment: scratch.environment)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("\(typo):3:5: Cannot query field \"nam\" on type \"User\". Did you mean \"name\"?"),
            "\(refused.stderr)")
        // The last request the server saw is the introspection query: the typo was never sent.
        #expect((try server.lastRequest()["body"] as? String)?.contains("LazerIntrospection") == true)
        let cached = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/state/lazer/graphql-schemas")
        #expect(cached.count == 1 && cached[0].hasSuffix(".introspection"), "\(cached)")
        // The second time the cache answers: the good query is the only request.
        let good = try scratch.write("{ now }", to: "good.graphql")
        let sent = try LazerBinary.run(
            ["send", server.endpoint, "--graphql", good, "--schema", "introspect"], environment: scratch.environment)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect((try server.lastRequest()["body"] as? String)?.contains("LazerIntrospection") == false)
    }

    @Test("send --schema introspect to a server that refuses introspection: a clear message, nothing sent")
    func sendIntrospectionRefused() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let good = try scratch.write("{ now }", to: "good.graphql")
        let url = "http://127.0.0.1:\(server.port)/private/graphql"
        let result = try LazerBinary.run(
            ["send", url, "-H", "Authorization: Bearer graphql-token", "--graphql", good, "--schema", "introspect"],
            environment: scratch.environment)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "--schema introspect: the server refused introspection: GraphQL introspection is not allowed"),
            "\(result.stderr)")
        // Its headers went with the introspection query (else the server answers 401 first).
        let headers = try server.lastRequest()["headers"] as? [String: String] ?? [:]
        #expect(headers["Authorization"] == "Bearer graphql-token")
    }

    /// A collection whose schema is introspected, its request on `path` of the test server with
    /// the environment's token, and `query` saved.
    private static func introspectedCollection(port: Int, path: String, query: String) -> String {
        """
        {
          "formatVersion": 1,
          "id": "gql-\(UUID().uuidString)",
          "name": "G",
          "defaultEnvironment": "local",
          "graphqlSchema": {"introspect": true},
          "requests": [
            {"id": "u", "name": "User", "method": "POST", "url": "\(path)",
             "headers": [{"name": "Authorization", "value": "Bearer {{token}}"}],
             "body": {"type": "graphql", "query": \(query)}}
          ],
          "environments": [
            {"name": "local", "baseURL": "http://127.0.0.1:\(port)", "variables": [{"name": "token", "value": "graphql-token"}]}
          ]
        }
        """
    }

    @Test("validate: without a cached schema a note, --refresh-schema fetches it, then the cache checks offline")
    func validateIntrospected() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let query = #""{\n  user(id: \"1\") {\n    nam\n  }\n}""#
        let file = try scratch.write(
            Self.introspectedCollection(port: server.port, path: "/graphql", query: query), to: "g.json")
        let offline = try LazerBinary.run(["validate", file], environment: scratch.environment)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("no introspected schema is cached for http://127.0.0.1:\(server.port)/graphql"))
        let refreshed = try LazerBinary.run(["validate", file, "--refresh-schema"], environment: scratch.environment)
        #expect(refreshed.status == 1)
        #expect(
            refreshed.stderr.contains(
                "error: \(file):User: 3:5: Cannot query field \"nam\" on type \"User\". Did you mean \"name\"?"),
            "\(refreshed.stderr)")
        #expect(refreshed.stderr.contains("the GraphQL schema by introspection, fetched from http://127.0.0.1:"))
        let cached = try LazerBinary.run(["validate", file], environment: scratch.environment)
        #expect(cached.status == 1)
        #expect(cached.stderr.contains("the GraphQL schema by introspection, cached from http://127.0.0.1:"))
    }

    @Test("validate --refresh-schema against a server that refuses introspection: an error saying so")
    func validateIntrospectionRefused() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            Self.introspectedCollection(port: server.port, path: "/private/graphql", query: #""{ now }""#), to: "g.json"
        )
        let result = try LazerBinary.run(["validate", file, "--refresh-schema"], environment: scratch.environment)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "the GraphQL schema by introspection: the server refused introspection: GraphQL introspection is not allowed"
            ), "\(result.stderr)")
    }
}

import Foundation
import LoopbackTesting
import Testing

/// `lazer send --graphql` and `lazer validate` on GraphQL requests (issue 28), against a real
/// GraphQL server (graphql-core) on loopback and its schema file. Serialized: the tests read the
/// server's last request.
@Suite("GraphQL: send and validate", .serialized)
struct GraphQLCommandTests {
    private func send(_ arguments: [String]) throws -> LazerBinary.Output {
        try LazerBinary.run(["send"] + arguments)
    }

    private static let userQuery = """
        query User($id: ID!) {
          user(id: $id) {
            name
            role
          }
        }

        """

    @Test("POST: the operation goes as JSON with variables and the GraphQL Accept; the answer is printed")
    func post() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let query = try scratch.write(Self.userQuery, to: "user.graphql")
        let result = try send([
            server.endpoint, "--graphql", query, "--variables", #"{"id": "1"}"#, "--operation", "User",
            "--schema", GraphQLTestServer.schemaPath,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""user": {"name": "Ada", "role": "ADMIN"}"#), "\(result.stdout)")
        let last = try server.lastRequest()
        #expect(last["method"] as? String == "POST")
        let headers = last["headers"] as? [String: String] ?? [:]
        #expect(headers["Content-Type"] == "application/json")
        #expect(headers["Accept"] == "application/graphql-response+json, application/json")
        let body = try JSONSerialization.jsonObject(with: Data((last["body"] as? String ?? "").utf8)) as? [String: Any]
        #expect(body?["query"] as? String == Self.userQuery)
        #expect(body?["operationName"] as? String == "User")
        #expect((body?["variables"] as? [String: String]) == ["id": "1"])
    }

    @Test("GET: the operation goes as query parameters; @FILE variables")
    func get() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let query = try scratch.write(Self.userQuery, to: "user.graphql")
        let variables = try scratch.write(#"{"id": "2"}"#, to: "vars.json")
        let result = try send(["GET", server.endpoint, "--graphql", query, "--variables", "@" + variables])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""name": "Grace""#), "\(result.stdout)")
        let last = try server.lastRequest()
        #expect(last["method"] as? String == "GET")
        let path = last["path"] as? String ?? ""
        let items = URLComponents(string: path)?.queryItems ?? []
        #expect(items.first { $0.name == "query" }?.value == Self.userQuery)
        #expect(items.first { $0.name == "variables" }?.value == #"{"id":"2"}"#)
    }

    @Test("a document that does not match --schema is refused with FILE:LINE:COLUMN errors, exit 2, nothing sent")
    func refusedBySchema() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let good = try scratch.write("{ now }", to: "good.graphql")
        #expect(try send([server.endpoint, "--graphql", good]).status == 0)
        let before = try server.lastRequest()["body"] as? String
        let typo = try scratch.write(
            Self.userQuery.replacingOccurrences(of: "    role", with: "    rol\n    posts(first: \"2\") { title }"),
            to: "typo.graphql")
        let result = try send([
            server.endpoint, "--graphql", typo, "--variables", #"{"id": "1"}"#, "--schema",
            GraphQLTestServer.schemaPath,
        ])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "lazer send: \(typo) does not match the schema; nothing was sent.")
        #expect(lines.contains("\(typo):4:5: Cannot query field \"rol\" on type \"User\". Did you mean \"role\"?"))
        #expect(lines.contains("\(typo):5:18: Int cannot represent non-integer value: \"2\""))
        #expect(try server.lastRequest()["body"] as? String == before)
    }

    @Test("an errors list beside partial data is printed as the server sent it (exit 0: a 200)")
    func partialData() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let query = try scratch.write(#"{ user(id: "1") { name secret } }"#, to: "q.graphql")
        let result = try send([server.endpoint, "--graphql", query, "--schema", GraphQLTestServer.schemaPath])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""path": ["user", "secret"]"#), "\(result.stdout)")
        #expect(result.stdout.contains(#""name": "Ada""#))
    }

    @Test("usage mistakes: --variables that is not an object, --schema without --graphql, a broken schema file")
    func usage() throws {
        let scratch = try RunCommandTests.Scratch()
        let query = try scratch.write("{ now }", to: "q.graphql")
        let notObject = try send(["127.0.0.1:1/graphql", "--graphql", query, "--variables", "[1]"])
        #expect(notObject.status == 2)
        #expect(notObject.stderr.contains("--variables must be a JSON object"))
        let alone = try send(["127.0.0.1:1/graphql", "--schema", GraphQLTestServer.schemaPath])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("go with --graphql FILE"))
        let broken = try scratch.write("type Query {\n  now: \n}", to: "broken.graphql")
        let badSchema = try send(["127.0.0.1:1/graphql", "--graphql", query, "--schema", broken])
        #expect(badSchema.status == 2)
        #expect(badSchema.stderr.contains("--schema \(broken): 3:1: Syntax error: Expected Name, found }"))
    }

    @Test("lazer validate checks each saved GraphQL query against the collection's schema file")
    func validate() throws {
        let scratch = try RunCommandTests.Scratch()
        let schema = try String(contentsOfFile: GraphQLTestServer.schemaPath, encoding: .utf8)
        _ = try scratch.write(schema, to: "schema.graphql")
        func collection(_ query: String) -> String {
            """
            {
              "formatVersion": 1,
              "id": "gql-\(UUID().uuidString)",
              "name": "G",
              "graphqlSchema": {"file": "schema.graphql"},
              "folders": [{"id": "f", "name": "Users", "requests": [
                {"id": "u", "name": "User", "method": "POST", "url": "http://127.0.0.1:1/graphql",
                 "body": {"type": "graphql", "query": \(query)}}
              ]}]
            }
            """
        }
        let good = try scratch.write(collection(#""{ user(id: \"1\") { name } }""#), to: "good.json")
        let passed = try LazerBinary.run(["validate", good])
        #expect(passed.status == 0, "\(passed.stderr)")
        let bad = try scratch.write(collection(#""{\n  user(id: \"1\") {\n    nam\n  }\n}""#), to: "bad.json")
        let failed = try LazerBinary.run(["validate", bad])
        #expect(failed.status == 1)
        #expect(
            failed.stderr.contains(
                "error: \(bad):Users/User: 3:5: Cannot query field \"nam\" on type \"User\". Did you mean \"name\"?"),
            "\(failed.stderr)")
    }
}

extension GraphQLCommandTests {
    @Test("lazer run stops a document with several operations and none named, before it is sent")
    func runStopsAnUnnamedChoice() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        func collection(_ operationName: String?) -> String {
            let named = operationName.map { #", "operationName": "\#($0)""# } ?? ""
            return """
                {"formatVersion": 1, "id": "gql-ops", "name": "Operations", "defaultEnvironment": "local",
                 "environments": [{"name": "local", "baseURL": "http://127.0.0.1:\(server.port)"}],
                 "requests": [{"id": "two", "name": "Two", "method": "POST", "url": "/graphql",
                   "body": {"type": "graphql", "query": "query A { now }\\nquery B { users { name } }"\(named)},
                   "expectations": [{"subject": "status", "op": "equals", "value": 200}]}]}
                """
        }
        let unnamed = try scratch.write(collection(nil), to: "unnamed.json")
        let stopped = try LazerBinary.run(
            ["run", unnamed, "--reporter", "json", "--no-history"], environment: scratch.environment)
        #expect(stopped.status != 0, "\(stopped.stdout)")
        #expect(stopped.stdout.contains("notSent"), "\(stopped.stdout)")
        #expect(
            stopped.stdout.contains(
                "the GraphQL document has 2 operations (A, B): set operationName to the one to run"),
            "\(stopped.stdout)")
        let missing = try scratch.write(collection("C"), to: "missing.json")
        let refused = try LazerBinary.run(
            ["run", missing, "--reporter", "json", "--no-history"], environment: scratch.environment)
        #expect(refused.stdout.contains("the GraphQL document has no operation \\\"C\\\" (A, B)"), "\(refused.stdout)")
        let chosen = try scratch.write(collection("B"), to: "chosen.json")
        let sent = try LazerBinary.run(
            ["run", chosen, "--reporter", "json", "--no-history"], environment: scratch.environment)
        #expect(sent.status == 0, "\(sent.stdout)\(sent.stderr)")
        let last = try server.lastRequest()["body"] as? String ?? ""
        let body = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        #expect(body?["operationName"] as? String == "B", "\(last)")
    }
}

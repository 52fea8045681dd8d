import Foundation
import LoopbackTesting
import Testing

/// `lazer mock` answering GraphQL operations by name and by variables (issue 28), over loopback:
/// `lazer send --graphql` as the client (a POST), and a raw GET with the query in its query items.
@Suite("lazer mock: GraphQL routes")
struct GraphQLMockCommandTests {
    static let collection = """
        {
          "formatVersion": 1, "id": "gql-mock", "name": "GraphQL mock", "defaultEnvironment": "mock",
          "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://gql.mock", "routes": [
            {"method": "POST", "path": "/graphql", "graphql": {"operation": "User", "variables": {"id": "2"}},
             "response": {"json": {"data": {"user": null}, "errors": [{"message": "no user 2", "path": ["user"]}]}}},
            {"method": "*", "path": "/graphql", "graphql": {"operation": "User"},
             "response": {"json": {"data": {"user": {"name": "Ada"}}}}},
            {"method": "*", "path": "/graphql", "graphql": {"operation": "Users"},
             "response": {"json": {"data": {"users": []}}}}
          ]}]
        }
        """

    @Test("operations are answered by name, and by variables; another operation gets the 404 saying why")
    func answersByOperation() throws {
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection, to: "gql.json")
        let query = try scratch.write("query User($id: ID!) {\n  user(id: $id) { name }\n}\n", to: "user.graphql")
        let other = try scratch.write("query Posts { posts { id } }\n", to: "posts.graphql")
        let mock = try MockCommandTests.MockProcess([file, "--port", "0"], environment: scratch.environment)
        defer { _ = mock.stop() }
        let url = mock.url + "/graphql"
        let ada = try LazerBinary.run(
            ["send", url, "--graphql", query, "--variables", #"{"id": "1"}"#], environment: scratch.environment)
        #expect(ada.stdout.contains(#""name":"Ada""#) || ada.stdout.contains(#""name": "Ada""#), "\(ada)")
        let two = try LazerBinary.run(
            ["send", url, "--graphql", query, "--variables", #"{"id": "2"}"#], environment: scratch.environment)
        #expect(two.stdout.contains("no user 2"), "\(two)")
        let posts = try LazerBinary.run(["send", url, "--graphql", other], environment: scratch.environment)
        #expect(
            posts.stdout.contains(#"the route answers the operation \"User\", the request runs \"Posts\""#), "\(posts)")
        let port = try #require(Int(mock.url.split(separator: ":").last ?? ""))
        let get = try RawClientLite(port: port).get("/graphql?query=query%20Users%20%7B%20users%20%7B%20id%20%7D%20%7D")
        #expect(get.hasPrefix("HTTP/1.1 200"))
        #expect(get.contains(#""users":[]"#) || get.contains(#""users": []"#))
    }
}

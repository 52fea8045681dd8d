import Foundation
import Futures
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import Testing

/// Mock routes that answer GraphQL operations by name and by variables (issue 28), in process.
@Suite("MockDispatcher: GraphQL routes")
struct MockGraphQLRouteTests {
    let scheduler = ManualScheduler()
    let server = MockTestServer()

    private func answer(_ mock: MockDispatcher, _ request: HTTPRequest) throws -> (status: Int, body: String) {
        let recorder = FutureRecorder(mock.dataFuture(from: request))
        scheduler.runAll()
        let response = try #require(recorder.value)
        return (response.statusCode.rawValue, try response.decodeString())
    }

    private func post(_ body: String) -> HTTPRequest {
        var request = HTTPRequest(method: .post, path: "/graphql", serverProvider: server)
        request.setJSONBody(string: body)
        return request
    }

    private func mock() throws -> MockDispatcher {
        let mock = MockDispatcher(scheduler: scheduler)
        mock.register(
            try MockRoute(
                .post, "/graphql",
                graphql: MockGraphQLMatch(operationName: "User", variables: .object(["id": .string("2")])),
                responses: [.text("user 2")]))
        mock.register(
            try MockRoute(
                .post, "/graphql", graphql: MockGraphQLMatch(operationName: "User"), responses: [.text("user")]))
        mock.register(
            try MockRoute(
                nil, "/graphql", graphql: MockGraphQLMatch(operationName: "Users"), responses: [.text("users")]))
        return mock
    }

    @Test("the operation is read from operationName, else from the query's first operation")
    func byOperationName() throws {
        let mock = try mock()
        #expect(try answer(mock, post(#"{"query": "query X { a }", "operationName": "User"}"#)).body == "user")
        #expect(
            try answer(mock, post(##"{"query": "# a comment\n query Users($r: Role) { users { id } }"}"##)).body
                == "users")
        let fragmentFirst = #"{"query": "fragment F on User { name } query User { user { ...F } }"}"#
        #expect(try answer(mock, post(fragmentFirst)).body == "user")
    }

    @Test("variables narrow the match: a subset of those sent")
    func byVariables() throws {
        let mock = try mock()
        let two = #"{"query": "query User($id: ID!) { user(id: $id) { name } }", "variables": {"id": "2", "x": 1}}"#
        #expect(try answer(mock, post(two)).body == "user 2")
        let one = #"{"query": "query User($id: ID!) { user(id: $id) { name } }", "variables": {"id": "1"}}"#
        #expect(try answer(mock, post(one)).body == "user")
    }

    @Test("a GET names the operation in its query items")
    func get() throws {
        let mock = try mock()
        var request = HTTPRequest(method: .get, path: "/graphql", serverProvider: server)
        request.queryItems = [URLQueryItem(name: "query", value: "query Users { users { id } }")]
        #expect(try answer(mock, request).body == "users")
    }

    @Test("another operation, or an anonymous one, gets the 404 saying which operation each route answers")
    func unmatched() throws {
        let mock = try mock()
        let posts = try answer(mock, post(#"{"query": "query Posts { posts { id } }"}"#))
        #expect(posts.status == 404)
        #expect(posts.body.contains(#"graphql: the route answers the operation \"User\", the request runs \"Posts\""#))
        #expect(posts.body.contains("POST /graphql [GraphQL User with variables]"))
        let anonymous = try answer(mock, post(#"{"query": "{ users { id } }"}"#))
        #expect(anonymous.status == 404)
        #expect(anonymous.body.contains("the request runs an anonymous operation"))
        let notGraphQL = try answer(mock, post(#"{"name": "x"}"#))
        #expect(notGraphQL.body.contains("graphql: the request is not a GraphQL request"))
    }
}

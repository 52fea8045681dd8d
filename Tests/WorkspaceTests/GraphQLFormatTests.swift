import Foundation
import HTTPCore
import JSONTree
import Testing
import Workspace

/// GraphQL in the collection format (issue 28): the `graphql` body kind, its resolution into a
/// GraphQL over HTTP request (POST JSON, GET query parameters, the Accept header) and the schema
/// source of a collection and of an environment.
@Suite struct GraphQLFormatTests {
    static let text = """
        {
          "formatVersion": 1,
          "id": "gql",
          "name": "GraphQL",
          "requests": [
            {
              "id": "user",
              "name": "User",
              "method": "POST",
              "url": "/graphql",
              "body": {
                "type": "graphql",
                "query": "query User($id: ID!) {\\n  user(id: $id) { name }\\n}",
                "variables": {
                  "id": "{{userId}}"
                },
                "operationName": "User"
              }
            }
          ],
          "environments": [
            {
              "name": "live",
              "kind": "live",
              "baseURL": "http://127.0.0.1:1",
              "variables": [
                {
                  "name": "userId",
                  "value": "7"
                }
              ],
              "graphqlSchema": {
                "introspect": true
              }
            }
          ],
          "graphqlSchema": {
            "file": "schema.graphql"
          }
        }

        """

    @Test func aGraphQLBodyAndSchemaSourcesAreReadAndWrittenBackAsTheyWere() throws {
        let result = load(Self.text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let collection = try #require(result.collection)
        let request = try #require(collection.request(id: "user"))
        guard case .graphql(let body) = request.body.content else {
            Issue.record("expected a graphql body")
            return
        }
        #expect(body.query == "query User($id: ID!) {\n  user(id: $id) { name }\n}")
        #expect(body.operationName == "User")
        #expect(body.variables == .object([.init("id", .string("{{userId}}"))]))
        #expect(collection.graphqlSchema?.origin == .file("schema.graphql"))
        #expect(collection.graphqlSchema(environment: "live")?.origin == .introspect)
        #expect(collection.graphqlSchema(environment: nil)?.origin == .file("schema.graphql"))
        #expect(collection.fileText() == Self.text)
    }

    @Test func mistakesInAGraphQLBodyOrSchemaAreErrorsWithTheirPath() {
        let noQuery = load(Self.text.replacingOccurrences(of: "\"query\": \"query User", with: "\"q\": \"query User"))
        #expect(noQuery.diagnostics.contains { $0.description.contains("missing required field \"query\"") })
        let badVariables = load(
            Self.text.replacingOccurrences(
                of: "\"variables\": {\n          \"id\": \"{{userId}}\"\n        }", with: "\"variables\": [1]"))
        #expect(badVariables.diagnostics.contains { $0.description.contains("\"variables\" must be a JSON object") })
        let both = load(
            Self.text.replacingOccurrences(
                of: "\"file\": \"schema.graphql\"", with: "\"file\": \"schema.graphql\", \"introspect\": true"))
        #expect(both.diagnostics.contains { $0.description.contains("a GraphQL schema is {\"file\"") })
    }

    /// Variables kept as JSON text (typed in the explorer and not JSON yet, or a placeholder
    /// outside a string) are a string in the file, filled and parsed when sent; text that is
    /// still not a JSON object then stops the send with a problem.
    @Test func variablesKeptAsTextAreAStringInTheFileFilledThenParsedWhenSent() throws {
        let asText = Self.text.replacingOccurrences(
            of: "\"variables\": {\n          \"id\": \"{{userId}}\"\n        }",
            with: #""variables": "{\"id\": {{userId}}}""#)
        let result = load(asText)
        #expect(result.diagnostics.isEmpty)
        let collection = try #require(result.collection)
        guard case .graphql(let body) = collection.requests[0].body.content else {
            Issue.record("expected a graphql body")
            return
        }
        #expect(body.variablesText == #"{"id": {{userId}}}"#)
        #expect(body.variables == nil)
        #expect(collection.fileText() == asText)
        let scope = VariableScope(collection: collection, environment: collection.environment(named: "live"))
        let resolver = RequestResolver(scope: scope, baseFolder: "/c")
        let outcome = resolver.resolve(collection.requests[0])
        #expect(outcome.problems.isEmpty)
        guard case .bytes(let bytes, _) = outcome.request.body else {
            Issue.record("expected a JSON body")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix(#""variables":{"id":7}}"#))
        var broken = collection.requests[0]
        broken.body = SavedBody(.graphql(GraphQLBody(query: body.query, variablesText: #"{"id": "#)))
        let problems = resolver.resolve(broken).problems.map(\.description)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("body.variables: the variables: not JSON: ") == true)
        // One line, as the Body tab says it (the excerpt and caret lines were flattened into it),
        // under a title that speaks of JSON, not of variables to fill in.
        let problem = try #require(resolver.resolve(broken).problems.first)
        #expect(!problem.description.contains("\n"), "\(problem.description)")
        #expect(problem.description.contains("line 1, column"), "\(problem.description)")
        #expect(problem.translationTemplate.title == "The GraphQL variables are not a JSON object")
    }

    /// A subscription's `connection_init` payload: an object kept as written, filled when sent
    /// (its secrets noted for masking); anything but an object is an error at its path.
    @Test func aConnectionInitPayloadIsAnObjectKeptAsWrittenAndFilledWhenSent() throws {
        let subscription = Self.text.replacingOccurrences(
            of: "\"operationName\": \"User\"",
            with:
                "\"operationName\": \"User\",\n        \"connectionInit\": {\n          \"token\": \"{{userId}}\"\n        }"
        )
        let result = load(subscription)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let collection = try #require(result.collection)
        guard case .graphql(let body) = collection.requests[0].body.content else {
            Issue.record("expected a graphql body")
            return
        }
        #expect(body.connectionInit == .object([.init("token", .string("{{userId}}"))]))
        #expect(collection.fileText() == subscription)
        let scope = VariableScope(collection: collection, environment: collection.environment(named: "live"))
        let outcome = RequestResolver(scope: scope, baseFolder: "/c").resolve(collection.requests[0])
        #expect(outcome.request.connectionInit == #"{"token":"7"}"#)
        let notObject = load(
            subscription.replacingOccurrences(
                of: "\"connectionInit\": {\n          \"token\": \"{{userId}}\"\n        }",
                with: "\"connectionInit\": \"token\""))
        #expect(notObject.diagnostics.contains { $0.description.contains("\"connectionInit\" must be a JSON object") })
    }

    private func resolved(method: RequestMethod, headers: [KeyValueRow] = []) throws -> ResolvedRequest {
        var collection = try #require(load(Self.text).collection)
        collection.requests[0].method = method
        collection.requests[0].headers = headers
        let scope = VariableScope(collection: collection, environment: collection.environment(named: "live"))
        let outcome = RequestResolver(scope: scope, baseFolder: "/c").resolve(collection.requests[0])
        #expect(outcome.problems.isEmpty)
        return outcome.request
    }

    @Test func aPostSendsTheOperationAsJSONWithVariablesFilled() throws {
        let request = try resolved(method: .post)
        guard case .bytes(let bytes, "application/json") = request.body else {
            Issue.record("expected a JSON body, got \(request.body)")
            return
        }
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"query":"query User($id: ID!) {\n  user(id: $id) { name }\n}","operationName":"User","variables":{"id":"7"}}"#
        )
        #expect(request.headers.contains(.init("Accept", "application/graphql-response+json, application/json")))
        #expect(request.query.isEmpty)
    }

    @Test func aGetSendsTheOperationAsQueryParametersAndAnAcceptGivenIsKept() throws {
        let request = try resolved(method: .get, headers: [KeyValueRow(name: "Accept", value: "application/json")])
        #expect(request.body == .none)
        #expect(
            request.query == [
                .init("query", "query User($id: ID!) {\n  user(id: $id) { name }\n}"), .init("operationName", "User"),
                .init("variables", #"{"id":"7"}"#),
            ])
        #expect(request.headers.filter { $0.name == "Accept" } == [.init("Accept", "application/json")])
    }

    static let partialAnswer = """
        {"errors": [{"message": "secret is not readable", "locations": [{"line": 1, "column": 25}],
          "path": ["users", 0, "secret"], "extensions": {"code": "FORBIDDEN"}}],
         "data": {"users": [{"name": "Ada", "secret": null}]}}
        """

    @Test func anAnswersErrorsAreReadWithPathLocationsAndPartialData() throws {
        let document = try JSONDocument(text: Self.partialAnswer)
        let answer = try #require(GraphQLResponse(document))
        #expect(answer.isPartial)
        #expect(answer.errors.count == 1)
        let error = try #require(answer.errors.first)
        #expect(error.message == "secret is not readable")
        #expect(error.path == [.field("users"), .index(0), .field("secret")])
        #expect(error.dottedPath == "users.0.secret")
        #expect(error.dataPath == "$.data.users[0].secret")
        #expect(error.locations == [.init(line: 1, column: 25)])
        #expect(error.extensions == #"{"code": "FORBIDDEN"}"#)
        #expect(GraphQLResponse(try JSONDocument(text: #"{"id": 1}"#)) == nil)
        let failed = try #require(GraphQLResponse(try JSONDocument(text: #"{"errors": [{"message": "no"}]}"#)))
        #expect(!failed.hasData && !failed.isPartial)
    }

    @Test func graphqlErrorsExpectationsSayNoneOrAMessageAtAPath() throws {
        let bytes = Array(Self.partialAnswer.utf8)
        let facts = ResponseFacts(
            status: 200, headers: HTTPHeaders(), body: bytes, document: try JSONDocument(bytes: bytes),
            duration: .zero)
        func check(
            _ subject: Workspace.Expectation.Subject, _ op: Workspace.Expectation.Operator, _ value: StoredJSON? = nil
        )
            -> ExpectationCheck
        {
            ExpectationCheck(Workspace.Expectation(subject: subject, op: op, value: value), against: facts)
        }
        let none = check(.graphqlErrors(path: nil), .notExists)
        #expect(!none.passed)
        #expect(none.label == "GraphQL errors")
        #expect(none.actual == "secret is not readable")
        #expect(check(.graphqlErrors(path: "users.0.secret"), .contains, .string("not readable")).passed)
        #expect(check(.graphqlErrors(path: "users.0.name"), .notExists).passed)
        // The data beside them, by JSONPath as for any JSON body.
        #expect(check(.jsonPath("$.data.users[0].name"), .equals, .string("Ada")).passed)
        // Read from and written to the collection file.
        let text = Self.text.replacingOccurrences(
            of: "\"operationName\": \"User\"\n      }",
            with: """
                "operationName": "User"
                      },
                      "expectations": [
                        {
                          "subject": "graphqlErrors",
                          "path": "user.secret",
                          "op": "notExists"
                        }
                      ]
                """)
        let collection = try #require(load(text).collection, "\(load(text).diagnostics)")
        #expect(collection.requests[0].expectations.first?.subject == .graphqlErrors(path: "user.secret"))
        #expect(collection.fileText() == text)
    }
}

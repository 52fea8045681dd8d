import Foundation
import HTTPCore
import Testing
import Workspace

/// A mock route's `graphql` matcher in the collection format (issue 28): read and written back as
/// it was, built into the dispatcher's route, and its mistakes reported with their path.
@Suite struct GraphQLMockRouteFormatTests {
    static let text = """
        {
          "formatVersion": 1,
          "id": "gql-mock",
          "name": "GraphQL mock",
          "environments": [
            {
              "name": "mock",
              "kind": "mock",
              "baseURL": "http://gql.mock",
              "routes": [
                {
                  "method": "POST",
                  "path": "/graphql",
                  "graphql": {
                    "operation": "User",
                    "variables": {
                      "id": "2"
                    }
                  },
                  "response": {
                    "status": 200,
                    "json": {
                      "data": {
                        "user": null
                      }
                    }
                  }
                },
                {
                  "method": "*",
                  "path": "/graphql",
                  "graphql": {
                    "operation": "User"
                  },
                  "response": {
                    "status": 200,
                    "json": {
                      "data": {
                        "user": {
                          "name": "Ada"
                        }
                      }
                    }
                  }
                }
              ]
            }
          ]
        }

        """

    @Test func aGraphQLMatcherIsReadAndWrittenBackAsItWas() throws {
        let result = load(Self.text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let collection = try #require(result.collection)
        let routes = try #require(collection.environments.first?.routes)
        #expect(
            routes.map(\.graphql) == [
                SavedGraphQLMatch(operation: "User", variables: .object([.init("id", .string("2"))])),
                SavedGraphQLMatch(operation: "User"),
            ])
        #expect(collection.fileText() == Self.text)
        let built = try MockRouteBuilder.routes(for: try #require(collection.environments.first), baseFolder: "/")
        #expect(
            built.map(\.graphql) == [
                MockGraphQLMatch(operationName: "User", variables: .object(["id": .string("2")])),
                MockGraphQLMatch(operationName: "User"),
            ])
    }

    @Test func mistakesInAGraphQLMatcherAreErrorsWithTheirPath() {
        let noOperation = load(
            Self.text.replacingOccurrences(of: "\"operation\": \"User\"\n", with: "\"op\": \"User\"\n"))
        #expect(noOperation.diagnostics.contains { $0.description.contains("missing required field \"operation\"") })
        let badName = load(
            Self.text.replacingOccurrences(of: "\"operation\": \"User\"\n", with: "\"operation\": \"query User\"\n"))
        #expect(badName.diagnostics.contains { $0.description.contains("\"operation\" is an operation's name") })
        let badVariables = load(
            Self.text.replacingOccurrences(
                of: "\"variables\": {\n              \"id\": \"2\"\n            }", with: "\"variables\": [2]"))
        #expect(badVariables.diagnostics.contains { $0.description.contains("expected an object of variables") })
    }
}

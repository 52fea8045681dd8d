import GraphQLCheck
import Testing

/// The variables skeleton of an operation (issue 28): placeholders by type from the variable
/// definitions and the schema, merged into what is typed already without losing a value.
@Suite struct GraphQLVariablesSkeletonTests {
    static let schema = try? GraphQLSchemaDocument(
        text: """
            enum Role { ADMIN MEMBER }
            scalar DateTime
            input Range { from: Int! to: Int }
            input Filter {
              text: String!
              role: Role!
              since: DateTime!
              range: Range!
              tags: [String!]!
              limit: Int = 20
              not: Filter
            }
            type Query { users(filter: Filter, first: Int): [String] }
            """)

    private func skeleton(
        _ query: String, _ existing: String = "", operation: String? = nil
    ) throws -> Result<String, GraphQLVariablesSkeleton.Failure> {
        let index = try #require(Self.schema).index
        return GraphQLVariablesSkeleton.merged(into: existing, query: query, operationName: operation, index: index)
    }

    @Test func eachTypeHasItsPlaceholder() throws {
        let query = """
            query Q($id: ID!, $name: String!, $count: Int!, $ratio: Float!, $on: Boolean!, $role: Role!,
                    $when: DateTime!, $maybe: String, $ids: [ID!]!, $first: Int = 10, $order: Role = MEMBER) { users }
            """
        #expect(
            try skeleton(query).get() == """
                {
                  "id": "",
                  "name": "",
                  "count": 0,
                  "ratio": 0,
                  "on": false,
                  "role": "ADMIN",
                  "when": "",
                  "maybe": null,
                  "ids": [],
                  "first": 10,
                  "order": "MEMBER"
                }
                """)
    }

    @Test func inputObjectsAreWrittenFieldByField() throws {
        #expect(
            try skeleton("query ($filter: Filter!) { users(filter: $filter) }").get() == """
                {
                  "filter": {
                    "text": "",
                    "role": "ADMIN",
                    "since": "",
                    "range": {
                      "from": 0,
                      "to": null
                    },
                    "tags": [],
                    "limit": 20,
                    "not": null
                  }
                }
                """)
    }

    @Test func whatIsTypedIsKeptAndOnlyWhatIsMissingAdded() throws {
        let typed = #"{"extra": [1, 2.50], "filter": {"text": "ada", "range": {"to": 5}, "custom": true}}"#
        #expect(
            try skeleton("query ($filter: Filter!, $first: Int) { users(filter: $filter, first: $first) }", typed)
                .get() == """
                    {
                      "extra": [
                        1,
                        2.50
                      ],
                      "filter": {
                        "text": "ada",
                        "range": {
                          "to": 5,
                          "from": 0
                        },
                        "custom": true,
                        "role": "ADMIN",
                        "since": "",
                        "tags": [],
                        "limit": 20,
                        "not": null
                      },
                      "first": null
                    }
                    """)
    }

    @Test func aValueOfAnotherShapeIsKeptAsItIs() throws {
        #expect(
            try skeleton("query ($filter: Filter) { users(filter: $filter) }", #"{"filter": "{{saved}}"}"#).get()
                == "{\n  \"filter\": \"{{saved}}\"\n}")
    }

    @Test func variablesThatAreNotAnObjectAreNotWrittenOver() throws {
        #expect(try skeleton("query ($a: Int) { users }", #"{"a": {{n}}}"#) == .failure(.notAnObject))
        #expect(try skeleton("query ($a: Int) { users }", "[1]") == .failure(.notAnObject))
    }

    @Test func theOperationIsTheOneNamedOrTheOnlyOne() throws {
        let document = "query A($a: Int!) { users }\nquery B($b: Boolean!) { users }"
        #expect(try skeleton(document, operation: "B").get() == "{\n  \"b\": false\n}")
        #expect(
            try skeleton(document)
                == .failure(.noOperation("the query has several operations: put the cursor in one")))
        let index = try #require(Self.schema).index
        let second = document.utf8.count - 3
        #expect(
            GraphQLVariablesSkeleton.merged(into: "", query: document, operationName: nil, cursor: second, index: index)
                == .success("{\n  \"b\": false\n}"))
        #expect(try skeleton("query { users(") == .failure(.noOperation("the query does not parse")))
        #expect(try skeleton("{ users }").get() == "{}")
    }

    @Test func withoutASchemaNamedTypesAreNull() {
        let result = GraphQLVariablesSkeleton.merged(
            into: "", query: "query ($f: Filter!, $n: Int!) { a }", operationName: nil, index: nil)
        #expect(result == .success("{\n  \"f\": null,\n  \"n\": 0\n}"))
    }
}

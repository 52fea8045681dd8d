import Foundation
import GraphQLCheck
import Testing

/// GraphQL documents checked against the test server's schema (`graphql_test_schema.graphql`, the
/// file `graphql_server.py` serves): cases from the validation section of the GraphQL
/// specification, each problem at the line and column it is about.
@Suite struct GraphQLDocumentCheckTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    static let schema: GraphQLSchemaDocument? = try? GraphQLSchemaDocument(
        text: text("Sources/LoopbackTesting/graphql_test_schema.graphql"))

    private func problems(_ query: String, operation: String? = nil) throws -> [String] {
        let schema = try #require(Self.schema)
        return GraphQLDocumentCheck.problems(in: query, schema: schema, operationName: operation).map(\.description)
    }

    @Test func aValidDocumentHasNoProblems() throws {
        let query = """
            query User($id: ID!, $first: Int = 2) {
              user(id: $id) { name role joined posts(first: $first) { title tags } }
              search(text: "a") { __typename ... on User { name } ... on Post { title } }
              node(id: "1") { id ... on Post { author { name } } }
            }
            """
        #expect(try problems(query).isEmpty)
        #expect(
            try problems("mutation New($p: NewPost!) { createPost(input: $p) { id } }").isEmpty)
    }

    @Test func anUnknownFieldIsAtItsLineAndColumnWithASuggestion() throws {
        #expect(
            try problems("query {\n  user(id: \"1\") {\n    nam\n  }\n}")
                == ["3:5: Cannot query field \"nam\" on type \"User\". Did you mean \"name\"?"])
    }

    @Test func argumentsOfTheWrongTypeOrMissingAreFound() throws {
        #expect(
            try problems("{ user(id: \"1\") { posts(first: \"x\") { id } } }") == [
                "1:32: Int cannot represent non-integer value: \"x\""
            ])
        let missing = try problems("{ user { name } }")
        #expect(missing.count == 1)
        #expect(missing.first?.hasPrefix("1:3: ") == true)
        #expect(missing.first?.contains("argument \"id\"") == true)
    }

    @Test func aFragmentOnAnImpossibleTypeAndAnUnusedVariableAreFound() throws {
        let found = try problems(
            """
            query Q($unused: Int) {
              user(id: "1") { ... on Post { title } }
            }
            """)
        #expect(found.count == 2)
        #expect(found.contains { $0.hasPrefix("1:9: ") && $0.contains("$unused") })
        #expect(found.contains { $0.hasPrefix("2:19: ") && $0.contains("Post") })
    }

    @Test func aLeafWithoutSelectionAndAnObjectWithoutOneAreFound() throws {
        let found = try problems("{ user(id: \"1\") { name { x } posts } }")
        #expect(found.count == 2)
        #expect(found.contains { $0.hasPrefix("1:24: ") && $0.contains("name") })
        #expect(found.contains { $0.hasPrefix("1:30: ") && $0.contains("posts") })
    }

    @Test func aSyntaxErrorIsOneProblemAtItsPosition() throws {
        #expect(try problems("query {\n  user(id: \"1\") {\n") == ["3:1: Syntax error: Expected Name, found <EOF>"])
        // Without a schema the syntax is still checked.
        #expect(
            GraphQLDocumentCheck.problems(in: "{ a(", schema: nil).map(\.description)
                == ["1:5: Syntax error: Expected Name, found <EOF>"])
        #expect(GraphQLDocumentCheck.problems(in: "{ anything }", schema: nil).isEmpty)
    }

    @Test func theOperationAskedForMustBeInTheDocument() throws {
        let two = "query A { now }\nquery B { now }"
        #expect(try problems(two, operation: "B").isEmpty)
        #expect(try problems(two, operation: "C") == ["1:1: no operation named \"C\" (it has A, B)"])
        #expect(try problems(two) == ["1:1: the document has several operations: name the one to run"])
        #expect(GraphQLDocumentCheck.operationNames(in: two) == ["A", "B"])
    }

    @Test func anIntrospectionAnswerGivesTheSameSchemaAsTheSDL() throws {
        // Made by graphql-core 3.2.8 (not Lazer) from graphql_test_schema.graphql:
        // graphql_sync(build_schema(sdl), get_introspection_query(descriptions=True,
        // specified_by_url=True, directive_is_repeatable=True)), written as {"data": …}.
        let answer = try Self.text("Tests/GraphQLCheckTests/Fixtures/test-introspection.json")
        let fromIntrospection = try GraphQLSchemaDocument(text: answer)
        let sdlSchema = try #require(Self.schema)
        #expect(fromIntrospection.typeCount == sdlSchema.typeCount)
        for query in [
            "{ user(id: \"1\") { name email role posts(first: 1) { title } } }",
            "{ user(id: \"1\") { nam } }",
            "{ search(text: 1) { ... on User { role } } }",
            "mutation { createPost(input: {title: \"t\"}) { id } }",
            "{ users(role: OWNER) { name } }",
        ] {
            #expect(
                GraphQLDocumentCheck.problems(in: query, schema: fromIntrospection)
                    == GraphQLDocumentCheck.problems(in: query, schema: sdlSchema), "\(query)")
        }
    }

    @Test func aBrokenSchemaSaysWhereAndWhy() {
        #expect(throws: GraphQLSchemaError.self) { try GraphQLSchemaDocument(text: "type Query {\n  a: \n}") }
        do {
            _ = try GraphQLSchemaDocument(text: "type Query {\n  a: \n}")
        } catch {
            #expect(error.description == "3:1: Syntax error: Expected Name, found }")
        }
        do {
            _ = try GraphQLSchemaDocument(text: "{\"data\": {\"other\": 1}}")
        } catch {
            #expect(error.description.contains("not an introspection answer"))
        }
        do {
            _ = try GraphQLSchemaDocument(text: "type Query { a: Missing }")
        } catch {
            #expect(error.description.contains("Missing"))
        }
    }
}

/// Mistakes about variables, fragments and directives are found as the other rules' are.
@Suite struct GraphQLVariableFragmentDirectiveTests {
    private func problems(_ query: String) throws -> [String] {
        let schema = try #require(GraphQLDocumentCheckTests.schema)
        return GraphQLDocumentCheck.problems(in: query, schema: schema).map(\.message)
    }

    @Test func aVariableUsedButNotDefinedOrDefinedButNotUsedIsStillFound() throws {
        #expect(try problems("{ user(id: $id) { name } }").contains { $0.contains("Variable \"$id\" is not defined") })
        #expect(try problems("query Q($id: ID) { now }").contains { $0.contains("Variable \"$id\" is never used") })
    }

    @Test func fragmentAndDirectiveMistakesAreStillFound() throws {
        #expect(try problems("{ ...Missing }").contains { $0.contains("Unknown fragment \"Missing\"") })
        #expect(
            try problems("{ now }\nfragment F on User { name }").contains {
                $0.contains("Fragment \"F\" is never used")
            })
        #expect(try problems("{ now @nope }").contains { $0.contains("Unknown directive \"@nope\"") })
    }

    @Test func aDocumentWithoutThemSkipsOnlyThoseRules() throws {
        #expect(try problems("{ user(id: \"1\") { nam } }").contains { $0.contains("Cannot query field \"nam\"") })
        #expect(try problems("{ user(id: \"1\") { name } }").isEmpty)
    }
}

import GraphQLCheck
import Testing

/// The operations of a document, read leniently for the explorer's operation picker (issue 28).
struct GraphQLOperationsTests {
    @Test func namedAnonymousAndShorthandOperationsInOrderWithTheirLines() {
        let text = """
            # a comment: query Not { x }
            query A($id: ID = "{") @cached(ttl: 1) { user(id: $id) { name } }
            fragment F on User { name }
            mutation B { createPost(input: {title: "}"}) { id } }
            subscription { now }
            { now }
            """
        let operations = GraphQLOperations.of(text)
        #expect(operations.map(\.label) == ["query A", "mutation B", "anonymous subscription", "anonymous query"])
        #expect(operations.map(\.line) == [2, 4, 5, 6])
    }

    @Test func anOperationBeingTypedIsListedAndBracesInsideDoNotCount() {
        #expect(GraphQLOperations.of("query A { a { b } }\nquery B").map(\.label) == ["query A", "query B"])
        #expect(GraphQLOperations.of("query A { a {").map(\.label) == ["query A"])
        #expect(GraphQLOperations.of("").isEmpty)
    }

    @Test func theChosenOperationAndWhyNoneIs() {
        let two = GraphQLOperations.of("query A { a }\nquery B { b }")
        #expect(GraphQLOperations.chosen(two, operationName: "B")?.name == "B")
        #expect(GraphQLOperations.chosen(two, operationName: nil) == nil)
        #expect(
            GraphQLOperations.choiceProblem(two, operationName: nil) == "2 operations: the one to run is not chosen")
        #expect(
            GraphQLOperations.choiceProblem(two, operationName: "C")
                == "the query has no operation \"C\" (2 operations)")
        #expect(GraphQLOperations.choiceProblem(two, operationName: "A") == nil)
        let one = GraphQLOperations.of("{ a }")
        #expect(GraphQLOperations.chosen(one, operationName: nil)?.label == "anonymous query")
        #expect(GraphQLOperations.choiceProblem([], operationName: nil) == nil)
    }

    @Test func variableDefinitionsAreReadEvenWhenTheQueryDoesNotParse() {
        let text = """
            query Q($id: ID!, $tags: [String!]! = ["a"], $n: Int @deprecated) @cached(ttl: 1) {
              user(id: $id) {  }
            }
            """
        let operation = GraphQLOperations.of(text).first
        #expect(operation?.label == "query Q")
        #expect(
            operation?.variables == [
                GraphQLOperation.Variable(name: "id", type: "ID!"),
                GraphQLOperation.Variable(name: "tags", type: "[String!]!", hasDefault: true),
                GraphQLOperation.Variable(name: "n", type: "Int"),
            ])
    }
}

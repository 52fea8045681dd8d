import Foundation
import GraphQLCheck
import Testing

/// Completion and docs at the cursor of a GraphQL document (issue 28), with the test server's
/// schema (interfaces, a union, an enum with a deprecated value, an input object, arguments with
/// defaults). `|` marks the cursor in each document; the documents are unfinished, as typed.
@Suite struct GraphQLCompletionTests {
    private func index() throws -> GraphQLSchemaIndex {
        try #require(GraphQLDocumentCheckTests.schema).index
    }

    /// The labels offered at `|`, and how many characters typed they replace.
    private func labels(_ marked: String) throws -> (labels: [String], typed: Int) {
        let (text, offset) = Self.unmark(marked)
        let result = GraphQLCompletion.candidates(in: text, at: offset, index: try index())
        return (result.items.map(\.label), result.typed)
    }

    private func docs(_ marked: String) throws -> GraphQLDocs? {
        let (text, offset) = Self.unmark(marked)
        return GraphQLDocs.at(offset, in: text, index: try index())
    }

    static func unmark(_ marked: String) -> (String, Int) {
        let parts = marked.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        return (parts.joined(), parts[0].utf8.count)
    }

    @Test func fieldsOfTheEnclosingSelectionSetsTypeWithTheirTypes() throws {
        let (text, offset) = Self.unmark("query {\n  user(id: \"1\") {\n    |\n  }\n}")
        let result = GraphQLCompletion.candidates(in: text, at: offset, index: try index())
        let shown = result.items.map { "\($0.label): \($0.detail)" }
        #expect(
            shown == [
                "id: ID!", "name: String!", "role: Role!", "joined: DateTime", "posts: (first: Int = 10) [Post!]!",
                "secret: String", "__typename: String!", "email: String",
            ])
        // The deprecated field comes last, marked.
        #expect(result.items.last?.deprecated == true)
        #expect(result.items.first { $0.label == "name" }?.description == "The display name")
    }

    @Test func theNameTypedFiltersThemAndIsWhatATakenCandidateReplaces() throws {
        #expect(try labels("{ user(id: 1) { na| } }") == (["name", "__typename"], 2))
        #expect(try labels("{ users { po|sts } }") == (["posts"], 2))
        // Deeper: a field's type, through lists and non-nulls.
        #expect(try labels("{ users { posts { author { ro| } } } }").labels == ["role"])
        // From two characters on, a name containing what was typed comes after those starting with it.
        #expect(try labels("{ user(id: 1) { me| } }").labels == ["name", "__typename"])
        #expect(try labels("{ user(id: 1) { m| } }").labels == [])
        // At the top of a query, the root type's fields.
        let rootFields = try labels("query Q { se| }").labels
        #expect(rootFields == ["search", "user", "users"])
        #expect(try labels("mutation { cr| }").labels == ["createPost"])
    }

    @Test func argumentsInsideTheParenthesesWithoutThoseGiven() throws {
        #expect(try labels("{ user(|) }").labels == ["id"])
        #expect(try labels("{ users { posts(|) { id } } }").labels == ["first"])
        #expect(try labels("{ node(id: \"1\", |) }").labels == [])
    }

    @Test func enumValuesInputFieldsAndBooleansForAnArgumentsValue() throws {
        #expect(try labels("{ users(role: |) { id } }").labels == ["ADMIN", "MEMBER", "GUEST"])
        #expect(try labels("{ users(role: AD|) { id } }") == (["ADMIN"], 2))
        #expect(try labels("mutation { createPost(input: { |}) { id } }").labels == ["title", "authorId", "tags"])
        #expect(try labels("mutation { createPost(input: { title: \"x\", |}) { id } }").labels == ["authorId", "tags"])
    }

    @Test func typesAfterOnAndVariablesAfterTheDollar() throws {
        #expect(try labels("{ search(text: \"a\") { ... on | } }").labels == ["SearchResult", "User", "Post"])
        #expect(try labels("{ node(id: 1) { ... on U| } }").labels == ["User"])
        #expect(try labels("{ node(id: 1) { ...| } }").labels == ["on"])
        #expect(try labels("fragment F on U|").labels == ["User"])
        #expect(try labels("query Q($id: ID!, $r: Role) { user(id: $|) { id } }").labels == ["id", "r"])
        #expect(try labels("query Q($id: |").labels.contains("Role"))
        #expect(try labels("query Q($id: |").labels.contains("NewPost"))
        #expect(try !labels("query Q($id: |").labels.contains("User"))
        // An inline fragment's selection set is of its type.
        #expect(try labels("{ search(text: \"a\") { ... on Post { ti| } } }").labels == ["title"])
    }

    @Test func nothingInStringsCommentsOrWhereTheSchemaKnowsNoType() throws {
        #expect(try labels("{ user(id: 1) { nope { | } } }").labels == [])
        #expect(try labels("{ user(id: 1) { name } } |").labels == [])
        #expect(try labels("# { user { |").labels == [])
    }

    @Test func theDocsOfTheNameUnderTheCursor() throws {
        let field = try #require(try docs("{ user(id: 1) { na|me } }"))
        #expect(field == GraphQLDocs(signature: "User.name: String!", description: "The display name"))
        #expect(try docs("{ us|er(id: 1) { name } }")?.signature == "Query.user(id: ID!): User")
        #expect(try docs("{ user(i|d: 1) { name } }")?.signature == "Query.user(id: ID!)")
        #expect(try docs("{ user(id: 1) { posts(fir|st: 2) { id } } }")?.signature == "User.posts(first: Int = 10)")
        let deprecated = try #require(try docs("{ user(id: 1) { email| } }"))
        #expect(deprecated.deprecation == "Private now")
        #expect(try docs("{ users(role: GU|EST) { id } }")?.deprecation == "Use MEMBER")
        #expect(
            try docs("{ node(id: 1) { ... on Us|er { id } } }")
                == GraphQLDocs(signature: "object User", description: "Someone with an account"))
        #expect(try docs("{ user(id: 1) { na|mex } }") == nil)
        #expect(try docs("{ user(id: 1) { name }  | }") == nil)
    }

    /// A schema of our own directives beside the built-in ones.
    static let directiveSchema = try? GraphQLSchemaDocument(
        text: """
            "Served from the cache for ttl seconds"
            directive @cached(ttl: Int = 60, scope: Scope) on FIELD | QUERY
            directive @trace on FRAGMENT_SPREAD | INLINE_FRAGMENT | MUTATION
            enum Scope { PUBLIC PRIVATE }
            type Query { user: User }
            type Mutation { ping: Boolean }
            type User { name: String }
            """)

    private func directiveLabels(_ marked: String) -> [String]? {
        let (text, offset) = Self.unmark(marked)
        guard let index = Self.directiveSchema?.index else { return nil }
        return GraphQLCompletion.candidates(in: text, at: offset, index: index).items.map(\.label)
    }

    @Test func directivesAfterTheAtThatMayStandThere() throws {
        // The built-in ones of the test server's schema on a field; @deprecated belongs to schemas only.
        let (text, offset) = Self.unmark("{ user(id: 1) { name @| } }")
        let items = GraphQLCompletion.candidates(in: text, at: offset, index: try index()).items
        #expect(items.map(\.label) == ["include", "skip"])
        #expect(items.map(\.detail) == ["(if: Boolean!)", "(if: Boolean!)"])
        #expect(try labels("{ user(id: 1) { name @sk| } }").labels == ["skip"])
        // The schema's own (first, in the schema's order), each where its locations allow it.
        #expect(directiveLabels("{ user @| }") == ["cached", "include", "skip"])
        #expect(directiveLabels("query Q @| { user }") == ["cached"])
        #expect(directiveLabels("mutation M @| { ping }") == ["trace"])
        #expect(directiveLabels("{ user { ... @| { name } } }") == ["trace", "include", "skip"])
        #expect(directiveLabels("{ user { ... on User @| { name } } }") == ["trace", "include", "skip"])
        #expect(directiveLabels("{ user { ...F @| } }") == ["trace", "include", "skip"])
        #expect(directiveLabels("query ($a: Int @|) { user }") == [])
    }

    @Test func aDirectivesArgumentsAndTheirValues() throws {
        #expect(directiveLabels("{ user @cached(|) }") == ["ttl", "scope"])
        #expect(directiveLabels("{ user @cached(ttl: 5, |) }") == ["scope"])
        #expect(directiveLabels("{ user @cached(scope: |) }") == ["PUBLIC", "PRIVATE"])
        #expect(try labels("{ user(id: 1) { name @include(if: |) } }").labels == ["true", "false"])
        let (text, offset) = Self.unmark("{ user @cach|ed { name } }")
        let docs = GraphQLDocs.at(offset, in: text, index: try #require(Self.directiveSchema).index)
        #expect(
            docs
                == GraphQLDocs(
                    signature: "@cached(ttl: Int = 60, scope: Scope)",
                    description: "Served from the cache for ttl seconds"))
    }
}

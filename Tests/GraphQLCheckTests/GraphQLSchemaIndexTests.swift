import GraphQLCheck
import Testing

/// Loading reads the index (completion, docs, the schema browser) from the SDL itself and builds
/// GraphQLSwift's schema beside it for the checks; the two readings must say the same thing.
@Suite struct GraphQLSchemaIndexTests {
    /// Extensions of every kind, a field and an enum value defined twice, deprecations with and
    /// without a reason, defaults, declared directives (one redefining `@deprecated`), an
    /// interface implementing another, unions, and root types named by a schema definition.
    static let edgeSDL = """
        "The root"
        schema { query: Root mutation: Change }
        directive @cached(ttl: Int = 60, scopes: [String!] = ["a"]) repeatable on FIELD_DEFINITION | OBJECT
        directive @deprecated(reason: String = "gone") on FIELD_DEFINITION | ENUM_VALUE
        interface Node { id: ID! }
        interface Named implements Node { id: ID! name: String }
        \"\"\"
        A person.
        Second line.
        \"\"\"
        type Person implements Node & Named @cached { id: ID! name: String old: Int @deprecated name: String! }
        type Robot implements Node { id: ID! model: Float @deprecated(reason: "use make") }
        extend type Robot implements Named { name: String make: Kind }
        union Thing = Person | Robot
        extend union Thing = Person
        enum Kind { A B @deprecated C B }
        extend enum Kind { D }
        input Filter { kind: Kind = A, limit: Int = 10, tags: [String!]! = [] }
        extend input Filter { after: ID }
        scalar Time
        extend scalar Time @cached
        type Root { node(id: ID!): Node things(filter: Filter, at: Time): [Thing!]! }
        type Change { touch(ids: [ID!]!): [Node] }
        type Query { unused: Boolean }
        """

    private func expectSame(_ sdl: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let loaded = try GraphQLSchemaDocument(text: sdl)
        let fromSDL = loaded.index
        let fromBuilt = try loaded.indexOfBuiltSchema()
        #expect(fromSDL.typeNames == fromBuilt.typeNames, sourceLocation: sourceLocation)
        for name in fromBuilt.typeNames {
            var read = fromSDL.types[name]
            var built = fromBuilt.types[name]
            // An interface's possible types: the SDL's order, the built schema's type map's order.
            read?.possibleTypes.sort()
            built?.possibleTypes.sort()
            #expect(read == built, "\(name)", sourceLocation: sourceLocation)
        }
        #expect(fromSDL.directives == fromBuilt.directives, sourceLocation: sourceLocation)
        #expect(fromSDL.queryType == fromBuilt.queryType, sourceLocation: sourceLocation)
        #expect(fromSDL.mutationType == fromBuilt.mutationType, sourceLocation: sourceLocation)
        #expect(fromSDL.subscriptionType == fromBuilt.subscriptionType, sourceLocation: sourceLocation)
    }

    @Test func theTestServersSchemaReadsAlikeBothWays() throws {
        try expectSame(try GraphQLDocumentCheckTests.text("Sources/LoopbackTesting/graphql_test_schema.graphql"))
    }

    @Test func extensionsDuplicatesDeprecationsAndRootsReadAlikeBothWays() throws {
        try expectSame(Self.edgeSDL)
        let index = try GraphQLSchemaDocument(text: Self.edgeSDL).index
        // Spot checks of what the comparison covers, so a reading both sides got wrong still fails.
        #expect(index.queryType == "Root")
        #expect(index.mutationType == "Change")
        #expect(index.types["Person"]?.fields.map(\.name) == ["id", "name", "old"])
        #expect(index.types["Person"]?.field("name")?.type == "String!")
        #expect(index.types["Robot"]?.field("model")?.deprecation == "use make")
        #expect(index.types["Kind"]?.enumValues.map(\.name) == ["A", "B", "C", "D"])
        #expect(index.types["Filter"]?.inputFields.map(\.defaultValue) == ["A", "10", "[]", nil])
        #expect(index.types["Named"]?.possibleTypes.sorted() == ["Person", "Robot"])
        #expect(index.types["Thing"]?.possibleTypes == ["Person", "Robot"])
        #expect(index.types["Person"]?.description == "A person.\nSecond line.")
        #expect(index.directives.map(\.name) == ["cached", "deprecated", "include", "skip", "specifiedBy", "oneOf"])
        #expect(index.types["Float"] != nil && index.types["Boolean"] != nil)
    }

    @Test func conventionalRootsAndOnlyTheBuiltInScalarsUsed() throws {
        let sdl = "type Query { a: Int } type Mutation { b(id: ID): String } type Subscription { c: Int }"
        try expectSame(sdl)
        let index = try GraphQLSchemaDocument(text: sdl).index
        #expect(
            index.queryType == "Query" && index.mutationType == "Mutation" && index.subscriptionType == "Subscription")
        #expect(index.types["Float"] == nil)
        #expect(index.typeNames == ["Boolean", "ID", "Int", "Mutation", "Query", "String", "Subscription"])
    }

    @Test func aTypeNamedButNeverDefinedIsRefusedAtItsPlace() {
        #expect(throws: GraphQLSchemaError.self) {
            try GraphQLSchemaDocument(text: "type Query { a: Int }\nunion U = Query | Gone")
        }
        do {
            _ = try GraphQLSchemaDocument(text: "type Query {\n  a: Int\n  b(x: Missing): [Other!]\n}")
            Issue.record("an unknown type loaded")
        } catch {
            #expect(error.description == "3:8: Unknown type \"Missing\".")
        }
    }
}

import GraphQLCheck
import Testing

/// `GraphQLValidator` checks documents in one walk against the schema's index; GraphQLSwift's
/// `validate` (the library's rules) is the oracle: for every document here both find the same
/// problems, word for word, at the same lines and columns. The documents break each rule of the
/// specification's validation section in the ways its examples do, and keep to it.
@Suite struct GraphQLValidatorTests {
    /// Interfaces implementing interfaces, unions, nested input objects, a `@oneOf` input, enums,
    /// lists, required and defaulted arguments, directives (repeatable and not), custom scalars.
    static let sdl = """
        scalar Time
        directive @tag(name: String!) repeatable on FIELD | QUERY
        directive @once(level: Int = 1) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
        interface Node { id: ID! }
        interface Pet implements Node { id: ID! name: String! nickname: String }
        enum DogCommand { SIT DOWN HEEL }
        enum Size { SMALL LARGE }
        type Dog implements Pet & Node {
          id: ID! name: String! nickname: String barkVolume: Int
          doesKnowCommand(dogCommand: DogCommand!): Boolean!
          isHouseTrained(atOtherHomes: Boolean): Boolean!
          owner: Human sizes(in: [Size!]): [Size]
        }
        type Cat implements Pet & Node { id: ID! name: String! nickname: String meowVolume: Int lives: Int! }
        type Human implements Node { id: ID! name: String! pets: [Pet!]! born: Time }
        union CatOrDog = Cat | Dog
        union DogOrHuman = Dog | Human
        input Point { x: Float! y: Float! label: String = "p" }
        input Area { corners: [Point!]! name: String filter: Filter }
        input Filter @oneOf { byName: String byId: ID }
        type Query {
          dog: Dog pet: Pet catOrDog: CatOrDog dogOrHuman: DogOrHuman human(id: ID!): Human
          node(id: ID!): Node
          area(area: Area, points: [Point], limit: Int = 10, exact: Int!, ratio: Float, flag: Boolean): Int
          find(filter: Filter): Node
          search(text: String!, size: Size = SMALL, tags: [String!]!): [CatOrDog!]!
        }
        type Mutation { rename(id: ID!, name: String!): Pet }
        """

    static let schema: GraphQLSchemaDocument? = try? GraphQLSchemaDocument(text: sdl)

    /// Each document as both see it: the problems as `line:column: message`, in order.
    private func expectAgreement(_ query: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let schema = try #require(Self.schema)
        let ours = GraphQLDocumentCheck.problems(in: query, schema: schema, operationName: "-")
            .filter { !$0.message.hasPrefix("no operation named") }.map(\.description).sorted()
        let library = try #require(try GraphQLDocumentCheck.problemsFoundByGraphQLSwift(in: query, schema: schema))
            .map(\.description).sorted()
        #expect(ours == library, "\(query)", sourceLocation: sourceLocation)
    }

    static let valid = [
        "{ dog { name nickname barkVolume doesKnowCommand(dogCommand: SIT) owner { name pets { name } } } }",
        "query Q($c: DogCommand!) { dog { doesKnowCommand(dogCommand: $c) } }",
        "query Q($c: DogCommand = HEEL) { dog { doesKnowCommand(dogCommand: $c) } }",
        "{ pet { name ... on Dog { barkVolume } ... on Cat { meowVolume } __typename } }",
        "{ catOrDog { ... on Pet { name } ... on Dog { owner { id } } } }",
        "{ dog { ...F } } fragment F on Pet { name ... on Cat { lives } }",
        "{ area(exact: 1, area: {corners: [{x: 1, y: 2.5}], name: \"a\", filter: {byId: 4}}, points: {x: 1, y: 2}) }",
        "query Q($p: [Point], $n: Int = 3) { area(exact: $n, points: $p) }",
        "query Q($flag: Boolean = true) { dog @include(if: $flag) { name @tag(name: \"a\") @tag(name: \"b\") } }",
        "{ search(text: \"x\", tags: \"one\") { ... on Dog { sizes(in: SMALL) } } }",
        "{ __schema { types { name fields(includeDeprecated: true) { name } } } __type(name: \"Dog\") { kind } }",
        "fragment Full on __Type { name kind ofType { name } }\n{ __type(name: \"Dog\") { ...Full } }",
        "mutation M($id: ID!) { rename(id: $id, name: \"Rex\") { name } }",
        "{ human(id: 1) { born pets { ... on Dog { name } } } }",
        "{ area(exact: 1, ratio: 2, flag: false) }",
        // A nullable variable with a default where a non-null value goes; a narrower type where a wider one does.
        "query Q($x: Int = 3) { area(exact: $x) }",
        "query Q($x: [Point!]!) { area(exact: 1, points: $x) }",
        "query Q($x: Point) { area(exact: 1, points: [$x]) }",
    ]

    static let invalid = [
        // Fields on the type in scope, and suggestions.
        "{ dog { nam } }",
        "{ dog { meowVolume } }",
        "{ pet { barkVolume } }",
        "{ catOrDog { name } }",
        "{ dogOrHuman { name } }",
        "{ catOrDog { nickname } }",
        "{ dog { kawaii: nam } }",
        // Leaves and objects.
        "{ dog { name { first } } }",
        "{ dog { owner } }",
        "{ human(id: 1) { pets } }",
        "{ dog { sizes { x } } }",
        // Arguments: known, unique, required, typed.
        "{ dog { doesKnowCommand(command: SIT) } }",
        "{ dog { doesKnowCommand(dogCommand: SIT, dogCommand: DOWN) } }",
        "{ dog { doesKnowCommand } }",
        "{ dog { doesKnowCommand(dogCommand: SITT) } }",
        "{ dog { doesKnowCommand(dogCommand: \"SIT\") } }",
        "{ dog { doesKnowCommand(dogCommand: null) } }",
        "{ dog { isHouseTrained(atOtherHomes: 1) } }",
        "{ area(exact: \"1\") }",
        "{ area(exact: 1.5) }",
        "{ area(exact: 1, ratio: \"x\") }",
        "{ area(exact: 1, flag: \"yes\") }",
        "{ human(id: 1.5) { name } }",
        "{ human(id: true) { name } }",
        "{ area(exact: 1, area: {corners: [{x: 1}]}) }",
        "{ area(exact: 1, area: {corners: [{x: 1, y: 2, z: 3}]}) }",
        "{ area(exact: 1, area: {corners: [], corners: []}) }",
        "{ area(exact: 1, area: {corners: 5}) }",
        "{ area(exact: 1, area: 5) }",
        "{ area(exact: 1, points: [{x: 1, y: \"2\"}, null]) }",
        "{ area(exact: 1, area: {corners: [null]}) }",
        "{ search(text: \"x\", size: BIG, tags: []) { __typename } }",
        "{ search(text: \"x\", tags: [1]) { __typename } }",
        "{ dog { sizes(in: [SMALL, TINY]) } }",
        "{ find(filter: {byName: \"a\", byId: 1}) { id } }",
        "{ find(filter: {}) { id } }",
        "{ find(filter: {byName: null}) { id } }",
        "query Q($name: String) { find(filter: {byName: $name}) { id } }",
        // Fragments.
        "{ dog { ...Missing } }",
        "{ dog { name } }\nfragment Unused on Dog { name }",
        "{ dog { ...F } }\nfragment F on Dog { name }\nfragment F on Dog { barkVolume }",
        "{ dog { ...F } }\nfragment F on Dog { ...G }\nfragment G on Dog { ...F }",
        "{ dog { ...F } }\nfragment F on Dog { ...F }",
        "{ dog { ...F } }\nfragment F on Dog { owner { ...G } }\nfragment G on Human { pets { ...on Dog { ...F } } }",
        "{ dog { ... on Cat { lives } } }",
        "{ dog { ...C } }\nfragment C on Cat { lives }",
        "{ catOrDog { ... on Human { name } } }",
        "{ dog { ... on Size { x } } }",
        "{ dog { ...S } }\nfragment S on Size { x }",
        "{ dog { ... on Dgo { name } } }",
        "{ dog { ...F } }\nfragment F on Bird { name }",
        // Operations.
        "query A { dog { name } }\nquery A { pet { name } }",
        "{ dog { name } }\nquery B { pet { name } }",
        "type Dog { name: String }\n{ dog { name } }",
        "extend type Dog { x: Int }\n{ dog { name } }",
        // Variables.
        "query Q($a: Int, $a: Int) { area(exact: $a) }",
        "query Q { area(exact: $x) }",
        "{ area(exact: $x) }",
        "query Q($x: Int) { dog { name } }",
        "query ($x: Int) { dog { name } }",
        "query Q($x: Int) { area(exact: $x) }",
        "query Q($x: Int = null) { area(exact: $x) }",
        "query Q($x: String!) { area(exact: $x) }",
        "query Q($x: [Float]) { area(exact: 1, area: {corners: [{x: 1, y: 2}], name: $x}) }",
        "query Q($x: Dog) { dog { name } }",
        "query Q($x: Dgo) { dog { name } }",
        "query Q($x: Int = \"no\") { area(exact: 1, limit: $x) }",
        "query Q($x: Int) { ...F }\nfragment F on Query { area(exact: $x) human(id: $y) { name } }",
        "query A($x: Int!) { ...F }\nquery B { ...F }\nfragment F on Query { area(exact: $x) }",
        // Directives.
        "{ dog @unknown { name } }",
        "{ dog { ...F @include } }\nfragment F on Dog { name }",
        "query Q @include(if: true) { dog { name } }",
        "{ dog @once @once { name } }",
        "{ dog @include(if: \"x\") { name } }",
        "{ dog @once(level: \"high\") { name } }",
        "{ dog { name @skip(if: true) @skip(if: false) } }",
    ]

    @Test(arguments: valid) func aValidDocumentHasNoProblemsForEither(_ query: String) throws {
        let schema = try #require(Self.schema)
        #expect(GraphQLDocumentCheck.problems(in: query, schema: schema).isEmpty, "\(query)")
        try expectAgreement(query)
    }

    @Test(arguments: invalid) func anInvalidDocumentHasTheLibrarysProblems(_ query: String) throws {
        let schema = try #require(Self.schema)
        #expect(!GraphQLDocumentCheck.problems(in: query, schema: schema).isEmpty, "\(query)")
        try expectAgreement(query)
    }

    // Where GraphQLSwift slips, the checks do what the specification (and graphql-js) says.

    private func problems(_ query: String) throws -> [String] {
        let schema = try #require(Self.schema)
        return GraphQLDocumentCheck.problems(in: query, schema: schema).map(\.description)
    }

    @Test func anOperationTheSchemaHasNoRootForIsAProblem() throws {
        let schema = try #require(GraphQLDocumentCheckTests.schema)
        let noMutation = try GraphQLSchemaDocument(text: "type Query { a: Int }")
        #expect(
            GraphQLDocumentCheck.problems(in: "mutation { a }", schema: noMutation).map(\.description)
                == ["1:1: The mutation operation is not supported by the schema."])
        #expect(
            GraphQLDocumentCheck.problems(
                in: "mutation M($p: NewPost!) { createPost(input: $p) { id } }", schema: schema
            ).isEmpty)
    }

    @Test func anUnknownArgumentOfADirectiveIsNamedAsTheDirectives() throws {
        #expect(
            try problems("{ dog @once(levle: 2) { name } }")
                == ["1:13: Unknown argument \"levle\" on directive \"@once\". Did you mean \"level\"?"])
        #expect(
            try problems("query Q @tag(name: \"a\", nme: \"b\") { dog { name } }")
                == ["1:25: Unknown argument \"nme\" on directive \"@tag\". Did you mean \"name\"?"])
    }

    @Test func theInterfacesToUseAFragmentOnComeMostUsedFirst() throws {
        // Node is implemented by both Dog and Human, Pet by Dog only.
        #expect(
            try problems("{ dogOrHuman { id } }") == [
                "1:16: Cannot query field \"id\" on type \"DogOrHuman\". Did you mean to use an inline fragment on "
                    + "\"Node\", \"Pet\", \"Dog\", or \"Human\"?"
            ])
    }

    @Test func aSchemaDefinitionInADocumentIsNotExecutable() throws {
        // GraphQLSwift's validate crashes on this one.
        #expect(
            try problems("schema { query: Query }\n{ dog { name } }")
                == ["1:1: The schema definition is not executable."])
    }

    @Test func anIntLiteralBeyond32BitsIsAProblem() throws {
        #expect(try problems("{ area(exact: 2147483647) }").isEmpty)
        #expect(
            try problems("{ area(exact: 99999999999) }")
                == ["1:15: Int cannot represent non 32-bit signed integer value: 99999999999"])
    }

    @Test func aListWhereOneValueGoesDoesNotStopTheOtherValuesChecks() throws {
        #expect(
            try problems("{ area(exact: [1]) dog { doesKnowCommand(dogCommand: SITT) } }") == [
                "1:15: Int cannot represent non-integer value: [1]",
                "1:54: Value \"SITT\" does not exist in \"DogCommand\" enum. Did you mean the enum value \"SIT\"?",
            ])
    }
}

/// Every name in the valid documents one keystroke short (`nam` for `name`, `SI` for `SIT`), as a
/// document is while typed: both validators find the same problems in each variant that parses.
/// Names in a directive and its arguments are left whole: GraphQLSwift reports a directive's
/// unknown argument as the field's (`anUnknownArgumentOfADirectiveIsNamedAsTheDirectives`).
@Suite struct GraphQLValidatorTypingTests {
    static let variants: [String] = GraphQLValidatorTests.valid.flatMap { query -> [String] in
        var variants: [String] = []
        var start: String.Index?
        for index in query.indices + [query.endIndex] {
            let isName = index != query.endIndex && (query[index].isLetter || query[index] == "_")
            if isName, start == nil { start = index }
            if !isName, let first = start {
                let before = query[..<first]
                let inDirective =
                    (before.lastIndex(of: "@") ?? before.startIndex) > (before.lastIndex(of: ")") ?? before.startIndex)
                if query.distance(from: first, to: index) > 1, !inDirective {
                    variants.append(String(query[..<query.index(before: index)] + query[index...]))
                }
                start = nil
            }
        }
        return variants
    }

    @Test func aNameOneKeystrokeShortGivesTheLibrarysProblems() throws {
        let schema = try #require(GraphQLValidatorTests.schema)
        var compared = 0
        for query in Self.variants {
            guard let library = try GraphQLDocumentCheck.problemsFoundByGraphQLSwift(in: query, schema: schema) else {
                continue
            }
            compared += 1
            let ours = GraphQLDocumentCheck.problems(in: query, schema: schema).map(\.description)
                .filter { !$0.hasSuffix("name the one to run") }
            #expect(ours.sorted() == library.map(\.description).sorted(), "\(query)")
        }
        #expect(compared > 100)
    }
}

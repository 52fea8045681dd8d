import GraphQLCheck
import Testing

/// A request's variables checked against its operation's variable definitions (issue 28), with
/// the test server's schema: each problem at the definition of the variable it is about.
@Suite struct GraphQLVariablesCheckTests {
    private static let create = """
        mutation Create($input: NewPost!, $role: Role, $first: Int = 10) {
          createPost(input: $input) { id }
          users(role: $role) { name }
        }
        """

    private func problems(_ variables: String?, _ query: String = create, schema: Bool = true) throws -> [String] {
        let loaded = try #require(GraphQLDocumentCheckTests.schema)
        return GraphQLVariablesCheck.problems(variables: variables, query: query, schema: schema ? loaded : nil)
            .map(\.description)
    }

    @Test func rightVariablesHaveNoProblems() throws {
        let variables = #"{"input": {"title": "Notes", "authorId": 1, "tags": ["a"]}, "role": "ADMIN"}"#
        #expect(try problems(variables) == [])
    }

    @Test func aRequiredVariableMissingOrNullIsPlacedAtItsDefinition() throws {
        #expect(try problems(nil) == [#"1:17: Variable "$input" of required type "NewPost!" was not provided."#])
        #expect(
            try problems(#"{"input": null}"#) == [
                #"1:17: Variable "$input" of non-null type "NewPost!" must not be null."#
            ])
    }

    @Test func wrongTypesInsideInputObjectsEnumsAndLists() throws {
        let variables = #"{"input": {"title": 3, "tags": ["a", null], "extra": 1}, "role": "OWNER", "first": 1.5}"#
        #expect(
            try problems(variables) == [
                #"1:17: Variable "$input" got an invalid value: $input.title: expected String, found 3"#,
                #"1:17: Variable "$input" got an invalid value: $input.authorId: the required field of type ID! was not provided"#,
                #"1:17: Variable "$input" got an invalid value: $input.tags[1]: expected a non-null String, found null"#,
                #"1:17: Variable "$input" got an invalid value: $input: NewPost has no field "extra""#,
                #"1:35: Variable "$role" got an invalid value: $role: expected a value of Role (ADMIN, MEMBER, GUEST), found "OWNER""#,
                #"1:48: Variable "$first" got an invalid value: $first: expected Int, found 1.5"#,
            ])
    }

    @Test func aVariableTheOperationDoesNotDefineAndVariablesThatAreNoObject() throws {
        let query = "query User($id: ID!) { user(id: $id) { name } }"
        #expect(
            try problems(#"{"id": "1", "idd": "2"}"#, query)
                == [#"1:1: "idd" is not a variable of the operation (it defines $id)"#])
        #expect(try problems("[1]", query) == ["1:1: the variables are not a JSON object"])
    }

    @Test func withoutASchemaBuiltInScalarsAreStillChecked() throws {
        let query = "query Q($n: Int!, $input: NewPost) { now }"
        #expect(
            try problems(#"{"n": "3", "input": {"anything": true}}"#, query, schema: false) == [
                #"1:9: Variable "$n" got an invalid value: $n: expected Int, found "3""#
            ])
    }
}

import Explorer
import ExplorerTesting
import Foundation
import GraphQLCheck
import TUI
import Testing
import Workspace

/// The variables of a GraphQL body, edited under its query (issue 28): `Alt+V` moves between the
/// two fields, the JSON is checked as typed (the position of a syntax error), then against the
/// operation's variable definitions, and the variables go into the draft like the query.
/// Screens at 120×40 and 80×24: `Snapshots/graphql-variables-*` (`RECORD_SNAPSHOTS=1`).
@MainActor
struct GraphQLVariablesEditorTests {
    static let key = RequestKey(collectionID: GraphQLEditorTests.id, requestID: "user")

    /// The editor tests' collection, its query taking `$id` and the variables `{"id": "1"}`.
    static func files() throws -> [FixtureFile] {
        try GraphQLEditorTests.files().map { file in
            guard file.path == "graphql.json" else { return file }
            let text = String(decoding: file.bytes, as: UTF8.self)
            let saved = #""query": "query User {\n  user(id: \"1\") {\n    name\n  }\n}\n" }"#
            let body =
                #""query": "query User($id: ID!) {\n  user(id: $id) {\n    name\n  }\n}\n", "variables": { "id": "1" } }"#
            #expect(text.contains(saved))
            return .text("graphql.json", text.replacingOccurrences(of: saved, with: body))
        }
    }

    private func fixture() throws -> ReducerFixture {
        try ReducerFixture(Self.files(), startup: StartupRequest(request: "User"))
    }

    private func draftBody(_ fixture: ReducerFixture) -> GraphQLBody? {
        guard case .graphql(let body)? = fixture.driver.state.drafts[Self.key]?.body.content else { return nil }
        return body
    }

    @Test func altVMovesBetweenTheQueryAndItsVariablesAndTheDraftKeepsWhatIsTyped() throws {
        var fixture = try fixture()
        #expect(fixture.driver.state.editor.variables.text == "{\n  \"id\": \"1\"\n}")
        fixture.driver.press("alt+v")
        #expect(fixture.driver.state.editor.tab == .body)
        #expect(fixture.driver.state.editor.focus == .editing)
        #expect(fixture.driver.state.editor.onVariables)
        fixture.driver.press("ctrl+a")
        fixture.driver.type(#"{"id": "42"}"#)
        #expect(draftBody(fixture)?.variables == .object([.init("id", .string("42"))]))
        #expect(draftBody(fixture)?.query.hasPrefix("query User($id: ID!)") == true)
        #expect(fixture.driver.state.editor.variablesProblem == nil)
        // Again: back to the query, where typing goes.
        fixture.driver.press("alt+v")
        #expect(!fixture.driver.state.editor.onVariables)
        fixture.driver.press("ctrl+end")
        fixture.driver.type("#")
        #expect(draftBody(fixture)?.query.hasSuffix("}\n#") == true)
        #expect(draftBody(fixture)?.variables == .object([.init("id", .string("42"))]))
    }

    /// `Alt+N`: the operation's variables added with placeholders by type (from the schema), the
    /// value typed kept; the variables take the keyboard; nothing written over variables that are
    /// not a JSON object.
    @Test func altNAddsTheOperationsVariablesKeepingWhatIsTyped() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+3", "enter", "ctrl+a")
        fixture.driver.type(
            "query User($id: ID!, $role: Role!, $first: Int, $post: NewPost!) { users(role: $role) { name } }")
        fixture.driver.press("escape", "alt+n")
        #expect(fixture.driver.state.editor.onVariables)
        #expect(fixture.driver.state.editor.focus == .editing)
        #expect(fixture.driver.state.editor.variables.cursor == TextPosition(line: 0, column: 0))
        #expect(
            fixture.driver.state.editor.variables.text == """
                {
                  "id": "1",
                  "role": "ADMIN",
                  "first": null,
                  "post": {
                    "title": "",
                    "authorId": "",
                    "tags": []
                  }
                }
                """)
        #expect(
            draftBody(fixture)?.variables
                == .object([
                    .init("id", .string("1")), .init("role", .string("ADMIN")), .init("first", .null),
                    .init(
                        "post",
                        .object([
                            .init("title", .string("")), .init("authorId", .string("")), .init("tags", .array([])),
                        ])),
                ]))
        // Ctrl+Z takes the skeleton back as one edit, and Ctrl+Y brings it again.
        fixture.driver.press("ctrl+z")
        #expect(fixture.driver.state.editor.variables.text == "{\n  \"id\": \"1\"\n}")
        fixture.driver.press("ctrl+y")
        #expect(fixture.driver.state.editor.variables.text.contains("\"role\": \"ADMIN\""))
        // Again: nothing is missing.
        fixture.driver.press("alt+n")
        #expect(fixture.driver.render().contains("The variables have every variable of the operation"))
        fixture.driver.press("ctrl+a")
        fixture.driver.type(#"{"id": {{userId}}}"#)
        fixture.driver.press("alt+n")
        #expect(fixture.driver.state.editor.variables.text == #"{"id": {{userId}}}"#)
        #expect(fixture.driver.render().contains("No variables skeleton: the variables are not a JSON object"))
    }

    @Test func aSyntaxErrorIsShownWithItsPositionAndTheTextIsKeptAsTyped() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+v", "ctrl+a")
        fixture.driver.type(#"{"id": }"#)
        let problem = try #require(fixture.driver.state.editor.variablesProblem)
        #expect(problem.contains("line 1, column 8"))
        #expect(draftBody(fixture)?.variablesText == #"{"id": }"#)
        #expect(draftBody(fixture)?.variables == nil)
        #expect(fixture.driver.render().contains("Variables  ✖ " + problem))
        // The check against the operation waits for JSON: no second problem about the same text.
        fixture.driver.landGraphQLCheck()
        #expect(fixture.driver.state.editor.graphql?.problems == [])
        fixture.driver.press("ctrl+a")
        fixture.driver.type("[1]")
        #expect(fixture.driver.state.editor.variablesProblem?.contains("must be a JSON object") == true)
    }

    @Test func theVariablesAreCheckedAgainstTheOperationsDefinitions() throws {
        var fixture = try fixture()
        fixture.driver.landGraphQLCheck()
        #expect(fixture.driver.state.editor.graphql?.problems == [])
        fixture.driver.press("alt+v", "ctrl+a")
        fixture.driver.type(#"{"id": true}"#)
        fixture.driver.landGraphQLCheck()
        let problems = fixture.driver.state.editor.graphql?.problems.map(\.description)
        #expect(problems == [#"1:12: Variable "$id" got an invalid value: $id: expected ID, found true"#])
        fixture.driver.press("ctrl+a")
        fixture.driver.type("{}")
        fixture.driver.landGraphQLCheck()
        let missing = fixture.driver.state.editor.graphql?.problems.map(\.description)
        #expect(missing == [#"1:12: Variable "$id" of required type "ID!" was not provided."#])
    }

    @Test func undoTakesBackTheVariablesTypedAsOneStep() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+v", "ctrl+end")
        fixture.driver.press("backspace")
        fixture.driver.type(#", "x": 2}"#)
        #expect(draftBody(fixture)?.variables == .object([.init("id", .string("1")), .init("x", .number("2"))]))
        fixture.driver.press("esc", "z")
        #expect(fixture.driver.state.drafts[Self.key] == nil)
        #expect(fixture.driver.state.editor.variables.text == "{\n  \"id\": \"1\"\n}")
    }

    /// A click on the Variables line gives them the keyboard; a click on the query takes it back.
    @Test func aClickChoosesTheField() throws {
        let harness = try ExplorerHarness(collections: try Self.files(), startup: StartupRequest(request: "User"))
        harness.press("alt+3")
        harness.click(on: "Variables")
        #expect(harness.state.editor.onVariables)
        #expect(harness.state.editor.focus == .editing)
        harness.click(on: "query User")
        #expect(!harness.state.editor.onVariables)
        #expect(harness.state.editor.focus == .editing)
    }

    @Test(arguments: ScreenVariant.all) func theVariablesBeingTyped(_ variant: ScreenVariant) throws {
        let harness = try ExplorerHarness(
            collections: try Self.files(), size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "User"))
        harness.press("alt+v", "ctrl+end", "left")
        harness.type(#", "x": "#)
        harness.advance(by: GraphQLCheckJob.typingDelay)
        harness.assertScreen(named: "graphql-variables-\(variant)")
    }
}

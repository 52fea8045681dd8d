import Explorer
import ExplorerTesting
import Foundation
import GraphQLCheck
import TUI
import Testing
import Workspace

/// The Body tab of a GraphQL request (issue 28): the query checked against the collection's schema
/// file as it is typed, problems listed under the editor with line and column, `Alt+G` to the next
/// one; and the screens at 120×40 and 80×24 (`Snapshots/graphql-*`, re-record with
/// `RECORD_SNAPSHOTS=1`).
@MainActor
struct GraphQLEditorTests {
    static let id = "graphql-0000-4000-8000-000000000028"

    /// `GraphQL`: one request, `User`, against the test server's schema (schema.graphql beside it).
    static func files(schema: String? = nil) throws -> [FixtureFile] {
        let sdl = try String(
            contentsOfFile: Shipped.repositoryRoot + "/Sources/LoopbackTesting/graphql_test_schema.graphql",
            encoding: .utf8)
        return [
            .text(
                "graphql.json",
                """
                {
                  "formatVersion": 1,
                  "id": "\(id)",
                  "name": "GraphQL",
                  "defaultEnvironment": "dev",
                  "graphqlSchema": { "file": "\(schema ?? "schema.graphql")" },
                  "requests": [
                    { "id": "user", "name": "User", "method": "POST", "url": "/graphql",
                      "body": { "type": "graphql", "query": "query User {\\n  user(id: \\"1\\") {\\n    name\\n  }\\n}\\n" } }
                  ],
                  "environments": [
                    { "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [
                      { "method": "POST", "path": "/graphql", "response": { "status": 200, "json": {
                        "errors": [ { "message": "secret is not readable", "locations": [ { "line": 3, "column": 5 } ],
                                      "path": [ "user", "secret" ] } ],
                        "data": { "user": { "name": "Ada", "secret": null } } } } }
                    ] }
                  ]
                }
                """),
            .text("schema.graphql", sdl),
        ]
    }

    private func fixture(schema: String? = nil) throws -> ReducerFixture {
        try ReducerFixture(Self.files(schema: schema), startup: StartupRequest(request: "User"))
    }

    @Test func theQueryIsCheckedAgainstTheSchemaAsItIsTyped() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+3")
        #expect(fixture.driver.render().contains("graphql  … checking"))
        fixture.driver.landGraphQLCheck()
        #expect(fixture.driver.state.editor.graphql?.problems == [])
        #expect(fixture.driver.render().contains("graphql  ✓ matches the schema"))
        fixture.driver.press("enter")
        fixture.driver.press("ctrl+home")
        fixture.driver.press("down", "down", "end")
        fixture.driver.type("x")
        fixture.driver.landGraphQLCheck()
        let problems = fixture.driver.state.editor.graphql?.problems.map(\.description)
        #expect(problems == ["3:5: Cannot query field \"namex\" on type \"User\". Did you mean \"name\"?"])
        let screen = fixture.driver.render()
        #expect(screen.contains("graphql  ✖ 1 problem"))
        #expect(screen.contains("✖ 3:5 Cannot query field \"namex\" on type \"User\". Did you mean \"name\"?"))
        // The draft holds the query as typed.
        guard
            case .graphql(let body)? = fixture.driver.state.drafts[
                RequestKey(collectionID: Self.id, requestID: "user")]?
                .body.content
        else {
            Issue.record("the draft keeps a graphql body")
            return
        }
        #expect(body.query.contains("namex"))
        fixture.driver.press("backspace")
        fixture.driver.landGraphQLCheck()
        #expect(fixture.driver.state.editor.graphql?.problems == [])
    }

    @Test func typingAsksForAChecksAfterAPauseAndMovingTheCursorAsksNothing() throws {
        var fixture = try fixture()
        // The request shown first is checked at once.
        let first = try #require(fixture.driver.state.editor.graphqlAsked)
        #expect(first.delay == .zero)
        fixture.driver.press("alt+3", "enter", "ctrl+home", "down", "down", "end")
        // Moving the cursor changes nothing checked: no new ask.
        #expect(fixture.driver.state.editor.graphqlAsked == first)
        let typed = fixture.driver.type("xy").graphqlChecks
        #expect(typed.map(\.generation) == [first.generation + 1, first.generation + 2])
        #expect(typed.allSatisfy { $0.delay == GraphQLCheckJob.typingDelay })
        #expect(typed.last?.input.text.contains("namexy") == true)
        #expect(fixture.driver.press("left", "right").graphqlChecks.isEmpty)
    }

    @Test func aLateResultOfAnEarlierAskIsDropped() throws {
        var fixture = try fixture()
        fixture.driver.landGraphQLCheck()
        fixture.driver.press("alt+3", "enter", "ctrl+home", "down", "down", "end")
        let older = try #require(fixture.driver.type("x").graphqlChecks.last)
        let newer = try #require(fixture.driver.press("backspace").graphqlChecks.last)
        // The newer one (the query as it was: valid) lands first, then the older one's problems.
        fixture.driver.reduce(.graphqlChecked(generation: newer.generation, newer.run()))
        fixture.driver.reduce(.graphqlChecked(generation: older.generation, older.run()))
        #expect(fixture.driver.state.editor.graphql?.problems == [])
        #expect(fixture.driver.state.editor.graphql?.checking == false)
    }

    @Test func aResultForABodyNoLongerGraphQLIsDropped() throws {
        var fixture = try fixture()
        let asked = try #require(fixture.driver.state.editor.graphqlAsked)
        // `b` turns the body into the next kind (none): the check goes away, its late result too.
        fixture.driver.press("alt+3", "b")
        #expect(fixture.driver.state.selectedRequest?.body.content == SavedBody.Content.none)
        #expect(fixture.driver.state.editor.graphql == nil)
        fixture.driver.reduce(.graphqlChecked(generation: asked.generation, asked.run()))
        #expect(fixture.driver.state.editor.graphql == nil)
    }

    @Test func altGMovesTheCursorToTheNextProblem() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+3", "enter", "ctrl+home", "down", "down", "end")
        fixture.driver.type("x")
        fixture.driver.press("enter")
        fixture.driver.type("bogus")
        fixture.driver.press("esc", "ctrl+home")
        fixture.driver.landGraphQLCheck()
        #expect(fixture.driver.state.editor.graphql?.problems.count == 2)
        fixture.driver.press("alt+g")
        #expect(fixture.driver.state.editor.body.cursor == TextPosition(line: 2, column: 4))
        #expect(fixture.driver.state.editor.focus == .editing)
        fixture.driver.press("esc", "alt+g")
        #expect(fixture.driver.state.editor.body.cursor == TextPosition(line: 3, column: 4))
        #expect(fixture.driver.state.editor.graphql?.current == 1)
    }

    @Test func withoutItsSchemaFileOnlyTheSyntaxIsCheckedAndTheTabSaysWhy() throws {
        var fixture = try fixture(schema: "missing.graphql")
        fixture.driver.press("alt+3")
        fixture.driver.landGraphQLCheck()
        let check = try #require(fixture.driver.state.editor.graphql)
        #expect(!check.hasSchema)
        #expect(check.schemaProblem?.hasPrefix("schema missing.graphql: ") == true)
        #expect(fixture.driver.render().contains("graphql  ✖ schema missing.graphql: "))
        fixture.driver.press("enter", "ctrl+end")
        fixture.driver.type("{")
        fixture.driver.landGraphQLCheck()
        #expect(fixture.driver.state.editor.graphql?.problems.first?.message.hasPrefix("Syntax error") == true)
    }

    @Test func bCyclesToAGraphQLBodyKeepingTheText() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-create"))
        fixture.driver.press("alt+3")
        for _ in 0..<5 { fixture.driver.press("b") }
        let request = try #require(fixture.driver.state.selectedRequest)
        guard case .graphql = request.body.content else {
            Issue.record("after file comes graphql, got \(request.body.content)")
            return
        }
        #expect(fixture.driver.state.editor.graphql != nil)
        fixture.driver.press("b")
        #expect(fixture.driver.state.selectedRequest?.body.content == SavedBody.Content.none)
    }

    @Test(arguments: ScreenVariant.all) func theEditorWithAProblem(_ variant: ScreenVariant) throws {
        let harness = try ExplorerHarness(
            collections: try Self.files(), size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "User"))
        harness.press("alt+3", "enter", "ctrl+home", "down", "down", "end")
        harness.type("x")
        harness.advance(by: GraphQLCheckJob.typingDelay)
        harness.assertScreen(named: "graphql-editor-problem-\(variant)")
    }

    /// The program checks off its loop: nothing while typing goes on, the text typed last once
    /// it pauses for the delay.
    @Test func theProgramChecksTheTextTypedLastOnceTypingPauses() throws {
        let harness = try ExplorerHarness(collections: try Self.files(), startup: StartupRequest(request: "User"))
        #expect(harness.state.editor.graphql?.problems == [])
        harness.press("alt+3", "enter", "ctrl+home", "down", "down", "end")
        harness.type("x")
        harness.advance(by: GraphQLCheckJob.typingDelay / 2)
        harness.type("y")
        harness.advance(by: GraphQLCheckJob.typingDelay / 2)
        // Still typing (the delay runs from the last key): the result before the typing stays.
        #expect(harness.state.editor.graphql?.problems == [])
        harness.advance(by: GraphQLCheckJob.typingDelay)
        let problems = harness.state.editor.graphql?.problems.map(\.description)
        #expect(problems == ["3:5: Cannot query field \"namexy\" on type \"User\". Did you mean \"name\"?"])
    }
}

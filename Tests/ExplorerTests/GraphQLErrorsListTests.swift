import Explorer
import ExplorerTesting
import Foundation
import JSONTree
import TUI
import Testing
import Workspace

/// A GraphQL answer's `errors` listed above the tree (issue 28): each with its message, path,
/// location in the query and extensions; `e` gives the list the keyboard, Enter goes to the node
/// an error's path names, `o` to its place in the query; partial success or no data said above
/// it. The whole program on a mock environment, and screen snapshots (`Snapshots/graphql-errors-*`).
@MainActor
struct GraphQLErrorsListTests {
    static let query = "query Users {\n  users {\n    name\n    secret\n  }\n  count\n}\n"
    /// The query as a JSON string literal, for the collection file.
    static let queryJSON = "\"" + query.replacingOccurrences(of: "\n", with: "\\n") + "\""

    /// `Users`, whose mock answer has data and three errors: one on a list item's field, one with
    /// extensions on a top-level field, one with neither path nor extensions.
    static func files(answer: String? = nil) -> [FixtureFile] {
        let partial = """
            { "data": { "users": [ { "name": "Ada", "secret": "s1" }, { "name": "Bob", "secret": null } ],
                        "count": null },
              "errors": [
                { "message": "secret is not readable", "locations": [ { "line": 4, "column": 5 } ],
                  "path": [ "users", 1, "secret" ] },
                { "message": "count is disabled", "locations": [ { "line": 6, "column": 3 } ], "path": [ "count" ],
                  "extensions": { "code": "DISABLED",
                                  "hint": "ask an admin" } },
                { "message": "the query is slow" }
              ] }
            """
        return [
            .text(
                "graphql.json",
                """
                {
                  "formatVersion": 1,
                  "id": "graphql-errors-0000-4000-8000-000000000028",
                  "name": "GraphQL",
                  "defaultEnvironment": "dev",
                  "requests": [
                    { "id": "users", "name": "Users", "method": "POST", "url": "/graphql",
                      "body": { "type": "graphql", "query": \(queryJSON) } }
                  ],
                  "environments": [
                    { "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [
                      { "method": "POST", "path": "/graphql", "response": { "status": 200, "json": \(answer ?? partial) } }
                    ] }
                  ]
                }
                """)
        ]
    }

    func harness(answer: String? = nil, size: Size = ExplorerHarness.standardSize, theme: Theme = .defaultDark)
        throws -> ExplorerHarness
    {
        let harness = try ExplorerHarness(
            collections: Self.files(answer: answer), size: size, theme: theme, startup: StartupRequest(request: "Users")
        )
        harness.press("F5")
        harness.press("g", "3")
        return harness
    }

    private func selectedPath(_ harness: ExplorerHarness) -> String? {
        guard let tree = harness.state.response.tree,
            let row = tree.rows(from: harness.state.response.selectedRow, count: 1).first
        else { return nil }
        return tree.document.jsonPath(row.node)
    }

    @Test func theErrorsAreListedAboveTheTreeWithPathLocationAndExtensions() throws {
        let harness = try harness()
        #expect(harness.shows(" 200 OK "))
        #expect(harness.shows("◐ GraphQL partial success: data and 3 errors  · e: the list · f: next error"))
        #expect(harness.shows("  1 secret is not readable  at users.1.secret  query 4:5"))
        #expect(harness.shows(#"  2 count is disabled  at count  query 6:3  {"code":"DISABLED","hint":"ask an admin""#))
        #expect(harness.shows("  3 the query is slow"))
        // The tree starts under the list.
        let list = try #require(harness.row(showing: "3 the query is slow"))
        let tree = try #require(harness.row(showing: "▾ { 2 keys"))
        #expect(tree > list)
    }

    @Test func enterOnAnErrorGoesToTheNodeItsPathNames() throws {
        let harness = try harness()
        harness.press("e")
        #expect(harness.state.response.graphqlErrorsFocused)
        #expect(harness.state.keyContexts.first == .graphqlErrors)
        #expect(harness.shows("▸ 1 secret is not readable"))
        harness.press("enter")
        #expect(selectedPath(harness) == "$['data']['users'][1]['secret']")
        // The tree has the keyboard again: its keys move in it.
        #expect(!harness.state.response.graphqlErrorsFocused)
        #expect(harness.shows("Error 1 of 3: users.1.secret"))
        harness.press("e", "down", "enter")
        #expect(selectedPath(harness) == "$['data']['count']")
        // Without a path: the error's own entry in errors.
        harness.press("e", "j", "j", "enter")
        #expect(harness.state.response.graphqlErrorSelected == 2)
        #expect(selectedPath(harness) == "$['errors'][2]")
    }

    @Test func escOrEGivesTheTreeTheKeyboardBack() throws {
        let harness = try harness()
        harness.press("e", "down")
        #expect(harness.state.response.graphqlErrorSelected == 1)
        harness.press(.escape)
        #expect(!harness.state.response.graphqlErrorsFocused)
        let row = harness.state.response.selectedRow
        harness.press("down")
        #expect(harness.state.response.selectedRow == row + 1)
        #expect(harness.state.response.graphqlErrorSelected == 1)
        harness.press("e")
        #expect(harness.state.response.graphqlErrorsFocused)
        harness.press("e")
        #expect(!harness.state.response.graphqlErrorsFocused)
    }

    @Test func oPutsTheQuerysCursorAtTheErrorsLocation() throws {
        let harness = try harness()
        harness.press("e", "down", "o")
        #expect(harness.state.focus == .request)
        #expect(harness.state.editor.tab == .body)
        #expect(harness.state.editor.focus == .editing)
        #expect(harness.state.editor.body.cursor == TextPosition(line: 5, column: 2))
        #expect(harness.shows("Query 6:3: count is disabled"))
        // Typing goes in at that place.
        harness.type("x")
        #expect(harness.state.editor.body.text.contains("\n  xcount\n"))
    }

    @Test func oInTheTreeTakesTheErrorOnTheSelectedRow() throws {
        let harness = try harness()
        harness.press("f")
        #expect(selectedPath(harness) == "$['data']['users'][1]['secret']")
        harness.press("o")
        #expect(harness.state.editor.body.cursor == TextPosition(line: 3, column: 4))
        // An error without a location says so; the pane keeps the focus.
        harness.press(.escape)
        harness.press("g", "3", "e", "G", "o")
        #expect(harness.state.focus == .response)
        #expect(harness.shows("The error has no location in the query: the query is slow"))
    }

    @Test func anAnswerWithoutDataSaysSo() throws {
        let harness = try harness(
            answer:
                #"{ "errors": [ { "message": "Syntax Error: Expected Name", "locations": [ { "line": 1, "column": 7 } ] } ] }"#
        )
        #expect(harness.shows("✖ GraphQL: 1 error, no data"))
        #expect(harness.shows("1 Syntax Error: Expected Name  query 1:7"))
        #expect(harness.state.response.graphql?.isPartial == false)
    }

    @Test func anAnswerWithoutErrorsHasNoList() throws {
        let harness = try harness(answer: #"{ "data": { "users": [], "count": 0 } }"#)
        #expect(!harness.shows("GraphQL partial") && !harness.shows("✖ GraphQL"))
        harness.press("e")
        #expect(!harness.state.response.graphqlErrorsFocused)
        #expect(harness.shows("No GraphQL errors in this response"))
    }

    @Test func aClickOnAnErrorGoesToItsNode() throws {
        let harness = try harness()
        harness.press("F12")
        harness.click(on: "count is disabled")
        #expect(harness.state.response.graphqlErrorSelected == 1)
        #expect(selectedPath(harness) == "$['data']['count']")
        // A click on a tree row still lands on the row under it (below the list).
        harness.click(on: "errors: […]")
        #expect(selectedPath(harness) == "$['errors']")
    }

    @Test(arguments: ScreenVariant.all) func theErrorsList(_ variant: ScreenVariant) throws {
        let harness = try harness(size: Size(width: variant.width, height: variant.height), theme: variant.theme)
        harness.press("e", "down")
        harness.assertScreen(named: "graphql-errors-\(variant)")
    }
}

import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// The GraphQL schema browser (issue 28): `Alt+O` over a GraphQL request opens its collection's
/// schema; typing searches types and fields, Enter follows to a type, Left goes back, Tab writes
/// the field into the query. Screens: `Snapshots/graphql-schema-*` (`RECORD_SNAPSHOTS=1`).
@MainActor
struct GraphQLSchemaBrowserTests {
    func harness(size: Size = ExplorerHarness.standardSize, theme: Theme = .defaultDark) throws -> ExplorerHarness {
        try ExplorerHarness(
            collections: try GraphQLEditorTests.files(), size: size, theme: theme,
            startup: StartupRequest(request: "User"))
    }

    private func browser(_ harness: ExplorerHarness) -> GraphQLSchemaBrowserState? {
        guard case .graphqlSchema(let browser)? = harness.state.overlay else { return nil }
        return browser
    }

    @Test func typingSearchesTypesAndFieldsAndEnterFollowsToTheirType() throws {
        let harness = try harness()
        harness.press("alt+o")
        #expect(harness.shows("Schema · every type"))
        harness.type("user")
        #expect(browser(harness)?.rows.map(\.name) == ["User", "Query.user", "Query.users"])
        harness.press("enter")
        #expect(browser(harness)?.trail == ["User"])
        #expect(
            browser(harness)?.rows.map(\.name) == ["id", "name", "email", "role", "joined", "posts", "secret"])
        #expect(harness.shows("posts  (first: Int = 10) [Post!]!"))
        #expect(harness.shows("email  String  deprecated"))
        harness.press("down", "down")
        #expect(harness.shows("Deprecated: Private now."))
        harness.press("down", "down", "down", "enter")
        #expect(browser(harness)?.trail == ["User", "Post"])
        #expect(harness.shows("Schema · User › Post"))
        // A scalar has nothing past it: said, and the browser stays.
        harness.press("enter")
        #expect(browser(harness)?.trail == ["User", "Post"])
        #expect(harness.shows("id: nothing to show past it (ID!)"))
        harness.press("left")
        #expect(browser(harness)?.trail == ["User"])
        #expect(browser(harness)?.selectedRow?.name == "posts")
        harness.press(.escape)
        #expect(harness.state.overlay == nil)
    }

    @Test func tabWritesTheFieldIntoTheQueryAtItsCursor() throws {
        let harness = try harness()
        harness.press("alt+3", "enter", "ctrl+home", "down", "down", "end", "enter")
        // The cursor is in `user(id: "1") { … }`: the browser opens at User.
        harness.press("alt+o")
        #expect(browser(harness)?.trail == ["User"])
        #expect(harness.shows("Schema · User"))
        harness.type("role")
        #expect(browser(harness)?.rows.map(\.name) == ["role"])
        harness.press("tab")
        #expect(harness.state.overlay == nil)
        #expect(harness.state.focus == .request)
        #expect(harness.state.editor.focus == .editing)
        #expect(harness.state.editor.body.text.contains("    name\n    role\n"))
        // A type is not a field: Tab says so (← from User: every type).
        harness.press("alt+o", "left")
        harness.type("Role")
        harness.press("tab")
        #expect(harness.shows("Only a field goes into the query"))
    }

    @Test func tabWritesTheRequiredArgumentsAndTheBracesOfAnObjectField() throws {
        let harness = try harness()
        // The cursor in the operation's selection set, on a line of its own: Query's fields.
        harness.press("alt+3", "enter", "ctrl+home", "end", "enter")
        harness.press("alt+o")
        #expect(browser(harness)?.trail == ["Query"])
        harness.type("user")
        #expect(browser(harness)?.rows.map(\.name) == ["user", "users"])
        #expect(browser(harness)?.selectedRow?.insert == "user(id: ) {  }")
        harness.press("tab")
        // The cursor waits at the first argument's value.
        harness.type("\"2\"")
        #expect(harness.state.editor.body.text.contains("  user(id: \"2\") {  }\n"))
        // Inside the new braces the browser opens at User; a list of objects without required
        // arguments (`posts(first: Int = 10)`) gets its braces, the cursor between them.
        harness.press("end", "left", "left")
        harness.press("alt+o")
        #expect(browser(harness)?.trail == ["User"])
        harness.type("posts")
        harness.press("tab")
        harness.type("title")
        #expect(harness.state.editor.body.text.contains("  user(id: \"2\") { posts { title } }\n"))
        // A scalar field is its name alone.
        harness.press("alt+o")
        #expect(browser(harness)?.trail == ["Post"])
        harness.type("tags")
        #expect(browser(harness)?.selectedRow?.insert == "tags")
        #expect(browser(harness)?.selectedRow?.insertCursor == nil)
    }

    @Test func outsideTheQueryTheBrowserOpensOnEveryType() throws {
        let harness = try harness()
        harness.press("alt+3", "enter", "ctrl+end")
        harness.press("alt+o")
        #expect(browser(harness)?.trail == [])
    }

    @Test(arguments: ScreenVariant.all) func theBrowser(_ variant: ScreenVariant) throws {
        let harness = try harness(size: Size(width: variant.width, height: variant.height), theme: variant.theme)
        harness.press("alt+o")
        harness.type("user")
        harness.press("enter", "down", "down")
        harness.assertScreen(named: "graphql-schema-\(variant)")
    }
}

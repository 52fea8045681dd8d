import Explorer
import ExplorerTesting
import Foundation
import GraphQLCheck
import TUI
import Testing
import Workspace

/// The docs at the query's cursor (issue 28): while the query is typed in, the line under the
/// body says what the name under the cursor is — its signature, the schema's description, a
/// deprecation — and, with the completion list open, the item chosen. Screens:
/// `Snapshots/graphql-docs-*` (`RECORD_SNAPSHOTS=1`).
@MainActor
struct GraphQLDocsEditorTests {
    private func fixture() throws -> ReducerFixture {
        try ReducerFixture(GraphQLEditorTests.files(), startup: StartupRequest(request: "User"))
    }

    @Test func theNameUnderTheCursorIsDescribedUnderTheEditor() throws {
        var fixture = try fixture()
        // On `user` of `user(id: "1")`, then on `name`.
        fixture.driver.press("alt+3", "enter", "ctrl+home", "down", "end", "home", "right", "right", "right")
        #expect(fixture.driver.state.editor.graphqlDocs?.signature == "Query.user(id: ID!): User")
        fixture.driver.press("down", "end")
        #expect(
            fixture.driver.state.editor.graphqlDocs
                == GraphQLDocs(signature: "User.name: String!", description: "The display name"))
        #expect(fixture.driver.render().contains("User.name: String!  The display name"))
        // A deprecated field says so.
        fixture.driver.press("enter")
        fixture.driver.type("email")
        #expect(fixture.driver.state.editor.graphqlDocs?.deprecation == "Private now")
        #expect(fixture.driver.render().contains("User.email: String  deprecated: Private now"))
        // Not typing in the query: no docs.
        fixture.driver.press("esc")
        #expect(fixture.driver.state.editor.graphqlDocs == nil)
    }

    @Test func withTheListOpenTheChosenItemIsDescribed() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+3", "enter", "ctrl+home", "down", "down", "end", "enter", "ctrl+space", "down")
        #expect(fixture.driver.state.editor.completion?.selected == 1)
        // On a line of its own under the items (the list covers the docs line).
        #expect(fixture.driver.render().contains(" The display name "))
    }

    @Test(arguments: ScreenVariant.all) func theDocsLine(_ variant: ScreenVariant) throws {
        let harness = try ExplorerHarness(
            collections: try GraphQLEditorTests.files(), size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "User"))
        harness.press("alt+3", "enter", "ctrl+home", "down", "down", "end")
        harness.assertScreen(named: "graphql-docs-\(variant)")
    }
}

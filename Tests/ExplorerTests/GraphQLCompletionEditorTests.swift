import Explorer
import ExplorerTesting
import Foundation
import GraphQLCheck
import TUI
import Testing
import Workspace

/// Completion in the GraphQL query from the collection's schema (issue 28): `Ctrl+Space` opens
/// what fits at the cursor (here the fields of `User`, with their types), typing narrows it, Tab
/// takes one, Esc closes. Screens: `Snapshots/graphql-completion-*` (`RECORD_SNAPSHOTS=1`).
@MainActor
struct GraphQLCompletionEditorTests {
    private func fixture(schema: String? = nil) throws -> ReducerFixture {
        try ReducerFixture(GraphQLEditorTests.files(schema: schema), startup: StartupRequest(request: "User"))
    }

    /// Types into a new line under `name`, inside `user { }`.
    private func onANewFieldLine(_ fixture: inout ReducerFixture) {
        fixture.driver.press("alt+3", "enter", "ctrl+home", "down", "down", "end", "enter")
    }

    @Test func ctrlSpaceOffersTheFieldsOfTheTypeAtTheCursorAndTabTakesOne() throws {
        var fixture = try fixture()
        onANewFieldLine(&fixture)
        fixture.driver.press("ctrl+space")
        let list = try #require(fixture.driver.state.editor.completion)
        #expect(list.graphql)
        #expect(
            list.items.map { "\($0.label) \($0.detail)" } == [
                "id ID!", "name String!", "role Role!", "joined DateTime", "posts (first: Int = 10) [Post!]!",
                "secret String", "__typename String!", "email String  deprecated",
            ])
        fixture.driver.type("ro")
        #expect(fixture.driver.state.editor.completion?.items.map(\.label) == ["role"])
        fixture.driver.press("tab")
        #expect(fixture.driver.state.editor.completion == nil)
        #expect(
            fixture.driver.state.editor.body.text == "query User {\n  user(id: \"1\") {\n    name\n    role\n  }\n}\n")
        guard case .graphql(let body)? = fixture.driver.state.selectedRequest?.body.content else {
            Issue.record("the draft keeps a graphql body")
            return
        }
        #expect(body.query.contains("    role\n"))
    }

    /// Completions taken while typing are part of the typing's one undo step (each was a step of
    /// its own: undo took the query back a piece at a time).
    @Test func takenCompletionsAreOneUndoStepWithTheTyping() throws {
        var fixture = try fixture()
        let original = "query User {\n  user(id: \"1\") {\n    name\n  }\n}\n"
        #expect(fixture.driver.state.editor.body.text == original)
        onANewFieldLine(&fixture)
        fixture.driver.press("ctrl+space")
        fixture.driver.type("po")
        fixture.driver.press("tab")
        fixture.driver.type(" { ")
        fixture.driver.press("ctrl+space")
        fixture.driver.type("ti")
        fixture.driver.press("enter")
        fixture.driver.type(" }")
        #expect(fixture.driver.state.editor.body.text.contains("    posts { title }\n"))
        fixture.driver.press("esc", "z")
        #expect(fixture.driver.state.editor.body.text == original)
    }

    @Test func argumentsInsideParenthesesAndEscCloses() throws {
        var fixture = try fixture()
        onANewFieldLine(&fixture)
        fixture.driver.type("posts(")
        fixture.driver.press("ctrl+space")
        #expect(fixture.driver.state.editor.completion?.items.map(\.label) == ["first"])
        fixture.driver.press("esc")
        #expect(fixture.driver.state.editor.completion == nil)
        #expect(fixture.driver.state.editor.focus == .editing)
        // A character that ends the name closes the list.
        fixture.driver.press("ctrl+space")
        fixture.driver.type(":")
        #expect(fixture.driver.state.editor.completion == nil)
    }

    @Test func withoutASchemaCtrlSpaceSaysSo() throws {
        var fixture = try fixture(schema: "missing.graphql")
        onANewFieldLine(&fixture)
        fixture.driver.press("ctrl+space")
        #expect(fixture.driver.state.editor.completion == nil)
        #expect(fixture.driver.render().contains("No schema to complete from"))
    }

    @Test(arguments: ScreenVariant.all) func theListOpen(_ variant: ScreenVariant) throws {
        let harness = try ExplorerHarness(
            collections: try GraphQLEditorTests.files(), size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "User"))
        harness.press("alt+3", "enter", "ctrl+home", "down", "down", "end", "enter")
        harness.press("ctrl+space")
        harness.assertScreen(named: "graphql-completion-\(variant)")
    }
}

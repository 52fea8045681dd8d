import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// `Ctrl+Space` in a GraphQL body's variables (issue 28): the variables the operation that runs
/// defines, with their types, as the keys of the variables object. Screens:
/// `Snapshots/graphql-variables-completion-*` (`RECORD_SNAPSHOTS=1`).
@MainActor
struct GraphQLVariablesCompletionTests {
    static let query =
        #"query Users($role: Role, $after: String!, $first: Int = 10) {\n  users(role: $role) {\n    name\n  }\n}\n\nquery Now {\n  now\n}\n"#

    private func fixture() throws -> ReducerFixture {
        var fixture = try ReducerFixture(
            GraphQLOperationPickerTests.files(query: Self.query), startup: StartupRequest(request: "User"))
        fixture.driver.landGraphQLCheck()
        return fixture
    }

    @Test func theChosenOperationsVariablesAreOfferedAsKeysWithTheirTypes() throws {
        var fixture = try fixture()
        // Two operations, none chosen: nothing to take the variables from.
        fixture.driver.press("alt+v")
        fixture.driver.type("{")
        fixture.driver.press("ctrl+space")
        #expect(fixture.driver.state.editor.completion == nil)
        #expect(fixture.driver.render().contains("No operation to take the variables from"))
        fixture.driver.press("alt+p", "enter")
        // Still typing in the variables after the choice.
        #expect(fixture.driver.state.editor.isTypingVariables)
        fixture.driver.press("ctrl+space")
        let list = try #require(fixture.driver.state.editor.completion)
        #expect(list.items.map(\.label) == ["role", "after", "first"])
        #expect(list.items.map(\.detail) == ["Role", "String!", "Int (has a default)"])
        #expect(fixture.driver.render().contains("after  String!"))
        fixture.driver.press("down", "tab")
        #expect(fixture.driver.state.editor.variables.text == #"{"after": "#)
        // After a comma, a name begun (its quote too) narrows the list; Tab takes it whole.
        fixture.driver.type(#""x", "f"#)
        fixture.driver.press("ctrl+space")
        #expect(fixture.driver.state.editor.completion?.items.map(\.label) == ["first"])
        fixture.driver.press("tab")
        #expect(fixture.driver.state.editor.variables.text == #"{"after": "x", "first": "#)
        guard case .graphql(let body)? = fixture.driver.state.selectedRequest?.body.content else {
            Issue.record("a graphql body")
            return
        }
        #expect(body.variablesText == #"{"after": "x", "first": "#)
    }

    @Test func typingANameNarrowsTheListAndAValueIsNoPlaceForAKey() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+p", "enter")
        fixture.driver.press("alt+v")
        fixture.driver.type("{\n  ")
        fixture.driver.press("ctrl+space")
        #expect(fixture.driver.state.editor.completion?.items.count == 3)
        fixture.driver.type("r")
        #expect(fixture.driver.state.editor.completion?.items.map(\.label) == ["role"])
        fixture.driver.press("enter")
        #expect(fixture.driver.state.editor.variables.text.hasSuffix(#"  "role": "#))
        // In a value (after the colon) no key fits.
        fixture.driver.press("ctrl+space")
        #expect(fixture.driver.state.editor.completion == nil)
        #expect(fixture.driver.render().contains("go where a key of the variables object does"))
        // The next key: those not given yet first, the one given last and marked.
        fixture.driver.type("null, ")
        fixture.driver.press("ctrl+space")
        let list = try #require(fixture.driver.state.editor.completion)
        #expect(list.items.map(\.label) == ["after", "first", "role"])
        #expect(list.items.last?.detail == "Role · given")
    }

    @Test(arguments: ScreenVariant.all) func theListOpen(_ variant: ScreenVariant) throws {
        let harness = try ExplorerHarness(
            collections: try GraphQLOperationPickerTests.files(query: Self.query),
            size: Size(width: variant.width, height: variant.height), theme: variant.theme,
            startup: StartupRequest(request: "User"))
        harness.press("alt+3", "alt+p", "enter", "alt+v")
        harness.type("{\n  \"")
        harness.press("ctrl+space")
        harness.assertScreen(named: "graphql-variables-completion-\(variant)")
    }
}

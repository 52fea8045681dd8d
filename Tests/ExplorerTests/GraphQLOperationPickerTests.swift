import Explorer
import ExplorerTesting
import Foundation
import GraphQLCheck
import TUI
import Testing
import Workspace

/// Several operations in one GraphQL document (issue 28): `Alt+P` lists them and Enter chooses
/// the one that runs (the body's `operationName`, one undo step); the Body tab's line says which
/// runs; a send with several and none chosen stops with the key to press. Screens:
/// `Snapshots/graphql-operations-*` (`RECORD_SNAPSHOTS=1`).
@MainActor
struct GraphQLOperationPickerTests {
    static let key = RequestKey(collectionID: GraphQLEditorTests.id, requestID: "user")
    static let query =
        #"query Now {\n  now\n}\n\nmutation Create($input: NewPost!) {\n  createPost(input: $input) {\n    id\n  }\n}\n\nquery Users {\n  users {\n    name\n  }\n}\n"#

    /// The editor tests' collection, its request's query with three operations and none named.
    static func files(query: String = query) throws -> [FixtureFile] {
        try GraphQLEditorTests.files().map { file in
            guard file.path == "graphql.json" else { return file }
            let text = String(decoding: file.bytes, as: UTF8.self)
            let saved = #""query": "query User {\n  user(id: \"1\") {\n    name\n  }\n}\n" }"#
            #expect(text.contains(saved))
            return .text("graphql.json", text.replacingOccurrences(of: saved, with: #""query": "\#(query)" }"#))
        }
    }

    private func fixture(query: String = query) throws -> ReducerFixture {
        var fixture = try ReducerFixture(Self.files(query: query), startup: StartupRequest(request: "User"))
        fixture.driver.landGraphQLCheck()
        return fixture
    }

    private func body(_ fixture: ReducerFixture) -> GraphQLBody? {
        guard case .graphql(let body)? = fixture.driver.state.selectedRequest?.body.content else { return nil }
        return body
    }

    private func picker(_ fixture: ReducerFixture) -> GraphQLOperationPickerState? {
        guard case .graphqlOperations(let picker)? = fixture.driver.state.overlay else { return nil }
        return picker
    }

    @Test func altPListsTheOperationsAndEnterChoosesTheOneThatRunsAsOneUndoStep() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+3")
        #expect(fixture.driver.render().contains("graphql · 3 operations, none chosen (alt+p)"))
        fixture.driver.press("alt+p")
        #expect(picker(fixture)?.operations.map(\.label) == ["query Now", "mutation Create", "query Users"])
        #expect(picker(fixture)?.operations.map(\.line) == [1, 5, 11])
        let screen = fixture.driver.render()
        #expect(screen.contains("Operation to run · 3 operations"))
        #expect(screen.contains("mutation Create"))
        fixture.driver.press("down", "enter")
        #expect(fixture.driver.state.overlay == nil)
        #expect(body(fixture)?.operationName == "Create")
        #expect(fixture.driver.state.drafts[Self.key] != nil)
        #expect(fixture.driver.render().contains("graphql · mutation Create"))
        // The picker marks the one that runs, and opens on it.
        fixture.driver.press("alt+p")
        #expect(picker(fixture)?.chosen == 1)
        #expect(picker(fixture)?.selected == 1)
        #expect(fixture.driver.render().contains("line 5 · runs now"))
        fixture.driver.press("down", "enter")
        #expect(body(fixture)?.operationName == "Users")
        // Each choice is one step: z takes the last back, then the first.
        fixture.driver.press("z")
        #expect(body(fixture)?.operationName == "Create")
        fixture.driver.press("z")
        #expect(body(fixture)?.operationName == nil)
        #expect(fixture.driver.state.drafts[Self.key] == nil)
    }

    @Test func escClosesThePickerWithoutChoosing() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+p", "down", "escape")
        #expect(fixture.driver.state.overlay == nil)
        #expect(body(fixture)?.operationName == nil)
        #expect(fixture.driver.state.drafts[Self.key] == nil)
    }

    @Test func aSendWithSeveralOperationsAndNoneChosenStopsAndEnterOpensThePicker() throws {
        var fixture = try fixture()
        #expect(fixture.driver.press("F5").sendJobs.isEmpty)
        guard case .sendBlocked(let problems, _, let heading)? = fixture.driver.state.overlay else {
            Issue.record("the send is blocked")
            return
        }
        #expect(problems == ["body.operationName: 3 operations: choose one with alt+p"])
        #expect(heading == "Which operation?")
        let screen = fixture.driver.render()
        #expect(screen.contains("✖ Which operation?"))
        #expect(screen.contains("Enter: choose the operation · Esc: close"))
        fixture.driver.press("enter")
        #expect(picker(fixture) != nil)
        fixture.driver.press("enter")
        #expect(body(fixture)?.operationName == "Now")
        #expect(fixture.driver.press("F5").sendJobs.count == 1)
    }

    @Test func aStaleOperationNameStopsTheSendToo() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+p", "enter")
        #expect(body(fixture)?.operationName == "Now")
        // The operation renamed in the query: the name chosen is no longer there.
        fixture.driver.press("alt+3", "enter", "ctrl+home", "right", "right", "right", "right", "right", "right")
        fixture.driver.press("right", "right", "right")
        fixture.driver.type("s")
        #expect(body(fixture)?.query.hasPrefix("query Nows {") == true)
        fixture.driver.landGraphQLCheck()
        #expect(fixture.driver.render().contains("graphql · no operation Now (alt+p chooses)"))
        fixture.driver.press("escape")
        fixture.driver.press("F5")
        guard case .sendBlocked(let problems, _, _)? = fixture.driver.state.overlay else {
            Issue.record("the send is blocked")
            return
        }
        #expect(
            problems == [
                "body.operationName: no operation \"Now\" in the query (3 operations): choose one with alt+p"
            ])
    }

    @Test func anAnonymousOperationAmongSeveralCannotBeChosen() throws {
        var fixture = try fixture(query: #"{\n  now\n}\n\nquery Users {\n  users {\n    name\n  }\n}\n"#)
        fixture.driver.press("alt+p")
        #expect(picker(fixture)?.operations.map(\.label) == ["anonymous query", "query Users"])
        fixture.driver.press("enter")
        #expect(picker(fixture) != nil)
        #expect(fixture.driver.render().contains("An anonymous query cannot be chosen among several"))
        #expect(body(fixture)?.operationName == nil)
    }

    @Test func theCheckAndTheVariablesSkeletonFollowTheChosenOperation() throws {
        var fixture = try fixture()
        #expect(
            fixture.driver.state.editor.graphql?.problems.map(\.message) == [
                "the document has several operations: name the one to run"
            ])
        fixture.driver.press("alt+p", "down", "enter")
        let asked = try #require(fixture.driver.state.editor.graphqlAsked)
        #expect(asked.input.operation == "Create")
        fixture.driver.landGraphQLCheck()
        // The variables are checked against Create's definitions now.
        #expect(
            fixture.driver.state.editor.graphql?.problems.map(\.description) == [
                "5:17: Variable \"$input\" of required type \"NewPost!\" was not provided."
            ])
        fixture.driver.press("alt+n")
        #expect(fixture.driver.state.editor.variables.text.contains("\"input\": {"))
        #expect(fixture.driver.state.editor.variables.text.contains("\"authorId\": \"\""))
        fixture.driver.landGraphQLCheck()
        #expect(fixture.driver.state.editor.graphql?.problems == [])
    }

    @Test func aQueryWithOneOperationNeedsNoChoice() throws {
        var fixture = try ReducerFixture(GraphQLEditorTests.files(), startup: StartupRequest(request: "User"))
        fixture.driver.landGraphQLCheck()
        fixture.driver.press("alt+3")
        // Nothing to choose: the line does not mention the operation; the picker still lists it.
        #expect(!fixture.driver.render().contains("graphql · "))
        fixture.driver.press("alt+p")
        #expect(picker(fixture)?.operations.map(\.label) == ["query User"])
        #expect(picker(fixture)?.chosen == 0)
    }

    @Test(arguments: ScreenVariant.all) func thePicker(_ variant: ScreenVariant) throws {
        let harness = try ExplorerHarness(
            collections: try Self.files(), size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "User"))
        harness.press("alt+3", "alt+p", "down")
        harness.assertScreen(named: "graphql-operations-\(variant)")
    }
}

import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

/// Saving the shown response as a mock route, in the workspace slice on its own: the shown result
/// comes in the context; the prompt, the question about an existing route, the save and what it
/// says go back in the outcome, and nothing else changes.
struct MockRouteSliceTests {
    private static let users = TestCollections.key("a-users")

    private func steps(shown: ExchangeResult?) throws -> SliceStepDriver<WorkspaceReducer> {
        let state = try ReducerFixture().driver.state
        return SliceStepDriver(
            state: state.workspace, context: WorkspaceReducer.Context(selection: Self.users, shownResult: shown))
    }

    private func prompt(_ name: String) -> PromptState {
        PromptState(purpose: .saveMockRoute(Self.users), title: "Save", text: name)
    }

    @Test func withoutAResponseNothingIsAsked() throws {
        var steps = try steps(shown: nil)
        steps.step(
            .promptMockRoute,
            outcome: WorkspaceReducer.Outcome(notice: Notice("No response to save as a mock route", kind: .info)))
    }

    @Test func thePromptNamesTheRouteAndSuggestsTheMockEnvironmentInUse() throws {
        var steps = try steps(shown: try Results.json(Results.users, generation: 1))
        let prompt = PromptState(
            purpose: .saveMockRoute(Self.users),
            title: "Save GET /users as a route of the mock environment (dev)", text: "dev")
        steps.step(.promptMockRoute, outcome: WorkspaceReducer.Outcome(requests: [.openOverlay(.prompt(prompt))]))
    }

    @Test func aLiveEnvironmentIsRefusedInThePromptAndNothingChanges() throws {
        var steps = try steps(shown: try Results.json(Results.users, generation: 1))
        var refused = prompt("prod")
        refused.error = "prod is a live environment: name a mock environment (or a new one)"
        steps.step(
            .commitMockRoute(prompt("prod")),
            outcome: WorkspaceReducer.Outcome(requests: [.openOverlay(.prompt(refused))]))
    }

    @Test func anExistingRouteIsAskedAboutThenReplacedAndSaved() throws {
        let shown = try Results.json(Results.users, generation: 1)
        var steps = try steps(shown: shown)
        let existing = MockRouteExists(key: Self.users, environment: "dev", route: "GET /users", answers: 1)
        steps.step(
            .commitMockRoute(prompt("dev")),
            outcome: WorkspaceReducer.Outcome(requests: [.openOverlay(.mockRouteExists(existing, selected: -1))]))
        // Cancel: the dialog closes, the toast says nothing was saved.
        steps.step(
            .resolveMockRouteExists(existing, choice: 2),
            outcome: WorkspaceReducer.Outcome(
                notice: Notice("Not saved: GET /users in dev is unchanged", kind: .info), requests: [.closeOverlay]))
        // Replace: the route's one answer becomes the shown response; the collection is stored and saved.
        var document = try #require(steps.state.document(collectionID: TestCollections.alphaID))
        let dev = try #require(document.collection.environments.firstIndex { $0.name == "dev" })
        let route = try #require(
            document.collection.environments[dev].routes.firstIndex {
                $0.method == .get && $0.path == "/users" && $0.query.isEmpty
            })
        document.collection.environments[dev].routes[route].responses = [
            SavedMockResponse(
                status: 200,
                headers: [
                    KeyValueRow(name: "Content-Type", value: "application/json"),
                    KeyValueRow(name: "X-Request-Id", value: "r-42"),
                ],
                body: .json(try StoredJSON(parsing: Results.users)))
        ]
        document.collection.environments[dev].routes[route].cycle = false
        let index = try #require(steps.state.collections.firstIndex { $0.collectionID == TestCollections.alphaID })
        steps.step(
            .resolveMockRouteExists(existing, choice: 0),
            outcome: WorkspaceReducer.Outcome(
                effects: [.save(document, overwrite: false)], requests: [.closeOverlay, .collectionsChanged])
        ) {
            $0.collections[index] = CollectionSlot(document: document)
            $0.saveNotices[TestCollections.alphaID] = "Replaced GET /users in the mock environment dev"
        }
    }
}

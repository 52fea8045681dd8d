import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// The workspace slice's environments and start, stepped exhaustively: the picker, the next
/// environment, one chosen by name, captured values forgotten; the request to start on and the
/// word about an `--env` no collection has.
struct WorkspaceEnvironmentSliceTests {
    private static let alpha = TestCollections.alphaID

    private func steps(_ files: [FixtureFile] = [TestCollections.alpha]) throws -> SliceStepDriver<WorkspaceReducer> {
        let state = try ReducerFixture(files).driver.state
        return SliceStepDriver(
            state: state.workspace, context: WorkspaceReducer.Context(currentCollectionID: Self.alpha))
    }

    @Test func thePickerOpensOnTheEnvironmentInUseAndTheNextOneFollows() throws {
        var steps = try steps()
        steps.step(.openEnvironmentPicker, outcome: .init(requests: [.openOverlay(.environments(selected: 0))]))
        steps.step(
            .cycleEnvironment,
            outcome: .init(
                notice: Notice("Environment: prod (live, https://api.example.com)", kind: .info),
                requests: [.rememberUIState(collectionID: Self.alpha)])
        ) { $0.environments[Self.alpha] = "prod" }
        steps.step(.openEnvironmentPicker, outcome: .init(requests: [.openOverlay(.environments(selected: 1))]))
        steps.step(
            .cycleEnvironment,
            outcome: .init(
                notice: Notice("Environment: dev (mock, http://dev.mock)", kind: .info),
                requests: [.rememberUIState(collectionID: Self.alpha)])
        ) { $0.environments[Self.alpha] = "dev" }
        // A name the collection does not have changes nothing.
        steps.step(.chooseEnvironment("staging"))
        // No collection, or one without environments: said.
        steps.context.currentCollectionID = nil
        steps.step(.openEnvironmentPicker, outcome: .init(notice: Notice("No collection loaded", kind: .warning)))
        steps.step(.cycleEnvironment)
        var beta = try self.steps([TestCollections.beta])
        beta.context.currentCollectionID = TestCollections.betaID
        // Without environments the manager opens all the same: `a` adds one there.
        beta.step(.openEnvironmentPicker, outcome: .init(requests: [.openOverlay(.environments(selected: 0))]))
    }

    @Test func capturedValuesAreForgottenForTheEnvironmentInUse() throws {
        var steps = try steps()
        steps.step(.forgetCaptures)
        let values = ["token": VariableScope.Value("abc", secret: true)]
        steps.step(.captured(collectionID: Self.alpha, values)) { $0.captures[Self.alpha] = values }
        steps.step(
            .forgetCaptures,
            outcome: .init(
                effects: [.clearCaptures(collectionID: Self.alpha, environment: "dev")],
                notice: Notice("Forgot the captured values of dev", kind: .info))
        ) { $0.captures = [:] }
    }

    @Test func theStartSelectsTheNamedTheRememberedOrTheFirstRequestOnScreen() throws {
        var steps = try steps()
        steps.context.currentCollectionID = nil
        // Nothing named or remembered: the first request on screen, else the collection's first
        // (inside its folders: Admin panel).
        let root = TestCollections.key("a-root")
        let users = TestCollections.key("a-users")
        steps.context.firstVisibleRequests = [users.collectionID: users]
        steps.step(.startupSelection, outcome: .init(requests: [.select(users)]))
        steps.context.firstVisibleRequests = [:]
        steps.step(.startupSelection, outcome: .init(requests: [.select(TestCollections.key("a-admin"))]))
        // The one named on the command line, by name or folder path; a name no collection has is said.
        steps.context.startup = StartupRequest(request: "Users/Admin/Admin panel")
        steps.step(.startupSelection, outcome: .init(requests: [.selectNamed(TestCollections.key("a-admin"))]))
        steps.context.startup = StartupRequest(request: "Nope")
        steps.step(
            .startupSelection,
            outcome: .init(notice: Notice("No request \"Nope\" in the collections", kind: .warning)))
        // Something selected already: nothing.
        steps.context.selection = root
        steps.step(.startupSelection)
    }

    @Test func anEnvNoCollectionHasIsSaidWithTheNoticeShown() throws {
        var steps = try steps()
        steps.context.startup = StartupRequest(environment: "dev")
        steps.step(.checkStartupEnvironment)
        steps.context.startup = StartupRequest(environment: "stagng")
        let note = "No collection has an environment \"stagng\": each keeps its own"
        steps.step(.checkStartupEnvironment, outcome: .init(notice: Notice(note, kind: .warning)))
        steps.context.shownNotice = "Restored 1 unsaved draft"
        steps.step(
            .checkStartupEnvironment,
            outcome: .init(notice: Notice("Restored 1 unsaved draft · " + note, kind: .warning)))
    }
}

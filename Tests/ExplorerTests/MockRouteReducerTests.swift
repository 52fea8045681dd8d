import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

/// "Save the response as a mock route" (`M` in the response pane): the shown response becomes a
/// route of a mock environment, written through the collection save.
struct MockRouteReducerTests {
    private let users = TestCollections.key("a-users")

    /// List users sent and answered, the response pane focused.
    private func answered() throws -> ReducerFixture {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(.exchangeFinished(users, try Results.json(Results.users, generation: job.generation)))
        fixture.driver.press("g", "3")
        return fixture
    }

    private func savedDocument(_ effects: [ExplorerEffect]) -> CollectionDocument? {
        for effect in effects {
            if case .save(let document, _) = effect { return document }
        }
        return nil
    }

    @Test func mSavesTheResponseAsARouteOfTheNamedMockEnvironmentAndSavesTheFile() throws {
        var fixture = try answered()
        fixture.driver.press("M")
        guard case .prompt(let prompt)? = fixture.driver.state.overlay else {
            Issue.record("no prompt")
            return
        }
        #expect(prompt.field.text == "dev")
        #expect(prompt.title.contains("GET /users"))
        // A new name makes a new mock environment.
        fixture.driver.press("ctrl+a")
        fixture.driver.type("recorded")
        let document = try #require(savedDocument(fixture.driver.press("enter")))
        let environment = try #require(document.collection.environment(named: "recorded"))
        #expect(environment.kind == .mock)
        let route = try #require(environment.routes.first)
        #expect(route.method == .get)
        #expect(route.path == "/users")
        #expect(route.responses.first?.status == 200)
        #expect(route.responses.first?.headers.map(\.name) == ["Content-Type", "X-Request-Id"])
        guard case .json(let json)? = route.responses.first?.body else {
            Issue.record("the body is not inline JSON")
            return
        }
        #expect(json.compact().contains("\"Grace\""))
        #expect(fixture.driver.state.overlay == nil)
        // What was added is said when the save lands, together with the save (not hidden by it).
        fixture.driver.reduce(.saved(collectionID: document.collection.id, .success(document)))
        let toast = try #require(fixture.driver.state.toast?.message)
        #expect(toast.hasPrefix("Added GET /users in the mock environment recorded"))
        #expect(toast.hasSuffix("saved \(CollectionSlot(document: document).fileName)"))
    }

    @Test func savingAgainReplacesTheRouteInsteadOfAddingASecond() throws {
        var fixture = try answered()
        fixture.driver.press("M")
        let first = try #require(savedDocument(fixture.driver.press("enter")))
        let before = try #require(first.collection.environment(named: "dev")).routes.count
        fixture.driver.press("M")
        let second = try #require(savedDocument(fixture.driver.press("enter")))
        #expect(try #require(second.collection.environment(named: "dev")).routes.count == before)
    }

    @Test func aLiveEnvironmentIsRefusedInThePrompt() throws {
        var fixture = try answered()
        fixture.driver.press("M")
        fixture.driver.press("ctrl+a")
        fixture.driver.type("prod")
        #expect(savedDocument(fixture.driver.press("enter")) == nil)
        guard case .prompt(let prompt)? = fixture.driver.state.overlay else {
            Issue.record("the prompt closed")
            return
        }
        #expect(prompt.error?.contains("live environment") == true)
    }

    @Test func thePaletteOffersTheAction() throws {
        let fixture = try answered()
        #expect(
            ExplorerCommands.list(for: fixture.driver.state).contains {
                $0.action == "response.saveMock" && $0.shortcut == "M"
            })
    }
}

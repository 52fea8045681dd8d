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

    /// The route of `dev` that answers List users.
    private func usersRoute(_ document: CollectionDocument?) throws -> SavedMockRoute {
        let environment = try #require(document?.collection.environment(named: "dev"))
        return try #require(environment.routes.first { $0.method == .get && $0.path == "/users" && $0.query.isEmpty })
    }

    @Test func savingAgainAsksReplaceKeepBothOrCancelAndNeverAddsASecondRoute() throws {
        var fixture = try answered()
        let current = try #require(fixture.driver.state.document(collectionID: users.collectionID))
        let before = try #require(current.collection.environment(named: "dev")).routes.count
        #expect(try usersRoute(current).responses.count == 1)
        // dev already answers List users: a question, nothing saved yet.
        fixture.driver.press("M")
        #expect(savedDocument(fixture.driver.press("enter")) == nil)
        guard case .mockRouteExists(let existing, let selected)? = fixture.driver.state.overlay else {
            Issue.record("no question about the existing route")
            return
        }
        #expect(existing.route == "GET /users")
        #expect(existing.environment == "dev")
        #expect(existing.answers == 1)
        // Nothing is highlighted: Enter alone answers nothing.
        #expect(selected == -1)
        #expect(fixture.driver.render().contains("dev already answers this request"))
        fixture.driver.advance(by: .seconds(1))
        // A bare letter is not an answer (r, k and c are keys of the panes underneath).
        #expect(savedDocument(fixture.driver.press("r", "k", "c", "enter")) == nil)
        #expect(fixture.driver.state.overlay != nil)
        // Cancel (Alt+C): nothing saved, the dialog closes, and the toast says so.
        #expect(savedDocument(fixture.driver.press("alt+c")) == nil)
        #expect(fixture.driver.state.overlay == nil)
        #expect(fixture.driver.state.toast?.message.hasPrefix("Not saved") == true)
        // Esc cancels too.
        fixture.driver.press("M", "enter")
        fixture.driver.advance(by: .seconds(1))
        fixture.driver.press("esc")
        #expect(fixture.driver.state.overlay == nil)
        // Replace (Alt+R): the same number of routes, one answer.
        fixture.driver.press("M", "enter")
        fixture.driver.advance(by: .seconds(1))
        let replaced = try #require(savedDocument(fixture.driver.press("alt+r")))
        #expect(try #require(replaced.collection.environment(named: "dev")).routes.count == before)
        #expect(try usersRoute(replaced).responses.count == 1)
        fixture.driver.reduce(.saved(collectionID: replaced.collection.id, .success(replaced)))
        #expect(
            fixture.driver.state.toast?.message.hasPrefix("Replaced GET /users in the mock environment dev") == true)
        // Keep both (→ → then Enter): still one route, now a sequence of two answers.
        fixture.driver.press("M", "enter")
        fixture.driver.advance(by: .seconds(1))
        fixture.driver.press("right", "right")
        let both = try #require(savedDocument(fixture.driver.press("enter")))
        #expect(try #require(both.collection.environment(named: "dev")).routes.count == before)
        #expect(try usersRoute(both).responses.count == 2)
    }

    @Test func aDifferentQueryIsADifferentRouteAheadOfTheOneWithoutIt() throws {
        var fixture = try answered()
        fixture.driver.press("M", "ctrl+a")
        fixture.driver.type("recorded")
        let first = try #require(savedDocument(fixture.driver.press("enter")))
        fixture.driver.reduce(.saved(collectionID: first.collection.id, .success(first)))
        // The same request sent with ?page=2 too: saved beside it, not asked about. (`limit` is
        // written {{limit}} in the collection: not matched on, it may differ next time.)
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        var paged = try Results.json(Results.users, generation: job.generation)
        paged.url = "http://dev.mock/users?limit=10&page=2"
        fixture.driver.reduce(.exchangeFinished(users, paged))
        fixture.driver.press("M", "ctrl+a")
        fixture.driver.type("recorded")
        let second = try #require(savedDocument(fixture.driver.press("enter")))
        let routes = try #require(second.collection.environment(named: "recorded")).routes
        #expect(routes.count == 2)
        // The route with the query comes first: the one without answers every query.
        #expect(routes.first?.query.map { "\($0.name)=\($0.value)" } == ["page=2"])
        #expect(routes.last?.query.isEmpty == true)
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
                $0.action == .command(.response(.saveMock)) && $0.shortcut == "M"
            })
    }
}

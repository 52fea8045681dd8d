import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Paste, loading states and notices in the reducer.
struct InputReducerTests {
    private let users = TestCollections.key("a-users")

    @Test func aPasteGoesIntoTheFieldBeingTypedInAndNowhereElse() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        // Nothing has the keyboard: a paste does nothing.
        #expect(fixture.driver.reduce(.event(.paste("q"))).isEmpty)
        #expect(fixture.driver.state.drafts.isEmpty)
        #expect(fixture.driver.state.quitting == false)
        // Into the URL: one line.
        fixture.driver.typeAtEndOfURLPath("")
        let effects = fixture.driver.reduce(.event(.paste("/active\n")))
        #expect(fixture.driver.state.drafts[users]?.url == "/users/active")
        #expect(effects.storedDrafts.last?[users]?.url == "/users/active")
        // Pasted after the `?`, pairs become query rows.
        fixture.driver.press("end")
        fixture.driver.reduce(.event(.paste("&x=1")))
        #expect(fixture.driver.state.drafts[users]?.query.map(\.name) == ["limit", "x"])
        // Into a prompt: newlines become spaces.
        fixture.driver.press("esc", "g", "1", "r", "ctrl+a")
        fixture.driver.reduce(.event(.paste("All\nthe users")))
        guard case .prompt(let prompt)? = fixture.driver.state.overlay else {
            Issue.record("the rename prompt is open")
            return
        }
        #expect(prompt.field.text == "All the users")
        fixture.driver.press("esc")
        // Into the collections filter.
        fixture.driver.press("/")
        fixture.driver.reduce(.event(.paste("creat")))
        #expect(fixture.driver.state.navigator.rows.map(\.title) == ["Alpha", "Users", "Create user"])
    }

    @Test func whileLoadingTheScreenSaysSoAndAnUnreadableFolderIsReported() throws {
        var driver = ExplorerReducerDriver(
            state: ExplorerState(size: ExplorerHarness.standardSize, theme: .defaultDark))
        var screen = driver.render()
        #expect(screen.contains("Loading collections…"))
        #expect(screen.contains("loading…"))
        driver.reduce(.loadingFinished(problem: "/srv/api: no such file or folder"))
        screen = driver.render()
        #expect(!screen.contains("loading"))
        #expect(screen.contains("/srv/api: no such file or folder"))
        #expect(driver.state.toast?.kind == .error)
        // Nothing to send, nothing to save, the environment picker says why.
        #expect(driver.press("F5").isEmpty)
        #expect(driver.state.toast?.message == "Pick a request to send")
        driver.press("F2")
        #expect(driver.state.toast?.message == "No collection loaded")
    }

    @Test func anEmptyFolderSaysWhatToDoInFullAt80Columns() throws {
        var driver = ExplorerReducerDriver(state: ExplorerState(size: Size(width: 80, height: 24), theme: .defaultDark))
        driver.reduce(.loadingFinished(problem: nil))
        let screen = driver.render()
        // Wrapped in their panes (they stopped at "No collections here. C" and "(Enter opens it").
        #expect(screen.contains("No collections here."))
        #expect(screen.contains("C: new"))
        #expect(screen.contains("(Enter opens") && screen.contains("it)."))
    }

    @Test func anEnvironmentNoCollectionHasIsReportedAtStartup() throws {
        let fixture = try ReducerFixture(startup: StartupRequest(environment: "staging", request: "nope"))
        let message = fixture.driver.state.toast?.message ?? ""
        #expect(message.hasPrefix("No request \"nope\" in the collections · "))
        #expect(message.hasSuffix("No collection has an environment \"staging\": each keeps its own"))
        // One that a collection has is used there, quietly.
        let used = try ReducerFixture(startup: StartupRequest(environment: "prod", request: "a-users"))
        #expect(used.driver.state.environments[TestCollections.alphaID] == "prod")
        #expect(used.driver.state.toast == nil)
    }

    @Test func aLongCollectionNameLeavesRoomForTheEnvironmentInTheHeader() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24), startup: StartupRequest(request: "a-users"))
        fixture.driver.press("g", "1", "g", "g", "r", "ctrl+a")
        fixture.driver.type("Alpha with a really very long collection name for testing the header END")
        fixture.driver.press("enter")
        let header = try #require(fixture.driver.render().split(separator: "\n").first)
        #expect(header.contains("env ▸ dev (mock)"))
        #expect(header.contains("…"))
        #expect(!header.contains("END"))
        #expect(header.hasSuffix("F1 help "))
    }

    @Test func ctrlCSaysWhichKeyQuits() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        fixture.driver.press("g", "1")
        #expect(fixture.driver.press("ctrl+c").isEmpty)
        #expect(fixture.driver.state.toast?.message == "Ctrl+Q quits Lazer (Ctrl+C does nothing here)")
        #expect(fixture.driver.state.quitting == false)
    }

    @Test func noticesAndSearchErrorsShowInTheStatusBarAndExpire() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        fixture.driver.reduce(.notice("xclip exited with status 1", isError: true))
        #expect(fixture.driver.render().contains("xclip exited with status 1"))
        #expect(fixture.driver.state.toast?.kind == .error)
        fixture.driver.advance(by: .seconds(4))
        #expect(fixture.driver.state.toast == nil)
        #expect(!fixture.driver.render().contains("xclip"))
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(.exchangeFinished(users, try Results.json("[1]", generation: job.generation)))
        fixture.driver.press("g", "3", "/")
        fixture.driver.type("(")
        let search = try #require(fixture.driver.press("enter").searches.first)
        fixture.driver.reduce(
            .searchFinished(generation: search.generation, pattern: "(", matches: [], error: "unbalanced ("))
        #expect(fixture.driver.state.toast?.message == "unbalanced (")
        #expect(fixture.driver.state.toast?.kind == .error)
    }
}

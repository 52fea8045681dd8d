import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Dialogs in the reducer: the command palette, help, the variables view, themes and the mouse switch.
struct OverlayReducerTests {
    private func fixture(_ request: String = "a-users") throws -> ReducerFixture {
        var fixture = try ReducerFixture(startup: StartupRequest(request: request))
        fixture.driver.press("g", "1")
        return fixture
    }

    @Test func thePaletteListsEveryActionWithItsKeyAndRunsTheChosenOne() throws {
        var fixture = try fixture()
        fixture.driver.press("ctrl+p")
        guard case .palette? = fixture.driver.state.overlay else {
            Issue.record("Ctrl+P opens the palette")
            return
        }
        let screen = fixture.driver.render()
        #expect(screen.contains("Send the request"))
        #expect(screen.contains("F5"))
        let commands = ExplorerCommands.list(for: fixture.driver.state)
        #expect(commands.contains { $0.action == .command(.request(.send)) && $0.shortcut == "F5" })
        #expect(commands.contains { $0.action == .environment("prod") && $0.title == "Environment: prod (live)" })
        #expect(commands.contains { $0.action == .theme("monochrome") })
        // Typing filters, Enter runs.
        fixture.driver.type("zoom")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.overlay == nil)
        #expect(fixture.driver.state.zoomed == .collections)
        // ":" opens it too; Esc closes it without running anything.
        fixture.driver.press(":")
        guard case .palette? = fixture.driver.state.overlay else {
            Issue.record(": opens the palette")
            return
        }
        fixture.driver.type("q")
        #expect(fixture.driver.state.quitting == false)
        fixture.driver.press("esc")
        #expect(fixture.driver.state.overlay == nil)
        #expect(fixture.driver.state.zoomed == .collections)
    }

    @Test func thePaletteSwitchesEnvironmentsAndThemes() throws {
        var fixture = try fixture()
        fixture.driver.press("ctrl+p")
        fixture.driver.type("Environment: prod")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.environmentName(collectionID: TestCollections.alphaID) == "prod")
        fixture.driver.press("ctrl+p")
        fixture.driver.type("Theme: monochrome")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.theme.name == "monochrome")
        fixture.driver.press("ctrl+t")
        #expect(fixture.driver.state.theme.name != "monochrome")
        #expect(fixture.driver.state.toast?.message == "Theme: \(fixture.driver.state.theme.name)")
    }

    @Test func helpShowsTheFocusedPanesKeysThenTheGlobalOnes() throws {
        var fixture = try fixture()
        fixture.driver.press("F1")
        var screen = fixture.driver.render()
        #expect(screen.contains("Keys for the collections pane, then everywhere (Esc closes)"))
        #expect(screen.contains("Filter as you type"))
        #expect(!screen.contains("Search keys and values"))
        fixture.driver.press("esc")
        #expect(fixture.driver.state.overlay == nil)
        // In the tree, its own keys.
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(
            .exchangeFinished(TestCollections.key("a-users"), try Results.json("[1]", generation: job.generation)))
        fixture.driver.press("g", "3", "?")
        screen = fixture.driver.render()
        #expect(screen.contains("Keys for the response pane"))
        #expect(screen.contains("Search keys and values"))
        #expect(!screen.contains("Filter as you type"))
        // j scrolls, q closes.
        fixture.driver.press("j")
        guard case .help(let scroll)? = fixture.driver.state.overlay else {
            Issue.record("help stays open while scrolling")
            return
        }
        #expect(scroll == 1)
        fixture.driver.press("q")
        #expect(fixture.driver.state.overlay == nil)
        #expect(fixture.driver.state.quitting == false)
    }

    @Test func theVariablesViewShowsEachValueSecretsMaskedAndWhereItComesFrom() throws {
        var fixture = try fixture()
        fixture.driver.reduce(
            .captured(
                collectionID: TestCollections.alphaID,
                ["session": VariableScope.Value("sess-123456", secret: true), "userId": VariableScope.Value("42")]))
        fixture.driver.press("F4")
        guard case .variables? = fixture.driver.state.overlay else {
            Issue.record("F4 opens the variables")
            return
        }
        let screen = fixture.driver.render()
        let lines = screen.components(separatedBy: "\n")
        // The secret's value shows nowhere, also not where it comes from the process environment.
        #expect(!screen.contains("s3cret"))
        #expect(lines.contains { $0.contains("│token ") && $0.contains("process ($LAZER_VAR_token)") })
        func line(_ name: String) -> String? { lines.first { $0.contains("│" + name + " ") } }
        #expect(line("limit")?.contains("10") == true)
        #expect(line("limit")?.contains("collection") == true)
        #expect(line("token")?.contains("s3cret") == false)
        #expect(line("token")?.contains("collection") == true)
        #expect(line("session")?.contains("sess-123456") == false)
        #expect(line("session")?.contains("captured, kept for dev") == true)
        #expect(line("userId")?.contains("42") == true)
        #expect(line("(base URL)")?.contains("http://dev.mock") == true)
        #expect(line("(base URL)")?.contains("environment dev") == true)
        #expect(line("$uuid")?.contains("dynamic") == true)
        fixture.driver.press("F4")
        #expect(fixture.driver.state.overlay == nil)
    }

    @Test func theVariablesViewSaysWhichLayerWinsAndWhenASecretHasNoValue() throws {
        // No LAZER_VAR_token this time; LAZER_VAR_limit loses to the collection's limit.
        var fixture = try ReducerFixture(
            startup: StartupRequest(request: "a-users"), processEnvironment: ["LAZER_VAR_limit": "99"])
        fixture.driver.press("g", "1", "F4")
        let lines = fixture.driver.render().components(separatedBy: "\n")
        func line(_ name: String, _ source: String) -> String? {
            lines.first { $0.contains("│" + name + " ") && $0.contains(source) }
        }
        #expect(line("limit", "collection")?.contains("(hidden)") == false)
        // It looked as if 99 were sent.
        #expect(line("limit", "hidden: $LAZER_VAR_limit")?.contains("99") == true)
        // A blank value column read as an empty secret.
        #expect(line("token", "collection")?.contains("(not set: secrets file or $LAZER_VAR_token)") == true)
    }

    @Test func f12SwitchesTheMouseOffAndOn() throws {
        var fixture = try fixture()
        #expect(fixture.driver.press("F12").mouseChanges == [false])
        #expect(fixture.driver.state.mouseEnabled == false)
        #expect(fixture.driver.render().contains("mouse off"))
        #expect(fixture.driver.press("F12").mouseChanges == [true])
        #expect(!fixture.driver.render().contains("mouse off"))
    }

    @Test func theEnvironmentPickerMovesAndClosesWithoutChoosing() throws {
        // Stepped exhaustively: moving in the picker and closing it change nothing else.
        var steps = ExplorerStepDriver(try fixture().driver)
        steps.press("F2") { $0.overlays.overlay = .environments(selected: 0) }
        steps.press("j") { $0.overlays.overlay = .environments(selected: 1) }
        steps.press("j")
        steps.press("k") { $0.overlays.overlay = .environments(selected: 0) }
        steps.press("esc") { $0.overlays.overlay = nil }
        #expect(steps.state.environmentName(collectionID: TestCollections.alphaID) == "dev")
        // A collection without environments opens the manager all the same, to add one.
        var beta = try ReducerFixture([TestCollections.beta])
        beta.driver.press("F2")
        #expect(beta.driver.state.overlay == .environments(selected: 0))
        #expect(beta.driver.render().contains("(no environments: a adds one)"))
    }
}

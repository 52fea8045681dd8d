import Explorer
import ExplorerTesting
import Foundation
import Replay
import TUI
import Testing
import Workspace

/// The Runner view's own keys in help (F1, `?`) and the mouse over it: a click selects a request,
/// a click on the selected one opens it, the wheel moves the selection, nothing reaches the panes
/// underneath.
extension RunnerReducerTests {
    /// The Users folder run and finished: Admin panel not sent, List users failed with a check
    /// under it, the rest passed; the Runner view on screen.
    private func finishedRun() throws -> ReducerFixture {
        var fixture = try fixture()
        let job = try #require(fixture.driver.press("R").runJobs.first)
        let failed = Replay.CheckResult(
            subject: "jsonPath", path: "$[0].name", op: "equals", label: "$[0].name", passed: false,
            expected: "Grace", actual: "Ada")
        fixture.driver.reduce(.runner(.result(run: job.run, result("a-admin", .notSent, problems: ["x undefined"]))))
        fixture.driver.reduce(.runner(.result(run: job.run, result("a-users", .failed, checks: [failed]))))
        for id in ["a-user", "a-create", "a-slow"] {
            fixture.driver.reduce(.runner(.result(run: job.run, result(id, .passed))))
        }
        fixture.driver.reduce(.runner(.finished(run: job.run)))
        return fixture
    }

    /// Where `text` first shows on the drawn screen.
    private func position(of text: String, _ fixture: inout ReducerFixture) throws -> Position {
        for (y, line) in fixture.driver.render().components(separatedBy: "\n").enumerated() {
            if let range = line.range(of: text) {
                return Position(x: CharacterWidth.of(line[..<range.lowerBound]), y: y)
            }
        }
        throw MissingText(text: text)
    }

    private struct MissingText: Error {
        var text: String
    }

    @Test func f1AndQuestionMarkShowTheRunnersKeysNotThePanes() throws {
        var fixture = try finishedRun()
        for key in ["F1", "?"] {
            fixture.driver.press(key)
            guard case .help? = fixture.driver.state.overlay else {
                Issue.record("\(key) did not open the help")
                continue
            }
            let screen = fixture.driver.render()
            #expect(screen.contains("Keys for the Runner view"))
            for line in [
                "Cancel the run", "Run the same folder or collection again", "Open the request with the run's",
            ] {
                #expect(screen.contains(line), "\(line)")
            }
            // The collections pane's keys (focused under the view) are not listed.
            #expect(!screen.contains("Filter as you type"))
            #expect(!screen.contains("Outside text fields"))
            fixture.driver.press("esc")
            #expect(fixture.driver.state.overlay == nil)
            #expect(fixture.driver.state.runner?.isShown == true)
        }
    }

    @Test func aClickSelectsARowAClickOnTheSelectedRowOpensItAndTheWheelMoves() throws {
        var fixture = try finishedRun()
        let navigatorRow = fixture.driver.state.navigator.selected
        // A click on a request row selects it; the collections pane under the view does not move.
        fixture.driver.click(try position(of: "Users/Create user", &fixture))
        #expect(fixture.driver.state.runner?.selected == 3)
        #expect(fixture.driver.state.runner?.isShown == true)
        #expect(fixture.driver.state.navigator.selected == navigatorRow)
        // A click on a check line selects the request it belongs to.
        fixture.driver.click(try position(of: "$[0].name: expected Grace", &fixture))
        #expect(fixture.driver.state.runner?.selected == 1)
        // The wheel moves the selection three requests, within the list.
        fixture.driver.reduce(.event(.mouse(MouseEvent(kind: .scrollDown, position: Position(x: 10, y: 5)))))
        #expect(fixture.driver.state.runner?.selected == 4)
        fixture.driver.reduce(.event(.mouse(MouseEvent(kind: .scrollDown, position: Position(x: 10, y: 5)))))
        #expect(fixture.driver.state.runner?.selected == 4)
        fixture.driver.reduce(.event(.mouse(MouseEvent(kind: .scrollUp, position: Position(x: 10, y: 5)))))
        #expect(fixture.driver.state.runner?.selected == 1)
        // A click on the border or the summary selects nothing.
        fixture.driver.click(x: 0, y: 1)
        fixture.driver.click(try position(of: "5 requests:", &fixture))
        #expect(fixture.driver.state.runner?.selected == 1)
        // A second click on the selected request (a double click) opens it, as Enter does.
        let users = TestCollections.key("a-users")
        let effects = fixture.driver.click(try position(of: "Users/List users", &fixture))
        #expect(fixture.driver.state.runner?.isShown == false)
        #expect(fixture.driver.state.selection == users)
        #expect(effects.contains { if case .loadHistory(users) = $0 { true } else { false } })
    }
}

import Explorer
import ExplorerTesting
import Foundation
import Replay
import TUI
import Testing
import Workspace

/// The Runner view in the reducer: what `R` and the palette run, results ticking in, the summary,
/// cancelling, hiding and showing, and Enter opening a row's exchange.
struct RunnerReducerTests {
    private static let usersFolder = ["a-admin", "a-users", "a-user", "a-create", "a-slow"]

    /// The fixture with `request` selected and the collections pane focused.
    func fixture(_ request: String = "a-users") throws -> ReducerFixture {
        var fixture = try ReducerFixture(startup: StartupRequest(request: request))
        fixture.driver.state.focus = .collections
        return fixture
    }

    func result(
        _ requestID: String, _ status: RequestResult.Status, code: Int? = 200, checks: [Replay.CheckResult] = [],
        problems: [String] = []
    ) -> RequestResult {
        var result = RequestResult(
            collectionName: "Alpha", collectionID: TestCollections.alphaID, collectionFile: "alpha.json",
            folderPath: ["Users"], requestID: requestID, name: requestID, method: "GET", url: "http://dev.mock/x",
            environment: "dev", status: status, duration: .milliseconds(3), attempts: 1, checks: checks,
            problems: problems)
        if status == .passed || status == .failed {
            result.responseStatus = code
            result.responseReason = code == 200 ? "OK" : "Not Found"
        }
        return result
    }

    @Test func rOnARequestRunsItsFolderInCollectionOrderInTheSelectedEnvironment() throws {
        var fixture = try fixture()
        let effects = fixture.driver.press("R")
        let job = try #require(effects.runJobs.first)
        #expect(job.plan.items.map(\.request.id) == Self.usersFolder)
        #expect(job.environment == "dev")
        let runner = try #require(fixture.driver.state.runner)
        #expect(runner.run == job.run)
        #expect(runner.isShown && runner.isRunning)
        #expect(
            runner.rows.map(\.path) == [
                "Users/Admin/Admin panel", "Users/List users", "Users/Get user", "Users/Create user", "Users/Slow",
            ])
        #expect(runner.title == "Users · Alpha")
        // Something moves on screen while it runs (the spinner), so the program ticks.
        #expect(fixture.driver.state.isAnimating)
    }

    @Test func thePaletteRunsTheWholeCollectionAndRTheCollectionRow() throws {
        var fixture = try fixture()
        fixture.driver.press("ctrl+p")
        fixture.driver.type("whole collection")
        let job = try #require(fixture.driver.press("enter").runJobs.first)
        #expect(job.plan.items.count == 6)
        #expect(job.plan.items.last?.request.id == "a-root")
        #expect(fixture.driver.state.runner?.title == "Alpha")
    }

    @Test func resultsTickInAStaleRunIsDroppedAndTheSummaryCounts() throws {
        var fixture = try fixture()
        let job = try #require(fixture.driver.press("R").runJobs.first)
        fixture.driver.reduce(.runner(.result(run: job.run - 1, result("a-admin", .passed))))
        #expect(fixture.driver.state.runner?.finishedCount == 0)
        let failed = Replay.CheckResult(
            subject: "jsonPath", path: "$[0].name", op: "equals", label: "$[0].name", passed: false,
            expected: "Grace", actual: "Ada")
        fixture.driver.reduce(.runner(.result(run: job.run, result("a-admin", .notSent, problems: ["x undefined"]))))
        fixture.driver.reduce(.runner(.result(run: job.run, result("a-users", .failed, checks: [failed]))))
        fixture.driver.reduce(.runner(.result(run: job.run, result("a-user", .passed))))
        var screen = fixture.driver.render()
        #expect(screen.contains("✗ GET    Users/List users"))
        #expect(screen.contains("✗ $[0].name: expected Grace, actual Ada"))
        #expect(screen.contains("x undefined"))
        #expect(screen.contains("running…"))
        #expect(screen.contains("3/5"))
        let summary = try #require(fixture.driver.state.runner?.summary)
        #expect(summary.passed == 1 && summary.failed == 1 && summary.notSent == 1)
        for id in ["a-create", "a-slow"] {
            fixture.driver.reduce(.runner(.result(run: job.run, result(id, .passed))))
        }
        fixture.driver.reduce(.runner(.finished(run: job.run)))
        #expect(fixture.driver.state.runner?.isRunning == false)
        #expect(fixture.driver.state.toast?.message == "Run: 2 did not pass")
        screen = fixture.driver.render()
        #expect(screen.contains("5 requests: 3 passed, 1 failed, 1 not sent · 1 checks, 1 failed"))
        #expect(screen.contains("r run again"))
    }

    @Test func aFailureSaysItsStageOnlyWhenTheTransportNamedOne() throws {
        var fixture = try fixture()
        let job = try #require(fixture.driver.press("R").runJobs.first)
        var refused = result("a-admin", .error, code: nil)
        refused.failure = FailureReport(
            kind: "connectionRefused", stage: "connecting", title: "Connection refused", explanation: "",
            hint: "Check the server is running.", detail: "")
        var cancelled = result("a-users", .error, code: nil)
        cancelled.failure = FailureReport(
            kind: "cancelled", stage: "transfer", title: "Cancelled", explanation: "",
            hint: "Run it again when you are ready.", detail: "")
        fixture.driver.reduce(.runner(.result(run: job.run, refused)))
        fixture.driver.reduce(.runner(.result(run: job.run, cancelled)))
        let screen = fixture.driver.render()
        #expect(screen.contains("Connection refused (while connecting)"))
        #expect(screen.contains("Cancelled"))
        #expect(!screen.contains("(while transfer)"))
    }

    /// Stepped exhaustively: every change each key and result makes is stated.
    @Test func cCancelsTheRunEscHidesItF8ShowsItAndRRunsItAgain() throws {
        var fixture = try fixture()
        let job = try #require(fixture.driver.press("R").runJobs.first)
        var steps = ExplorerStepDriver(fixture.driver)
        let cancel = steps.press("c", effects: [.cancelRun(run: job.run)]) { $0.runner?.isCancelling = true }
        #expect(cancel.cancelledRuns == [job.run])
        #expect(steps.state.runner?.isCancelling == true)
        let skipped = result("a-admin", .skipped, code: nil)
        steps.step(.runner(.result(run: job.run, skipped))) { $0.runner?.rows[0].result = skipped }
        let users = TestCollections.key("a-users")
        steps.step(.runner(.finished(run: job.run)), effects: [.loadHistory(users)]) {
            $0.runner?.isRunning = false
            $0.runner?.duration = .zero
            $0.toast = TimedToast(
                message: "Run cancelled: 0 of 5 requests ran", kind: .info, expires: $0.now + .seconds(4))
        }
        #expect(steps.state.toast?.message == "Run cancelled: 0 of 5 requests ran")
        // While shown, j moves in the runner, not in the collections pane.
        let navigatorRow = steps.state.navigator.selected
        steps.press("j") { $0.runner?.selected = 1 }
        #expect(steps.state.runner?.selected == 1)
        #expect(steps.state.navigator.selected == navigatorRow)
        steps.press("esc") { $0.runner?.isShown = false }
        #expect(steps.state.runner?.isShown == false)
        fixture.driver = ExplorerReducerDriver(state: steps.state)
        fixture.driver.press("j")
        #expect(fixture.driver.state.navigator.selected == navigatorRow + 1)
        fixture.driver.press("F8")
        #expect(fixture.driver.state.runner?.isShown == true)
        let again = try #require(fixture.driver.press("r").runJobs.first)
        #expect(again.run > job.run)
        #expect(again.plan.items.map(\.request.id) == Self.usersFolder)
    }

    @Test func theStepDriverFailsOnAChangeTheStepDidNotState() throws {
        var fixture = try fixture()
        fixture.driver.press("R")
        var steps = ExplorerStepDriver(fixture.driver)
        withKnownIssue {
            steps.press("j")  // moves the runner's selection: unstated
        }
        withKnownIssue {
            steps.press("c") { $0.runner?.isCancelling = true }  // returns a cancelRun effect: unstated
        }
        steps.press("k") { $0.runner?.selected = 0 }
    }

    @Test func enterOnARowOpensTheRequestAndTheRunsExchangeFromHistory() throws {
        var fixture = try fixture("a-root")
        let job = try #require(fixture.driver.press("j", "j", "R").runJobs.first)
        #expect(job.plan.items.first?.request.id == "a-admin")
        fixture.driver.reduce(.runner(.result(run: job.run, result("a-admin", .passed))))
        let users = TestCollections.key("a-users")
        fixture.driver.reduce(.runner(.result(run: job.run, result("a-users", .failed))))
        fixture.driver.press("j")
        let effects = fixture.driver.press("enter")
        #expect(fixture.driver.state.selection == users)
        #expect(fixture.driver.state.runner?.isShown == false)
        #expect(fixture.driver.state.focus == .response)
        #expect(effects.contains { if case .loadHistory(users) = $0 { true } else { false } })
        let older = HistoryEntry(
            date: Date(timeIntervalSince1970: 1_700_000_000), requestID: "a-users", environment: "dev", method: "GET",
            url: "http://dev.mock/users", status: 500, durationMilliseconds: 9)
        let fromTheRun = HistoryEntry(
            date: Date(timeIntervalSince1970: 1_700_000_100), requestID: "a-users", environment: "dev", method: "GET",
            url: "http://dev.mock/users", status: 200,
            responseBody: HistoryBody(text: "[{\"name\":\"Ada\"}]", encoding: .utf8, size: 16, truncated: false),
            durationMilliseconds: 3)
        fixture.driver.reduce(.historyLoaded(users, [older, fromTheRun]))
        #expect(fixture.driver.state.response.openedHistory?.date == fromTheRun.date)
        #expect(fixture.driver.state.response.tab == .tree)
        // A later history load does not open anything by itself.
        fixture.driver.reduce(.historyLoaded(users, [older]))
        #expect(fixture.driver.state.response.openedHistory?.date == fromTheRun.date)
    }
}

extension Array where Element == ExplorerEffect {
    /// The runs asked for.
    var runJobs: [RunJob] {
        compactMap { if case .run(let job) = $0 { job } else { nil } }
    }

    /// The runs asked to stop.
    var cancelledRuns: [Int] {
        compactMap { if case .cancelRun(let run) = $0 { run } else { nil } }
    }
}

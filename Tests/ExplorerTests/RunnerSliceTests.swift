import Explorer
import ExplorerTesting
import Foundation
import Replay
import TUI
import Testing
import Workspace

/// The Runner slice on its own, stepped exhaustively: a run started from a plan (one at a time,
/// drafts left out and said), run again once over, shown, and a row opened (its request selected,
/// its run's exchange asked for once the history is loaded, or why it was not sent).
struct RunnerSliceTests {
    private static let alpha = TestCollections.alphaID
    private static let users = TestCollections.key("a-users")
    private static let admin = TestCollections.key("a-admin")
    /// The results the runs report (`RunnerReducerTests`' fixtures).
    private let runs = RunnerReducerTests()

    private func plan(_ folder: [String] = ["Users"], drafts: Set<RequestKey> = []) throws -> RunnerReducer.Plan {
        let document = try #require(ReducerFixture().driver.state.document(collectionID: Self.alpha))
        return RunnerReducer.Plan(
            target: .init(collectionID: Self.alpha, folder: folder), document: document, environment: "dev",
            drafts: drafts)
    }

    /// The Users folder's run as the view shows it, and its job.
    private func usersRun(_ plan: RunnerReducer.Plan, run: Int, at now: Duration) -> (RunnerState, ExplorerEffect) {
        let items = plan.document.collection.allRequests.filter { $0.folderPath.first == "Users" }.map {
            RunPlan.Item(document: plan.document, folderPath: $0.folderPath, request: $0.request)
        }
        let rows = [
            (Self.admin, "Users/Admin/Admin panel"), (Self.users, "Users/List users"),
            (TestCollections.key("a-user"), "Users/Get user"), (TestCollections.key("a-create"), "Users/Create user"),
            (TestCollections.key("a-slow"), "Users/Slow"),
        ].map { key, path in
            RunnerState.Row(key: key, method: key.requestID == "a-create" ? "POST" : "GET", path: path)
        }
        let runner = RunnerState(
            run: run, title: "Users · Alpha", collectionID: Self.alpha, folder: ["Users"], environment: "dev",
            rows: rows, startedAt: now)
        return (runner, .run(RunJob(run: run, plan: RunPlan(items: items), environment: "dev", captures: [:])))
    }

    @Test func aRunStartsFromItsPlanOneAtATimeAndRunsAgainOnceOver() throws {
        let plan = try plan()
        let target = plan.target
        var steps = SliceStepDriver<RunnerReducer>(
            state: nil, context: RunnerReducer.Context(now: .seconds(5), run: 9, plan: plan))
        let (first, job) = usersRun(plan, run: 9, at: .seconds(5))
        steps.step(.start(target), outcome: .init(effects: [job], requests: [.takeGeneration])) { $0 = first }
        // While it runs: another start shows it, `r` says it still goes.
        steps.step(.hide) { $0?.isShown = false }
        steps.step(.start(target), outcome: .init(notice: Notice("A run is in progress (c cancels it)", kind: .info))) {
            $0?.isShown = true
        }
        steps.step(.again, outcome: .init(notice: Notice("The run is still going (c cancels it)", kind: .info)))
        steps.context.now = .seconds(8)
        let failed = runs.result("a-users", .failed, code: 404)
        steps.step(.event(.result(run: 9, failed))) { $0?.rows[1].result = failed }
        steps.step(
            .event(.finished(run: 9, captured: [:])),
            outcome: .init(notice: Notice("Run: 1 did not pass", kind: .error), finishedKeys: first.rows.map(\.key))
        ) {
            $0?.isRunning = false
            $0?.duration = .seconds(3)
        }
        // Over: `r` runs the same folder again, with the next id.
        steps.context.run = 10
        let (second, again) = usersRun(plan, run: 10, at: .seconds(8))
        steps.step(.again, outcome: .init(effects: [again], requests: [.takeGeneration])) { $0 = second }
    }

    @Test func nothingToRunAnEmptyFolderAndDraftsLeftOutAreSaid() throws {
        var steps = SliceStepDriver<RunnerReducer>(state: nil, context: RunnerReducer.Context(now: .zero))
        let nothing = Notice("Nothing to run here: pick a collection, a folder or a request", kind: .warning)
        steps.step(.start(nil), outcome: .init(notice: nothing))
        steps.step(.start(.init(collectionID: "gone", folder: [])), outcome: .init(notice: nothing))
        steps.step(
            .show,
            outcome: .init(notice: Notice("Nothing has run yet: R in the collections pane runs a folder", kind: .info)))
        steps.step(.again)
        steps.context.plan = try plan(["Empty"])
        steps.step(
            .start(steps.context.plan?.target),
            outcome: .init(notice: Notice("Empty has no requests to run", kind: .info)))
        let drafted = try plan(drafts: [Self.users, TestCollections.key("a-root")])
        steps.context.plan = drafted
        let (runner, job) = usersRun(drafted, run: 0, at: .zero)
        steps.step(
            .start(drafted.target),
            outcome: .init(
                effects: [job],
                notice: Notice("Runs the saved requests: 1 unsaved edit is left out", kind: .warning),
                requests: [.takeGeneration])
        ) { $0 = runner }
    }

    @Test func aRowOpensItsRequestAndTheRunsExchangeOrSaysWhyItWasNotSent() throws {
        let plan = try plan()
        let (runner, _) = usersRun(plan, run: 3, at: .zero)
        var steps = SliceStepDriver<RunnerReducer>(state: runner, context: RunnerReducer.Context(now: .zero))
        let notSent = runs.result("a-admin", .notSent, problems: ["headers[0].value: {{traceId}}"])
        let passed = runs.result("a-users", .passed)
        steps.step(.event(.result(run: 3, notSent))) { $0?.rows[0].result = notSent }
        steps.step(.event(.result(run: 3, passed))) { $0?.rows[1].result = passed }
        // A request gone from its collection: said, the view stays.
        steps.step(
            .open,
            outcome: .init(notice: Notice("Users/Admin/Admin panel is no longer in its collection", kind: .warning)))
        steps.context.rowOpenable = true
        steps.step(
            .open,
            outcome: .init(requests: [
                .select(Self.admin), .focusResponse,
                .openOverlay(.sendBlocked(problems: ["headers[0].value: {{traceId}}"], selected: 0)),
            ])
        ) { $0?.isShown = false }
        // A click selects a row; a click on the selected row opens it (its exchange once its history is here).
        steps.step(.click(row: 1)) { $0?.selected = 1 }
        steps.step(.click(row: 1), outcome: .init(requests: [.select(Self.users), .focusResponse])) {
            $0?.opening = Self.users
        }
        steps.step(.historyLoaded(Self.users))
        steps.context.selection = Self.users
        steps.step(.historyLoaded(Self.admin))
        steps.step(.historyLoaded(Self.users), outcome: .init(requests: [.openNewestHistory(checks: [])])) {
            $0?.opening = nil
        }
        // A later history load opens nothing by itself.
        steps.step(.historyLoaded(Self.users))
    }

    @Test func theViewMovesHidesAndCancelsOnItsOwnState() throws {
        let (runner, _) = usersRun(try plan(), run: 4, at: .seconds(1))
        var steps = SliceStepDriver<RunnerReducer>(state: runner, context: RunnerReducer.Context(now: .seconds(2)))
        steps.step(.move(rows: 10)) { $0?.selected = 4 }
        steps.step(.cancel, outcome: .init(effects: [.cancelRun(run: 4)])) { $0?.isCancelling = true }
        steps.step(
            .event(.finished(run: 4, captured: [:])),
            outcome: .init(
                notice: Notice("Run cancelled: 0 of 5 requests ran", kind: .info), finishedKeys: runner.rows.map(\.key))
        ) {
            $0?.isRunning = false
            $0?.duration = .seconds(1)
        }
        steps.step(.cancel, outcome: .init(notice: Notice("The run is over (r runs it again)", kind: .info)))
        steps.step(.show) { $0?.isShown = false }
        steps.step(.show) { $0?.isShown = true }
    }
}

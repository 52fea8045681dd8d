import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// The slice step driver is exhaustive: a step passes when the state and the outcome are what it
/// states, and fails when the slice changed something unstated or asked for something unstated
/// (checked on the Runner slice, the smallest).
struct SliceStepDriverTests {
    private func runner() -> SliceStepDriver<RunnerReducer> {
        let rows = ["a", "b", "c"].map {
            RunnerState.Row(key: RequestKey(collectionID: "c", requestID: $0), method: "GET", path: $0)
        }
        let state = RunnerState(
            run: 7, title: "T", collectionID: "c", folder: [], environment: nil, rows: rows, startedAt: .seconds(1))
        return SliceStepDriver(state: state, context: RunnerReducer.Context(now: .seconds(3)))
    }

    @Test func statedChangesAndOutcomesPass() {
        var steps = runner()
        steps.step(.move(rows: 1)) { $0?.selected = 1 }
        steps.step(.move(rows: 5)) { $0?.selected = 2 }
        steps.step(.cancel, outcome: RunnerReducer.Outcome(effects: [.cancelRun(run: 7)])) { $0?.isCancelling = true }
        steps.step(
            .event(.finished(run: 7, captured: [:])),
            outcome: RunnerReducer.Outcome(
                notice: Notice("Run cancelled: 0 of 3 requests ran", kind: .info),
                finishedKeys: (steps.state?.rows ?? []).map(\.key))
        ) {
            $0?.isRunning = false
            $0?.duration = .seconds(2)
        }
        // The context is the driver's, changed between steps.
        steps.context.now = .seconds(9)
        steps.step(
            .cancel, outcome: RunnerReducer.Outcome(notice: Notice("The run is over (r runs it again)", kind: .info)))
    }

    @Test func anUnstatedChangeOrOutcomeFailsAndTheStateGoesOn() {
        var steps = runner()
        withKnownIssue {
            steps.step(.move(rows: 1))  // moves the selection: unstated
        }
        #expect(steps.state?.selected == 1)
        withKnownIssue {
            steps.step(.cancel) { $0?.isCancelling = true }  // asks for a cancelRun effect: unstated
        }
        withKnownIssue {
            steps.step(.moveTo(row: 0)) { $0?.selected = 2 }  // a wrong expectation fails too
        }
        steps.step(.moveTo(row: 2)) { $0?.selected = 2 }
    }
}

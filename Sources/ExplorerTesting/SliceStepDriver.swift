package import Explorer
package import Testing

/// Steps one slice of the explorer's reducer (`RunnerReducer`, `ResponseReducer`, …) like an
/// exhaustive test store, as `ExplorerStepDriver` steps the whole reducer: each step names an
/// action, how the slice's state must change (a closure that makes the expected state from the
/// state before) and the outcome the step must return (nothing asked, unless said). A step that
/// changes anything the closure did not state, or returns another outcome, fails naming the
/// properties that differ; the state then goes on from what the reducer made, so one failure
/// does not cascade.
///
/// ```swift
/// var steps = SliceStepDriver<RunnerReducer>(state: runner, context: .init(now: .zero))
/// steps.step(.move(rows: 1)) { $0.selected = 1 }
/// steps.step(.cancel, outcome: .init(effects: [.cancelRun(run: 3)])) { $0.isCancelling = true }
/// ```
package struct SliceStepDriver<Reducer: SliceReducer> {
    package private(set) var state: Reducer.State
    /// What the slice is given of the rest of the explorer; tests change it between steps (the
    /// time passing, another result shown).
    package var context: Reducer.Context

    package init(state: Reducer.State, context: Reducer.Context) {
        self.state = state
        self.context = context
    }

    /// Reduces `action`; the state must become what `update` makes of the state before, and the
    /// outcome must be `outcome`. Returns the outcome, for asserting on parts of it instead.
    @discardableResult
    package mutating func step(
        _ action: Reducer.Action, outcome: Reducer.Outcome = .init(),
        sourceLocation: SourceLocation = #_sourceLocation, _ update: (inout Reducer.State) -> Void = { _ in }
    ) -> Reducer.Outcome {
        var expected = state
        update(&expected)
        let returned = Reducer.reduce(&state, action, context)
        if state != expected {
            Issue.record(
                Comment(
                    rawValue: "\(action) changed the state otherwise than expected:\n"
                        + StateDifferences.describe(expected, state)),
                sourceLocation: sourceLocation)
        }
        if returned != outcome {
            Issue.record(
                Comment(
                    rawValue: "\(action) returned another outcome:\n" + StateDifferences.describe(outcome, returned)),
                sourceLocation: sourceLocation)
        }
        return returned
    }
}

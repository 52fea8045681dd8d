package import Explorer
import TUI
package import Testing

/// Steps the reducer like an exhaustive test store: each step names an action, how the state must
/// change (a closure that makes the expected state from the state before), and the effects the
/// step must return. A step that changes anything the closure did not — or returns other effects
/// — fails, naming the properties that differ; the state then goes on from what the reducer made,
/// so one failure does not cascade.
package struct ExplorerStepDriver {
    package private(set) var state: ExplorerState

    package init(state: ExplorerState) {
        self.state = state
    }

    /// Starts from where a plain driver got to (collections loaded, keys pressed to set up).
    package init(_ driver: ExplorerReducerDriver) {
        state = driver.state
    }

    /// Reduces `action`; the state must become what `update` makes of the state before, and the
    /// effects must be `effects` (none unless said).
    @discardableResult
    package mutating func step(
        _ action: ExplorerAction, effects: [ExplorerEffect] = [], sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout ExplorerState) -> Void = { _ in }
    ) -> [ExplorerEffect] {
        var expected = state
        update(&expected)
        let returned = ExplorerReducer.reduce(&state, action)
        if state != expected {
            Issue.record(
                Comment(
                    rawValue: "\(action) changed the state otherwise than expected:\n"
                        + Self.differences(expected, state)),
                sourceLocation: sourceLocation)
        }
        if returned != effects {
            Issue.record(
                Comment(
                    rawValue:
                        "\(action) returned other effects:\n  expected \(Self.short(effects))\n  actual   \(Self.short(returned))"
                ),
                sourceLocation: sourceLocation)
        }
        return returned
    }

    /// Presses one key (written as in keymap files: `"j"`, `"ctrl+s"`, `"F5"`) as a step.
    @discardableResult
    package mutating func press(
        _ key: String, effects: [ExplorerEffect] = [], sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout ExplorerState) -> Void = { _ in }
    ) -> [ExplorerEffect] {
        guard let event = KeySpec.parse(key) else {
            Issue.record("not a key: \"\(key)\"", sourceLocation: sourceLocation)
            return []
        }
        return step(.event(.key(event)), effects: effects, sourceLocation: sourceLocation, update)
    }

    /// The top-level properties of the state that differ, each with both values (shortened).
    static func differences(_ expected: ExplorerState, _ actual: ExplorerState) -> String {
        StateDifferences.describe(expected, actual)
    }

    private static func short(_ value: Any) -> String { StateDifferences.short(value) }
}

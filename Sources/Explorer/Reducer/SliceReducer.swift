package import TUI

/// The shape every slice of the explorer's reducer has (Runner, Response, Overlays, …): it
/// reduces only its own `State`, from its own `Action`; what it needs of other slices comes in a
/// `Context` value, what it asks of the rest (effects, a notice, requests to the root) goes back
/// in an `Outcome` the root applies. The protocol lets one test driver step every slice.
package protocol SliceReducer {
    associatedtype State: Equatable & Sendable
    associatedtype Action: Equatable & Sendable
    associatedtype Context: Equatable & Sendable
    associatedtype Outcome: SliceOutcome

    static func reduce(_ state: inout State, _ action: Action, _ context: Context) -> Outcome
}

/// What a slice step asks of the rest; `init()` is the step that asks nothing.
package protocol SliceOutcome: Equatable, Sendable {
    init()
}

/// The usual outcome: effects to run, a notice, and the slice's own requests to the root, in
/// order (each slice names its `Request` type; the Runner's and the editor's say more).
package struct SliceRequests<Request: Equatable & Sendable>: SliceOutcome {
    package var effects: [ExplorerEffect] = []
    package var notice: Notice?
    package var requests: [Request] = []

    package init() {}

    package init(effects: [ExplorerEffect] = [], notice: Notice? = nil, requests: [Request] = []) {
        self.effects = effects
        self.notice = notice
        self.requests = requests
    }
}

/// A message a slice wants shown as a toast (the root times it).
package struct Notice: Equatable, Sendable {
    package var message: String
    package var kind: Toast.Kind
    /// More than a status line holds (what an export could not carry): kept with the message in
    /// the recent messages `F9` lists whole.
    package var details: String?

    package init(_ message: String, kind: Toast.Kind, details: String? = nil) {
        self.message = message
        self.kind = kind
        self.details = details
    }
}

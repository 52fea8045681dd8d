import Replay
import TUI
package import Workspace

/// The Runner view's slice: reduces only `state.runner` (a `RunnerState`, nil until something
/// ran), from its own actions: starting a run, moving, hiding, cancelling, results arriving, the
/// end of a run, and opening a row's exchange. What it needs of the rest comes in a `Context` (the
/// time, the collection to run as a `Plan`, the selection); what it asks of the rest goes back in
/// an `Outcome` (effects, a notice, values the run captured, requests: select a request, show its
/// run's exchange, take a generation for the run), which the root applies.
package enum RunnerReducer: SliceReducer {
    package typealias State = RunnerState?

    package enum Action: Equatable, Sendable {
        /// Moves the selection by `rows` (negative: up), within the list.
        case move(rows: Int)
        case moveTo(row: Int)
        case hide
        case cancel
        case event(RunnerEvent)
        /// Runs the collection or folder `target` (nil: nothing to run under the cursor); the
        /// Context's `plan` is what it holds.
        case start(RunTarget?)
        /// `r` in the view: the same folder again (the Context's `plan`), once the run is over.
        case again
        /// Shows or hides the view of the last run.
        case show
        /// Enter on a row: the view hides, the request is selected, its run's exchange opens once
        /// its history is loaded.
        case open
        /// A click on a row: selects it; a click on the selected row opens it.
        case click(row: Int)
        /// The selected request's history loaded: the run's exchange opens if Enter asked for it.
        case historyLoaded(RequestKey)
    }

    /// A collection, or a folder of it, to run.
    package struct RunTarget: Equatable, Sendable {
        package var collectionID: String
        package var folder: [String]

        package init(collectionID: String, folder: [String]) {
            self.collectionID = collectionID
            self.folder = folder
        }
    }

    /// What a run needs of the workspace: the collection, the environment in use, the drafts left
    /// out (runs send the saved requests), the values captured so far.
    package struct Plan: Equatable, Sendable {
        package var target: RunTarget
        package var document: CollectionDocument
        package var environment: String?
        package var drafts: Set<RequestKey>
        package var captures: [String: [String: VariableScope.Value]]
        /// The `{{$prompt}}` answers given this session: a run asks nothing, and a request whose
        /// prompt has no answer yet is not sent (it says so).
        package var answers: [String: String]

        package init(
            target: RunTarget, document: CollectionDocument, environment: String? = nil, drafts: Set<RequestKey> = [],
            captures: [String: [String: VariableScope.Value]] = [:], answers: [String: String] = [:]
        ) {
            self.answers = answers
            self.target = target
            self.document = document
            self.environment = environment
            self.drafts = drafts
            self.captures = captures
        }
    }

    package struct Context: Equatable, Sendable {
        package var now: Duration
        /// The id a new run takes (the generation counter the exchanges slice keeps).
        package var run = 0
        /// What `start` or `again` runs (nil: its collection is not loaded).
        package var plan: Plan?
        package var selection: RequestKey?
        /// The selected row's request still exists (it can be opened).
        package var rowOpenable = false
        /// The key that runs a folder, named when nothing has run yet.
        package var runKey = "R"

        package init(
            now: Duration, run: Int = 0, plan: Plan? = nil, selection: RequestKey? = nil, rowOpenable: Bool = false,
            runKey: String = "R"
        ) {
            self.now = now
            self.run = run
            self.plan = plan
            self.selection = selection
            self.rowOpenable = rowOpenable
            self.runKey = runKey
        }
    }

    package enum Request: Equatable, Sendable {
        /// The run took the Context's `run` as its id: the counter moves on.
        case takeGeneration
        /// Select this request (the row opened).
        case select(RequestKey)
        case focusResponse
        case openOverlay(Overlay)
        /// Show the newest history entry (the run's exchange) with the checks the run evaluated.
        case openNewestHistory(checks: [CheckResult])
    }

    package struct Outcome: SliceOutcome {
        package var effects: [ExplorerEffect] = []
        package var notice: Notice?
        /// Values the run ended with, per collection id, for later sends.
        package var captured: [String: [String: VariableScope.Value]] = [:]
        /// The run is over and included these requests (the selected one's history reloads).
        package var finishedKeys: [RequestKey] = []
        package var requests: [Request] = []

        package init() {}

        package init(
            effects: [ExplorerEffect] = [], notice: Notice? = nil,
            captured: [String: [String: VariableScope.Value]] = [:], finishedKeys: [RequestKey] = [],
            requests: [Request] = []
        ) {
            self.effects = effects
            self.notice = notice
            self.captured = captured
            self.finishedKeys = finishedKeys
            self.requests = requests
        }
    }

    /// The action a Runner view command is.
    static func action(_ command: RunnerCommand, rows: Int) -> Action? {
        switch command {
        case .up: .move(rows: -1)
        case .down: .move(rows: 1)
        case .pageUp: .move(rows: -10)
        case .pageDown: .move(rows: 10)
        case .top: .moveTo(row: 0)
        case .bottom: .moveTo(row: max(0, rows - 1))
        case .hide: .hide
        case .cancel: .cancel
        case .again: .again
        case .open: .open
        case .show: .show
        case .run, .runCollection, .load, .loadStart, .loadStop, .loadAgain, .loadHide: nil
        }
    }

    package static func reduce(_ state: inout RunnerState?, _ action: Action, _ context: Context) -> Outcome {
        switch action {
        case .start(let target):
            guard target != nil, let plan = context.plan else {
                return Outcome(
                    notice: Notice("Nothing to run here: pick a collection, a folder or a request", kind: .warning))
            }
            return start(plan, &state, context)
        case .again:
            guard let runner = state else { return Outcome() }
            guard !runner.isRunning else {
                return Outcome(notice: Notice("The run is still going (c cancels it)", kind: .info))
            }
            guard let plan = context.plan else {
                return Outcome(
                    notice: Notice("Nothing to run here: pick a collection, a folder or a request", kind: .warning))
            }
            return start(plan, &state, context)
        case .show:
            guard state != nil else {
                return Outcome(
                    notice: Notice(
                        "Nothing has run yet: \(context.runKey) in the collections pane runs a folder", kind: .info))
            }
            state?.isShown.toggle()
            return Outcome()
        case .historyLoaded(let key):
            return historyLoaded(key, &state, context)
        default:
            guard var runner = state else { return Outcome() }
            let outcome = reduceRun(&runner, action, context)
            state = runner
            return outcome
        }
    }
}

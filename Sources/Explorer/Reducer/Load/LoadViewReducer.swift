import Foundation
import Load
import Replay
package import TUI
package import Workspace

/// The Load view's slice: reduces only `state.load` (a `LoadViewState`, nil until a test was
/// opened), from its own actions: opening the form for a target, typing in it, starting (the
/// `Load` module's run as an effect), snapshots and the end arriving, stopping, a new form, hiding.
/// What it needs of the workspace (the collection, its environment, captures, answers) comes in
/// the Context; what it asks of the rest (effects, a notice) goes back in the Outcome.
package enum LoadViewReducer: SliceReducer {
    package typealias State = LoadViewState?

    package enum Action: Equatable, Sendable {
        /// `L`: the running test's view again, else a new form for `target` (the last form's texts kept).
        case open(Target)
        /// A key while the form is shown: typing, Backspace, Tab and the arrows between fields.
        case formKey(KeyEvent)
        case start
        case stop
        case again
        case hide
        case event(LoadEvent)
    }

    /// What a test loads: a request, or every request of a folder or collection.
    package struct Target: Equatable, Sendable {
        package var title: String
        package var collectionID: String
        package var folder: [String]
        package var requestID: String?

        package init(title: String, collectionID: String, folder: [String], requestID: String?) {
            self.title = title
            self.collectionID = collectionID
            self.folder = folder
            self.requestID = requestID
        }
    }

    package struct Context: Equatable, Sendable {
        /// The target's collection (nil: no longer loaded).
        package var document: CollectionDocument?
        package var environment: String?
        package var captures: [String: [String: VariableScope.Value]] = [:]
        package var answers: [String: String] = [:]

        package init(
            document: CollectionDocument? = nil, environment: String? = nil,
            captures: [String: [String: VariableScope.Value]] = [:], answers: [String: String] = [:]
        ) {
            self.document = document
            self.environment = environment
            self.captures = captures
            self.answers = answers
        }
    }

    package struct Outcome: SliceOutcome {
        package var effects: [ExplorerEffect] = []
        package var notice: Notice?
        /// The form took the key.
        package var handled = false

        package init() {}

        package init(effects: [ExplorerEffect] = [], notice: Notice? = nil, handled: Bool = false) {
            self.effects = effects
            self.notice = notice
            self.handled = handled
        }
    }

    package static func reduce(_ state: inout LoadViewState?, _ action: Action, _ context: Context) -> Outcome {
        switch action {
        case .open(let target):
            if let view = state, view.phase == .running {
                state?.isShown = true
                return Outcome()
            }
            var view = LoadViewState(
                run: (state?.run ?? 0) + 1, title: target.title, collectionID: target.collectionID,
                folder: target.folder, requestID: target.requestID)
            if let previous = state { view.form = previous.form }
            view.form.problem = nil
            state = view
        case .formKey(let key):
            guard state?.phase == .form, var form = state?.form else { return Outcome() }
            guard type(key, into: &form) else { return Outcome() }
            form.problem = nil
            state?.form = form
            return Outcome(handled: true)
        case .start:
            guard var view = state, view.phase == .form else { return Outcome() }
            let outcome = start(&view, context)
            state = view
            return outcome
        case .stop:
            guard let view = state, view.phase == .running else { return Outcome() }
            // Stopping again cancels the requests still in flight (a server that never answers
            // kept the view "stopping" for good).
            guard !view.isStopping else {
                return Outcome(
                    effects: [.stopLoad(run: view.run, cancelInFlight: true)],
                    notice: Notice("Cancelling the requests in flight", kind: .info))
            }
            state?.isStopping = true
            return Outcome(effects: [.stopLoad(run: view.run, cancelInFlight: false)])
        case .again:
            guard state?.phase == .finished else { return Outcome() }
            state?.phase = .form
            state?.form.problem = nil
        case .hide:
            state?.isShown = false
            if state?.phase == .running {
                return Outcome(notice: Notice("The load test goes on: L shows it", kind: .info))
            }
        case .event(let event):
            return reduceEvent(&state, event)
        }
        return Outcome()
    }

    /// Enter in the form: the test starts with the texts' model, or the form says what is wrong.
    private static func start(_ view: inout LoadViewState, _ context: Context) -> Outcome {
        let model: LoadModel
        let thresholds: [LoadThreshold]
        do throws(LoadArguments.Problem) {
            (model, thresholds) = try view.form.parsed()
        } catch {
            view.form.problem = error.description
            return Outcome()
        }
        guard let document = context.document else {
            view.form.problem = "the collection is no longer loaded"
            return Outcome()
        }
        let items = document.collection.allRequests.filter { [view] location in
            if let requestID = view.requestID { return location.request.id == requestID }
            return location.folderPath.starts(with: view.folder)
        }.map { RunPlan.Item(document: document, folderPath: $0.folderPath, request: $0.request) }
        guard !items.isEmpty else {
            view.form.problem = "nothing to send: no request here"
            return Outcome()
        }
        view.run += 1
        view.phase = .running
        view.isStopping = false
        view.verdicts = []
        view.snapshot = LoadSnapshot()
        let job = LoadJob(
            run: view.run, plan: RunPlan(items: items), model: model, thresholds: thresholds,
            environment: context.environment, captures: context.captures, answers: context.answers)
        return Outcome(effects: [.startLoad(job)])
    }

    private static func reduceEvent(_ state: inout LoadViewState?, _ event: LoadEvent) -> Outcome {
        switch event {
        case .progress(let run, let snapshot):
            guard state?.run == run, state?.phase == .running else { return Outcome() }
            state?.snapshot = snapshot
            return Outcome()
        case .finished(let run, let snapshot, let verdicts):
            guard let view = state, view.run == run, view.phase == .running else { return Outcome() }
            state?.phase = .finished
            state?.snapshot = snapshot
            state?.verdicts = verdicts
            let failed = verdicts.count { !$0.passed }
            let what = "\(snapshot.finished) requests in \(DurationText.format(snapshot.elapsed))"
            if view.isStopping { return Outcome(notice: Notice("Load test stopped: \(what)", kind: .info)) }
            if failed > 0 {
                return Outcome(
                    notice: Notice("Load test: \(failed) of \(verdicts.count) thresholds failed", kind: .error))
            }
            return Outcome(notice: Notice("Load test over: \(what)", kind: .success))
        }
    }

    /// Typing in the form (the field's editor: cursor moves, Home/End, selection, word deletes,
    /// undo); Tab and ↑/↓ move between fields; false for keys it leaves to the keymap (Enter).
    private static func type(_ key: KeyEvent, into form: inout LoadViewState.Form) -> Bool {
        let fields = LoadViewState.Form.Field.allCases
        switch key.key {
        case .tab, .down:
            form.field = fields[(form.field.rawValue + 1) % fields.count]
        case .backTab, .up:
            form.field = fields[(form.field.rawValue + fields.count - 1) % fields.count]
        default:
            var editor = form[editor: form.field]
            guard editor.handle(key) else { return false }
            // A pasted novel is not a rate: the field keeps to 200 characters.
            if editor.text.count <= 200 { form[editor: form.field] = editor }
        }
        return true
    }
}

import Foundation
package import Load
package import Replay
package import TUI
package import Workspace

/// The Load view: a request, folder or collection load tested through the `Load` module (the
/// engine of `lazer load`). It opens on a small form (rate and duration, or virtual users, and
/// thresholds), then shows the run live — a snapshot of its numbers each second — and keeps the
/// result (stopped or finished) with the thresholds' verdicts until the view is closed.
package struct LoadViewState: Sendable, Equatable {
    package enum Phase: Sendable, Equatable {
        case form
        case running
        case finished
    }

    /// The form's texts, as typed: the same syntax as `lazer load`'s options.
    package struct Form: Sendable, Equatable {
        package enum Field: Int, CaseIterable, Sendable {
            case rate, duration, vus, thresholds

            package var label: String {
                switch self {
                case .rate: "Rate"
                case .duration: "Duration"
                case .vus: "Virtual users"
                case .thresholds: "Thresholds"
                }
            }

            package var hint: String {
                switch self {
                case .rate: "requests started per second (open model): 50/s, 30/m"
                case .duration: "how long: 10s, 500ms, 2m"
                case .vus: "instead of a rate: users each sending in turn (closed model)"
                case .thresholds: "comma-separated: p99<200ms, errors<1%, checks>=99%"
                }
            }
        }

        /// One single-line editor per field (cursor, selection, undo, sideways scroll), each
        /// opened with its cursor at the end of its text.
        package var rateField = Form.editor("20/s")
        package var durationField = Form.editor("10s")
        package var vusField = Form.editor("")
        package var thresholdsField = Form.editor("p99<500ms, errors<1%")
        package var field = Field.rate
        /// Why the texts do not make a load test (shown under the form).
        package var problem: String?

        package init() {}

        static func editor(_ text: String) -> TextEditorState {
            var editor = TextEditorState(text: text, singleLine: true)
            editor.move(.lineEnd)
            return editor
        }

        /// The field's editor.
        package subscript(editor field: Field) -> TextEditorState {
            get {
                switch field {
                case .rate: rateField
                case .duration: durationField
                case .vus: vusField
                case .thresholds: thresholdsField
                }
            }
            set {
                switch field {
                case .rate: rateField = newValue
                case .duration: durationField = newValue
                case .vus: vusField = newValue
                case .thresholds: thresholdsField = newValue
                }
            }
        }

        /// The field's text; setting it replaces the text, the cursor at its end.
        package subscript(_ field: Field) -> String {
            get { self[editor: field].text }
            set { self[editor: field] = Form.editor(newValue) }
        }

        package var rate: String { self[.rate] }
        package var duration: String { self[.duration] }
        package var vus: String { self[.vus] }
        package var thresholds: String { self[.thresholds] }

        /// The model and thresholds the texts give, or why not.
        package func parsed() throws(LoadArguments.Problem) -> (LoadModel, [LoadThreshold]) {
            let trimmedVUs = vus.trimmingCharacters(in: .whitespaces)
            let length = try LoadArguments.duration(duration.trimmingCharacters(in: .whitespaces))
            let limits = try thresholds.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.map(LoadThreshold.parse)
            if !trimmedVUs.isEmpty {
                guard let users = Int(trimmedVUs), users > 0, users <= 1_000 else {
                    throw LoadArguments.Problem("Virtual users takes 1 to 1000 here (lazer load --vus up to 10000)")
                }
                let model = LoadModel.closed(vus: users, duration: length, iterations: nil)
                for limit in limits { try limit.check(for: model) }
                return (model, limits)
            }
            let perSecond = try LoadArguments.rate(rate.trimmingCharacters(in: .whitespaces))
            let model = LoadModel.open(startRate: perSecond, stages: [.init(duration: length, rate: perSecond)])
            guard (model.plannedRequests ?? 0) > 0 else { throw LoadArguments.Problem("the rate plans no request") }
            return (model, limits)
        }
    }

    /// Which run this is: snapshots of an older run are dropped.
    package var run: Int
    /// What is loaded: a request's path, a folder or the collection's name.
    package var title: String
    package var collectionID: String
    package var folder: [String]
    /// One request only (the request under the cursor), or every request under `folder`.
    package var requestID: String?
    package var phase = Phase.form
    package var form = Form()
    package var snapshot: LoadSnapshot?
    package var verdicts: [LoadThreshold.Verdict] = []
    /// Stop was asked: the result so far comes as the run ends.
    package var isStopping = false
    package var isShown = true

    package init(run: Int, title: String, collectionID: String, folder: [String], requestID: String?) {
        self.run = run
        self.title = title
        self.collectionID = collectionID
        self.folder = folder
        self.requestID = requestID
    }
}

/// What a load test needs from the workspace, handed to the program as an effect.
package struct LoadJob: Sendable, Equatable {
    package var run: Int
    package var plan: RunPlan
    package var model: LoadModel
    package var thresholds: [LoadThreshold]
    package var environment: String?
    package var captures: [String: [String: VariableScope.Value]]
    package var answers: [String: String]

    package init(
        run: Int, plan: RunPlan, model: LoadModel, thresholds: [LoadThreshold], environment: String?,
        captures: [String: [String: VariableScope.Value]] = [:], answers: [String: String] = [:]
    ) {
        self.run = run
        self.plan = plan
        self.model = model
        self.thresholds = thresholds
        self.environment = environment
        self.captures = captures
        self.answers = answers
    }
}

/// What a load test reports back to the reducer.
package enum LoadEvent: Sendable, Equatable {
    /// The numbers so far (each second while it runs).
    case progress(run: Int, LoadSnapshot)
    /// The run is over (its end, or stopped), with the thresholds' verdicts.
    case finished(run: Int, LoadSnapshot, [LoadThreshold.Verdict])
}

import Foundation
package import Replay
package import Workspace

/// The Runner view: a folder or a collection replayed by `Replay` (the engine of `lazer run`)
/// against the selected environment, its requests ticking through as they finish. It stays in
/// the state after the run, so F8 shows it again after a row was opened.
package struct RunnerState: Sendable, Equatable {
    /// One planned request and, once it finished, its result.
    package struct Row: Sendable, Equatable {
        package var key: RequestKey
        package var method: String
        /// `Folder/Sub/Name` inside its collection.
        package var path: String
        package var result: RequestResult?

        package init(key: RequestKey, method: String, path: String, result: RequestResult? = nil) {
            self.key = key
            self.method = method
            self.path = path
            self.result = result
        }
    }

    /// Which run this is: results of an older run are dropped.
    package var run: Int
    /// What runs: `Posts` (a folder) or the collection's name.
    package var title: String
    package var collectionID: String
    /// The folder that runs (`[]`: the whole collection); `r` runs it again.
    package var folder: [String]
    package var environment: String?
    package var rows: [Row]
    /// The highlighted request row.
    package var selected = 0
    /// The first display line on screen (kept by the view so the selection stays visible).
    package var scroll = 0
    package var isRunning = true
    /// Cancel was asked; the rest of the run is reported skipped.
    package var isCancelling = false
    /// When the run started and (once over) how long it took, on the program's clock.
    package var startedAt: Duration
    package var duration: Duration?
    /// Whether the view is on screen (Esc hides it; F8 shows it again).
    package var isShown = true
    /// A row opened with Enter: its exchange is opened from history once that has loaded.
    package var opening: RequestKey?

    package init(
        run: Int, title: String, collectionID: String, folder: [String], environment: String?, rows: [Row],
        startedAt: Duration
    ) {
        self.run = run
        self.title = title
        self.collectionID = collectionID
        self.folder = folder
        self.environment = environment
        self.rows = rows
        self.startedAt = startedAt
    }

    /// How many requests have finished.
    package var finishedCount: Int { rows.count { $0.result != nil } }

    /// The counts of the results so far, as `lazer run`'s summary counts them.
    package var summary: RunReport.Summary {
        RunReport(
            results: rows.compactMap(\.result), environment: environment, startedAt: .distantPast, duration: .zero
        )
        .summary
    }

    /// The row the next result belongs to: the first unfinished one with its request.
    func index(for result: RequestResult) -> Int? {
        rows.firstIndex {
            $0.result == nil && $0.key.requestID == result.requestID && $0.key.collectionID == result.collectionID
        }
    }
}

/// A run for the program: the plan, the environment and the values captured by earlier sends
/// (it starts from them, as a Postman run starts from the current environment); results come
/// back as `runner` actions.
package struct RunJob: Sendable, Equatable {
    package var run: Int
    package var plan: RunPlan
    package var environment: String?
    package var captures: [String: [String: VariableScope.Value]]
    /// The `{{$prompt}}` answers given this session, by label.
    package var answers: [String: String]
    /// Collection files whose command-trust question was answered for this run.
    package var trustAsked: Set<String> = []
    /// Collection files whose script-trust question was answered for this run.
    package var scriptTrustAsked: Set<String> = []

    package init(
        run: Int, plan: RunPlan, environment: String?, captures: [String: [String: VariableScope.Value]] = [:],
        answers: [String: String] = [:]
    ) {
        self.answers = answers
        self.run = run
        self.plan = plan
        self.environment = environment
        self.captures = captures
    }
}

/// What a run reports back to the reducer.
package enum RunnerEvent: Sendable, Equatable {
    /// One request finished (in plan order).
    case result(run: Int, RequestResult)
    /// The run is over (all done, or cancelled), with the variables it ended with per collection
    /// (the captures it started from and those it took), which later sends use.
    case finished(run: Int, captured: [String: [String: VariableScope.Value]] = [:])
}

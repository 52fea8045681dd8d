import AnnotatedLocks
import Synchronization

/// The labelled stages of a future chain, each with its start, end and outcome, so a chain's time
/// is attributed stage by stage (dispatch → validate → decode JSON → expectations → captures).
///
/// Stages are declared when the chain is built (``ResponseFuture/stage(_:in:)``,
/// ``ResponseFuture/stage(_:in:on:_:)``), in chain order, so a display can list them all before
/// any runs; each then starts, and ends with an ``ChainStage/Outcome``. A stage whose input never
/// came (an earlier stage failed or the chain was cancelled) ends `skipped`.
///
/// Threading: thread-safe. `onChange` runs on the thread where the stage changed (the chain's
/// scheduler or the `then(on:)` queue) after the change is stored: keep it quick, or hop.
public final class ChainStages: Sendable {
    private let state = Mutex<[ChainStage]>([])
    private let clock: @Sendable () -> Duration
    private let onChange: (@Sendable (ChainStage) -> Void)?

    /// - Parameters:
    ///   - clock: the time stages are measured on, as an offset (tests pass a manual one); by
    ///     default the monotonic clock from when the recorder was made.
    ///   - onChange: called with a stage each time it is declared, starts or ends.
    public init(
        clock: (@Sendable () -> Duration)? = nil, onChange: (@Sendable (ChainStage) -> Void)? = nil
    ) {
        if let clock {
            self.clock = clock
        } else {
            let start = ContinuousClock.now
            self.clock = { ContinuousClock.now - start }
        }
        self.onChange = onChange
    }

    /// Every stage so far, in declaration (chain) order.
    public var stages: [ChainStage] { state.withLock(ownedBy: self) { $0 } }

    /// The stage running now, if one is.
    public var running: ChainStage? { stages.first { $0.start != nil && $0.outcome == nil } }

    /// Adds a stage that has not started yet; returns its index.
    public func declare(_ label: String) -> Int {
        let (index, stage) = state.withLock(ownedBy: self) { stages -> (Int, ChainStage) in
            stages.append(ChainStage(index: stages.count, label: label))
            return (stages.count - 1, stages[stages.count - 1])
        }
        onChange?(stage)
        return index
    }

    /// Marks stage `index` started now (once).
    public func start(_ index: Int) {
        let now = clock()
        change(index) { stage in
            guard stage.start == nil, stage.outcome == nil else { return false }
            stage.start = now
            return true
        }
    }

    /// Ends stage `index` now with `outcome` (once; a stage that never started gets `start == end`).
    public func finish(_ index: Int, _ outcome: ChainStage.Outcome) {
        let now = clock()
        change(index) { stage in
            guard stage.outcome == nil else { return false }
            if stage.start == nil { stage.start = now }
            stage.end = now
            stage.outcome = outcome
            return true
        }
    }

    private func change(_ index: Int, _ body: (inout ChainStage) -> Bool) {
        let changed = state.withLock(ownedBy: self) { stages -> ChainStage? in
            guard stages.indices.contains(index), body(&stages[index]) else { return nil }
            return stages[index]
        }
        if let changed { onChange?(changed) }
    }
}

/// One labelled stage of a chain (see ``ChainStages``).
public struct ChainStage: Sendable, Equatable {
    /// How a stage ended.
    public enum Outcome: Sendable, Equatable {
        case succeeded
        case failed(any Error)
        /// The chain was cancelled while this stage ran or waited for its input.
        case cancelled
        /// Never ran: an earlier stage failed.
        case skipped

        /// Outcomes are equal when they are the same case; two failures when their errors say the
        /// same (`any Error` has no equality of its own).
        public static func == (a: Outcome, b: Outcome) -> Bool {
            switch (a, b) {
            case (.succeeded, .succeeded), (.cancelled, .cancelled), (.skipped, .skipped): true
            case (.failed(let x), .failed(let y)): String(reflecting: x) == String(reflecting: y)
            default: false
            }
        }

        /// `succeeded`, `failed`, `cancelled`, `skipped`.
        public var name: String {
            switch self {
            case .succeeded: "succeeded"
            case .failed: "failed"
            case .cancelled: "cancelled"
            case .skipped: "skipped"
            }
        }
    }

    /// Its place in the chain, from 0.
    public var index: Int
    public var label: String
    /// When it started (offset on the recorder's clock); nil while waiting.
    public var start: Duration?
    /// When it ended; nil while waiting or running.
    public var end: Duration?
    /// nil while waiting or running.
    public var outcome: Outcome?

    public init(index: Int, label: String, start: Duration? = nil, end: Duration? = nil, outcome: Outcome? = nil) {
        self.index = index
        self.label = label
        self.start = start
        self.end = end
        self.outcome = outcome
    }

    /// How long it ran (nil until it ended).
    public var duration: Duration? {
        guard let start, let end else { return nil }
        return end - start
    }
}

extension ResponseFuture {
    /// This future as stage `index` of `stages`, declared already and started by someone else —
    /// for work that begins after the future is sent (a request that first waits for its token):
    /// it ends when this future settles. A stage never started then lasts no time.
    public func stage(_ index: Int, in stages: ChainStages) -> ResponseFuture<Success> {
        let upstream = self
        return ResponseFuture(scheduler: scheduler) { next in
            upstream.addOutcomeListener { outcome in
                stages.finish(index, Self.stageOutcome(outcome))
            }
            upstream.fulfill(next)
        }
    }

    /// This future as a labelled stage of `stages`: it starts when the returned future is sent and
    /// ends when this one settles (succeeded, failed or cancelled). Use it for work the chain waits
    /// on — the dispatch, a `replace`d future. Value, progress and cancellation pass through.
    public func stage(_ label: String, in stages: ChainStages) -> ResponseFuture<Success> {
        let index = stages.declare(label)
        let upstream = self
        return ResponseFuture(scheduler: scheduler) { next in
            stages.start(index)
            upstream.addOutcomeListener { outcome in
                stages.finish(index, Self.stageOutcome(outcome))
            }
            upstream.fulfill(next)
        }
    }

    /// A `then` step as a labelled stage of `stages`: it starts when `transform` starts (on
    /// `scheduler`, default this future's) and ends when it returns (succeeded) or throws (failed).
    /// If this future fails, the stage ends `skipped`; if it is cancelled, `cancelled`.
    public func stage<U: Sendable>(
        _ label: String, in stages: ChainStages, on scheduler: (any Scheduler)? = nil,
        _ transform: @escaping @Sendable (Success) throws -> U
    ) -> ResponseFuture<U> {
        let index = stages.declare(label)
        let upstream = self
        let next = then(U.self, on: scheduler) { value in
            stages.start(index)
            do {
                let result = try transform(value)
                stages.finish(index, .succeeded)
                return result
            } catch {
                stages.finish(index, .failed(error))
                throw error
            }
        }
        return ResponseFuture<U>(scheduler: next.scheduler) { target in
            upstream.addOutcomeListener { outcome in
                switch outcome {
                case .success: break
                case .failure: stages.finish(index, .skipped)
                case .cancelled: stages.finish(index, .cancelled)
                }
            }
            next.addOutcomeListener { outcome in
                // Cancelled while waiting for the transform's turn (a running transform finishes itself).
                if outcome.isCancelled { stages.finish(index, .cancelled) }
            }
            next.fulfill(target)
        }
    }

    private static func stageOutcome(_ outcome: FutureOutcome<Success>) -> ChainStage.Outcome {
        switch outcome {
        case .success: .succeeded
        case .failure(let error): .failed(error)
        case .cancelled: .cancelled
        }
    }
}

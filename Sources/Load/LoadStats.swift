import AnnotatedLocks
package import Foundation
package import Histogram
package import Replay
import Synchronization

/// What a load run measured so far: latencies in HDR histograms (microseconds, 3 significant
/// digits) per request and overall, outcomes by status and by translated error kind, check pass
/// counts, bytes received and completions per second. Thread-safe: every finished request
/// records from its own task. The seam for a live view: `summary(…)` can be read at any time.
package final class LoadStats: Sendable {
    /// One request's or the whole run's tallies.
    package struct Tally: Sendable {
        package var latency = Histogram<UInt64>(
            highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)
        package var count = 0
        /// No response (a transport failure) or not sent: by translated kind ("Connection refused").
        package var errors: [String: Int] = [:]
        package var statuses: [Int: Int] = [:]
        /// Pass and total counts by check label.
        package var checks: [String: (passed: Int, total: Int)] = [:]

        mutating func add(_ result: RequestResult, microseconds: UInt64) {
            _ = latency.record(max(1, microseconds))
            count += 1
            if let status = result.responseStatus { statuses[status, default: 0] += 1 }
            switch result.status {
            case .error, .notSent:
                let kind = result.failure?.title ?? result.problems.first ?? "not sent"
                errors[kind, default: 0] += 1
            case .passed, .failed, .skipped: break
            }
            for check in result.checks {
                var tally = checks[check.label] ?? (0, 0)
                tally.total += 1
                if check.passed { tally.passed += 1 }
                checks[check.label] = tally
            }
        }

        package var errorCount: Int { errors.values.reduce(0, +) }
    }

    private struct State {
        var overall = Tally()
        var requests: [String: Tally] = [:]
        var names: [String] = []
        var bytes = 0
        var connectionsOpened = 0
        /// Requests the keep-alive engine sent (the others went through the runner's transport).
        var keptAlive = 0
        /// Requests started, and the last start's offset from the run's start.
        var started = 0
        var lastStart: Duration = .zero
        /// Completions in each second of the run.
        var perSecond: [Int] = []
        var timeline = LoadTimeline()
    }

    private let state: Mutex<State>
    private let stopRequested = Atomic<Bool>(false)

    /// Asks the run to start no more requests: those in flight finish and are counted, so a
    /// stopped run keeps a clean partial result (cancelling the task would count them as errors).
    package func requestStop() { stopRequested.store(true, ordering: .relaxed) }

    package var isStopRequested: Bool { stopRequested.load(ordering: .relaxed) }

    private let cancelRequested = Atomic<Bool>(false)

    /// Asks the run to end now: the requests still in flight are cancelled (the live view's second
    /// stop, for a server that never answers).
    package func requestCancel() {
        stopRequested.store(true, ordering: .relaxed)
        cancelRequested.store(true, ordering: .relaxed)
    }

    package var isCancelRequested: Bool { cancelRequested.load(ordering: .relaxed) }

    /// `keepsIntervalLog`: each second's histogram is also kept as a line of the HDR interval log
    /// (`intervalLog(start:)`).
    package init(keepsIntervalLog: Bool = false) {
        var state = State()
        state.timeline = LoadTimeline(keepsIntervalLog: keepsIntervalLog)
        self.state = Mutex(state)
    }

    /// The HDR interval log of the run so far (HdrHistogram log format 1.3; empty lines when the
    /// stats were made without `keepsIntervalLog`).
    package func intervalLog(start: Date) -> String {
        HDRIntervalLog.header(start: start) + state.withLock(ownedBy: self) { $0.timeline.intervalLog.joined() }
    }

    /// A request is going out `offset` after the run started.
    package func started(at offset: Duration) {
        state.withLock(ownedBy: self) { state in
            state.started += 1
            state.lastStart = max(state.lastStart, offset)
        }
    }

    /// `result` came `latency` after its intended start (open model) or its start (closed), at
    /// `offset` into the run.
    /// `keptAlive`: the keep-alive engine sent it (`KeepAliveUser`).
    package func finished(
        _ name: String, _ result: RequestResult, latency: Duration, at offset: Duration, keptAlive: Bool = false
    ) {
        let microseconds = UInt64(max(0, latency.seconds * 1e6).rounded())
        state.withLock(ownedBy: self) { state in
            if keptAlive { state.keptAlive += 1 }
            state.overall.add(result, microseconds: microseconds)
            if state.requests[name] == nil { state.names.append(name) }
            state.requests[name, default: Tally()].add(result, microseconds: microseconds)
            let second = max(0, Int(offset.seconds))
            while state.perSecond.count <= second { state.perSecond.append(0) }
            state.perSecond[second] += 1
            let failed = result.status == .error || result.status == .notSent
            state.timeline.add(second: second, microseconds: microseconds, error: failed)
        }
    }

    /// A response of `bytes` arrived over a connection its exchange opened (`connectionsOpened` 1)
    /// or reused (0).
    package func received(bytes: Int, connectionsOpened: Int = 0) {
        state.withLock(ownedBy: self) { state in
            state.bytes += bytes
            state.connectionsOpened += connectionsOpened
        }
    }

    /// The numbers so far.
    package func summary(model: LoadModel, elapsed: Duration) -> LoadSummary {
        state.withLock(ownedBy: self) { state in
            LoadSummary(
                model: model, elapsed: elapsed, overall: state.overall,
                requests: state.names.compactMap { name in state.requests[name].map { (name, $0) } },
                bytes: state.bytes, connectionsOpened: state.connectionsOpened, keptAlive: state.keptAlive,
                started: state.started,
                lastStart: state.lastStart, perSecond: state.perSecond,
                timeline: state.timeline.seconds)
        }
    }
}

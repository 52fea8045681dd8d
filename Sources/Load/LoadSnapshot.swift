/// A load run's numbers at one moment, small and comparable: what the explorer's live view keeps
/// in its state and draws each second (rates, in flight, percentiles, the latency sparkline's
/// points, the histogram's bars, errors by kind), built from a `LoadSummary` read while the run goes.
package struct LoadSnapshot: Sendable, Equatable {
    /// A kind (an error's title, a status) and how many times it came.
    package struct Count: Sendable, Equatable {
        package var name: String
        package var count: Int

        package init(_ name: String, _ count: Int) {
            self.name = name
            self.count = count
        }
    }

    package var elapsed: Duration
    package var started: Int
    package var finished: Int
    /// The open model's planned average rate (nil: virtual users).
    package var targetRate: Double?
    package var achievedRate: Double
    /// Completions in the last whole second (the live requests/s).
    package var lastSecond: Int
    package var p50Ms: Double
    package var p90Ms: Double
    package var p99Ms: Double
    package var maxMs: Double
    package var timeline: [LoadSecond]
    package var bars: [LoadCharts.Bar]
    /// Most frequent first.
    package var errors: [Count]
    package var statuses: [Count]
    package var checksPassed: Int
    package var checksTotal: Int
    /// Requests the keep-alive engine sent (`LoadSummary.keptAlive`).
    package var keptAlive = 0

    package var inFlight: Int { max(0, started - finished) }

    package init(
        elapsed: Duration = .zero, started: Int = 0, finished: Int = 0, targetRate: Double? = nil,
        achievedRate: Double = 0, lastSecond: Int = 0, p50Ms: Double = 0, p90Ms: Double = 0, p99Ms: Double = 0,
        maxMs: Double = 0, timeline: [LoadSecond] = [], bars: [LoadCharts.Bar] = [], errors: [Count] = [],
        statuses: [Count] = [], checksPassed: Int = 0, checksTotal: Int = 0
    ) {
        self.elapsed = elapsed
        self.started = started
        self.finished = finished
        self.targetRate = targetRate
        self.achievedRate = achievedRate
        self.lastSecond = lastSecond
        self.p50Ms = p50Ms
        self.p90Ms = p90Ms
        self.p99Ms = p99Ms
        self.maxMs = maxMs
        self.timeline = timeline
        self.bars = bars
        self.errors = errors
        self.statuses = statuses
        self.checksPassed = checksPassed
        self.checksTotal = checksTotal
    }
}

extension LoadSummary {
    /// The snapshot of these numbers, with `bars` histogram bars.
    package func snapshot(bars count: Int) -> LoadSnapshot {
        let whole = Int(elapsed.seconds)
        let checks = overall.checks.values.reduce((0, 0)) { ($0.0 + $1.passed, $0.1 + $1.total) }
        var snapshot = LoadSnapshot(
            elapsed: elapsed, started: started, finished: overall.count, targetRate: targetRate,
            achievedRate: achievedRate,
            lastSecond: whole >= 1 && whole - 1 < perSecond.count ? perSecond[whole - 1] : 0,
            p50Ms: milliseconds(at: 50), p90Ms: milliseconds(at: 90), p99Ms: milliseconds(at: 99),
            maxMs: maxMilliseconds(), timeline: timeline, bars: LoadCharts.histogram(overall, bars: count),
            errors: overall.errors.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map {
                LoadSnapshot.Count($0.key, $0.value)
            },
            statuses: overall.statuses.sorted { $0.key < $1.key }.map { LoadSnapshot.Count(String($0.key), $0.value) },
            checksPassed: checks.0, checksTotal: checks.1)
        snapshot.keptAlive = keptAlive
        return snapshot
    }
}

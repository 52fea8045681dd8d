import Histogram

/// One second of a run, by completion time: how many requests finished in it, how many got no
/// response, and their latency percentiles — the points of the "latency over time" charts (the
/// live view's sparkline, the HTML report).
package struct LoadSecond: Sendable, Equatable {
    package var count = 0
    package var errors = 0
    package var p50Ms = 0.0
    package var p90Ms = 0.0
    package var p99Ms = 0.0
    package var maxMs = 0.0

    package init(
        count: Int = 0, errors: Int = 0, p50Ms: Double = 0, p90Ms: Double = 0, p99Ms: Double = 0, maxMs: Double = 0
    ) {
        self.count = count
        self.errors = errors
        self.p50Ms = p50Ms
        self.p90Ms = p90Ms
        self.p99Ms = p99Ms
        self.maxMs = maxMs
    }
}

/// Builds the per-second points as completions arrive. Only the last few seconds keep a histogram
/// (2 significant digits, ~26 KB each): a completion of second `s` closes every second before
/// `s - 2` into its five numbers, so an hour-long run holds 3,600 small values, not histograms.
struct LoadTimeline: Sendable {
    private var closed: [LoadSecond] = []
    private var open: [Int: (histogram: Histogram<UInt64>, errors: Int)] = [:]
    /// The HDR interval log's line of each second closed so far (`--hdr-log`); nil when not kept.
    private var logLines: [String]?

    init(keepsIntervalLog: Bool = false) {
        logLines = keepsIntervalLog ? [] : nil
    }

    mutating func add(second: Int, microseconds: UInt64, error: Bool) {
        if second > closed.count + 2 {
            for old in open.keys.sorted() where old < second - 2 { close(old) }
            while closed.count < second - 2 { closed.append(LoadSecond()) }
        }
        if second < closed.count {
            // A straggler for a second already closed: counted, its percentiles kept.
            closed[second].count += 1
            if error { closed[second].errors += 1 }
            closed[second].maxMs = max(closed[second].maxMs, Double(microseconds) / 1000)
            return
        }
        // Recorded in place: a copy taken out of the dictionary and stored back copied the
        // histogram's 26 KB of counts for every completion (8 % of a 32-user run's CPU in memmove).
        let fresh = {
            (Histogram<UInt64>(highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .two), 0)
        }
        _ = open[second, default: fresh()].histogram.record(max(1, microseconds))
        if error { open[second, default: fresh()].errors += 1 }
    }

    private mutating func close(_ second: Int) {
        guard let slot = open.removeValue(forKey: second) else { return }
        logLines?.append(HDRIntervalLog.line(start: Double(second), length: 1, histogram: slot.histogram))
        while closed.count < second { closed.append(LoadSecond()) }
        closed.append(Self.point(slot.histogram, errors: slot.errors))
    }

    private static func point(_ histogram: Histogram<UInt64>, errors: Int) -> LoadSecond {
        func ms(_ percentile: Double) -> Double { Double(histogram.valueAtPercentile(percentile)) / 1000 }
        return LoadSecond(
            count: Int(histogram.totalCount), errors: errors, p50Ms: ms(50), p90Ms: ms(90), p99Ms: ms(99),
            maxMs: Double(histogram.max) / 1000)
    }

    /// Every second so far, the open ones included; seconds without a completion are empty points.
    var seconds: [LoadSecond] {
        var all = closed
        for second in open.keys.sorted() {
            while all.count < second { all.append(LoadSecond()) }
            if let slot = open[second] { all.append(Self.point(slot.histogram, errors: slot.errors)) }
        }
        return all
    }

    /// The interval log's lines: every second with a completion, the open ones too, in order
    /// (a straggler for a second already written is in the numbers, not in the log).
    var intervalLog: [String] {
        (logLines ?? [])
            + open.keys.sorted().compactMap { second in
                open[second].map { HDRIntervalLog.line(start: Double(second), length: 1, histogram: $0.histogram) }
            }
    }
}

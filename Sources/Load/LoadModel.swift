/// How `lazer load` makes load. The open model (constant arrival rate, wrk2's and vegeta's) starts
/// requests on a schedule whatever the server does, so a stall shows in the latencies; the closed
/// model runs virtual users, each sending the selected requests in order, one after another.
package enum LoadModel: Sendable, Equatable {
    /// Requests start at the rate the stages give: each stage ramps linearly from the rate before
    /// it (`startRate` for the first) to its own over its duration — equal rates hold it constant.
    case open(startRate: Double, stages: [RateStage])
    /// `vus` users, for `duration` or until each has run `iterations` passes over the requests.
    case closed(vus: Int, duration: Duration?, iterations: Int?)

    /// A stage of the open model: reach `rate` requests per second at the end of `duration`.
    package struct RateStage: Sendable, Equatable {
        package var duration: Duration
        package var rate: Double

        package init(duration: Duration, rate: Double) {
            self.duration = duration
            self.rate = rate
        }
    }

    /// Virtual users rather than a schedule of starts.
    package var isClosed: Bool {
        if case .closed = self { return true }
        return false
    }

    /// The open model's whole length.
    package var plannedDuration: Duration? {
        switch self {
        case .open(_, let stages): stages.reduce(.zero) { $0 + $1.duration }
        case .closed(_, let duration, _): duration
        }
    }

    /// How many requests the open model starts in all (the area under its rate).
    package var plannedRequests: Int? {
        guard case .open(let start, let stages) = self else { return nil }
        var previous = start
        var total = 0.0
        for stage in stages {
            total += (previous + stage.rate) / 2 * stage.duration.seconds
            previous = stage.rate
        }
        return Int(total.rounded(.down))
    }

    /// When the open model starts request `index` (0-based), from the start of the run: the
    /// moment the rate's integral reaches `index` — exact for constant and ramping stages, so the
    /// schedule never drifts. nil past the last stage.
    package func intendedStart(of index: Int) -> Duration? {
        guard case .open(let start, let stages) = self else { return nil }
        var remaining = Double(index)
        var previous = start
        var offset = 0.0
        for stage in stages {
            let length = stage.duration.seconds
            let count = (previous + stage.rate) / 2 * length
            if remaining < count {
                let slope = (stage.rate - previous) / length
                let x: Double
                if abs(slope) < 1e-12 {
                    x = remaining / previous
                } else {
                    // previous·x + slope/2·x² = remaining
                    x = (-previous + (previous * previous + 2 * slope * remaining).squareRoot()) / slope
                }
                return .nanoseconds(Int64(((offset + x) * 1e9).rounded()))
            }
            remaining -= count
            offset += length
            previous = stage.rate
        }
        return nil
    }
}

extension Duration {
    /// In seconds, as a Double.
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

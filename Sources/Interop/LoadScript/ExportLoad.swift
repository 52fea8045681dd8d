/// The load model and thresholds a Locust or k6 export carries: `lazer load`'s options, parsed by
/// the `lazer` executable and handed here as plain values, so Interop does not depend on Load.
package struct ExportLoad: Sendable, Equatable {
    /// How load is made (see `lazer load --help`).
    package enum Model: Sendable, Equatable {
        /// Requests start at a rate, whatever the server does: each stage ramps linearly from the
        /// rate before it (`startRate` for the first) to its own over its length.
        case open(startRate: Double, stages: [Stage])
        /// Virtual users each sending the selected requests in order, for `seconds` or
        /// `iterations` passes.
        case closed(vus: Int, seconds: Double?, iterations: Int?)
    }

    /// A stage of the open model: reach `rate` requests per second after `seconds`.
    package struct Stage: Sendable, Equatable {
        package var seconds: Double
        package var rate: Double

        package init(seconds: Double, rate: Double) {
            self.seconds = seconds
            self.rate = rate
        }
    }

    /// A CI threshold (`p99<200ms`, `errors<1%`, `checks>=99%`, `rate>=450`).
    package struct Threshold: Sendable, Equatable {
        package enum Metric: Sendable, Equatable {
            /// A latency percentile in milliseconds; 100 is the maximum.
            case percentile(Double)
            /// The share of requests without a response.
            case errors
            /// The share of expectations that held.
            case checks
            /// Requests per second achieved.
            case rate
        }

        /// As the user wrote it, for messages.
        package var text: String
        package var metric: Metric
        /// `<`, `<=`, `>` or `>=`.
        package var comparison: String
        /// Milliseconds, a share (0…1) or requests per second (`rate>=0.99*target` already multiplied out).
        package var limit: Double

        package init(text: String, metric: Metric, comparison: String, limit: Double) {
            self.text = text
            self.metric = metric
            self.comparison = comparison
            self.limit = limit
        }
    }

    package var model: Model
    package var thresholds: [Threshold]

    /// Without load options: one virtual user, one pass (k6's own default), no threshold.
    package static let single = ExportLoad(model: .closed(vus: 1, seconds: nil, iterations: 1), thresholds: [])

    package init(model: Model, thresholds: [Threshold] = []) {
        self.model = model
        self.thresholds = thresholds
    }

    /// The highest rate of the open model (nil for the closed one).
    var peakRate: Double? {
        guard case .open(let start, let stages) = model else { return nil }
        return stages.map(\.rate).reduce(start, max)
    }
}

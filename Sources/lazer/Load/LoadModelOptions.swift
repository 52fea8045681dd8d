import ArgumentParser
import Load

/// `lazer load`'s model and threshold options, shared with `lazer export --format locust|k6`
/// (one set of flags, one parser, one set of usage errors for both commands).
struct LoadModelOptions: ParsableArguments {
    @Option(help: "Open model: requests started per second (500/s, 30/m); with --stage, the rate the first ramps from.")
    var rate: String?

    @Option(name: .customLong("stage"), help: "Open model: a ramp, DURATION:RATE such as 30s:100/s (repeatable).")
    var stages: [String] = []

    @Option(help: "How long: 60s, 500ms, 2m (the open model's length with --rate; the closed model's).")
    var duration: String?

    // `.unconditional` (here and for --iterations): `--vus -1` is refused as out of range, not
    // taken for an option.
    @Option(parsing: .unconditional, help: "Closed model: this many virtual users.")
    var vus: Int?

    @Option(parsing: .unconditional, help: "Closed model: each virtual user's passes over the requests.")
    var iterations: Int?

    @Option(name: .customLong("threshold"), help: "A CI threshold, such as 'p99<200ms' or 'errors<1%' (repeatable).")
    var thresholds: [String] = []

    /// Whether any of them was given.
    var isEmpty: Bool {
        rate == nil && stages.isEmpty && duration == nil && vus == nil && iterations == nil && thresholds.isEmpty
    }

    /// Whether a model was given (thresholds alone give none).
    var hasModel: Bool { rate != nil || !stages.isEmpty || duration != nil || vus != nil || iterations != nil }

    /// The thresholds, parsed, each one the model can judge.
    func parsedThresholds(for model: LoadModel) throws -> [LoadThreshold] {
        do throws(LoadArguments.Problem) {
            let parsed = try thresholds.map(LoadThreshold.parse)
            for threshold in parsed { try threshold.check(for: model) }
            return parsed
        } catch {
            throw ValidationError(error.description + ".")
        }
    }

    /// The model the options give.
    func model() throws -> LoadModel {
        do throws(LoadArguments.Problem) {
            let length = try duration.map { text throws(LoadArguments.Problem) in try LoadArguments.duration(text) }
            if let vus {
                guard rate == nil, stages.isEmpty else {
                    throw LoadArguments.Problem("--vus (closed model) goes without --rate and --stage (open model)")
                }
                guard vus > 0, vus <= 10_000 else { throw LoadArguments.Problem("--vus takes 1 to 10000 users") }
                guard length != nil || iterations != nil else {
                    throw LoadArguments.Problem("--vus needs --duration or --iterations")
                }
                if let iterations, iterations < 1 { throw LoadArguments.Problem("--iterations takes 1 or more") }
                return .closed(vus: vus, duration: length, iterations: iterations)
            }
            guard iterations == nil else { throw LoadArguments.Problem("--iterations goes with --vus (closed model)") }
            let start = try rate.map(LoadArguments.rate)
            var ramps = try stages.map(LoadArguments.stage)
            if ramps.isEmpty {
                guard let start, let length else {
                    throw LoadArguments.Problem(
                        "give --rate and --duration, --stage ramps, or --vus (see lazer load --help)")
                }
                ramps = [LoadModel.RateStage(duration: length, rate: start)]
            } else if length != nil {
                throw LoadArguments.Problem("--stage gives the length: leave --duration out")
            }
            let model = LoadModel.open(startRate: start ?? 0, stages: ramps)
            guard (model.plannedRequests ?? 0) > 0 else { throw LoadArguments.Problem("the rate plans no request") }
            return model
        } catch {
            throw ValidationError(error.description + ".")
        }
    }
}

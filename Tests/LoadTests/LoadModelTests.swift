import Load
import Testing

/// `lazer load`'s schedule and option texts (issue 29): the open model's intended starts follow
/// the rate exactly, ramps included; durations, rates, stages and thresholds parse or say why not.
@Suite struct LoadModelTests {
    @Test func aConstantRateStartsRequestsAtEvenIntervals() throws {
        let model = LoadModel.open(startRate: 100, stages: [.init(duration: .seconds(2), rate: 100)])
        #expect(model.plannedRequests == 200)
        #expect(model.intendedStart(of: 0) == .zero)
        #expect(model.intendedStart(of: 1) == .milliseconds(10))
        #expect(model.intendedStart(of: 150) == .milliseconds(1500))
        #expect(model.intendedStart(of: 200) == nil)
    }

    @Test func aRampStartsSlowAndGathersPace() throws {
        // 0 → 100/s over 2 s: 100 requests, the n-th at sqrt(n/25) s.
        let model = LoadModel.open(startRate: 0, stages: [.init(duration: .seconds(2), rate: 100)])
        #expect(model.plannedRequests == 100)
        let at25 = try #require(model.intendedStart(of: 25))
        #expect(abs(at25.seconds - 1.0) < 1e-6)
        let at1 = try #require(model.intendedStart(of: 1))
        #expect(abs(at1.seconds - 0.2) < 1e-6)
        // Then held at 100/s for a second: 100 more, evenly.
        let held = LoadModel.open(
            startRate: 0, stages: [.init(duration: .seconds(2), rate: 100), .init(duration: .seconds(1), rate: 100)])
        #expect(held.plannedRequests == 200)
        let at150 = try #require(held.intendedStart(of: 150))
        #expect(abs(at150.seconds - 2.5) < 1e-6)
    }

    @Test func optionTextsParseOrSayWhatWasExpected() throws {
        #expect(try LoadArguments.duration("60s") == .seconds(60))
        #expect(try LoadArguments.duration("500ms") == .milliseconds(500))
        #expect(try LoadArguments.duration("2m") == .seconds(120))
        #expect(try LoadArguments.rate("500/s") == 500)
        #expect(try LoadArguments.rate("30/m") == 0.5)
        #expect(try LoadArguments.stage("30s:100/s") == .init(duration: .seconds(30), rate: 100))
        #expect(throws: LoadArguments.Problem.self) { try LoadArguments.duration("60") }
        // A run of no length is none; a grace of none cancels at once (`--grace 0s`).
        #expect(throws: LoadArguments.Problem.self) { try LoadArguments.duration("0s") }
        #expect(try LoadArguments.duration("0s", allowingZero: true) == .zero)
        #expect(throws: LoadArguments.Problem.self) { try LoadArguments.rate("500") }
        #expect(throws: LoadArguments.Problem.self) { try LoadArguments.stage("30s") }
    }

    @Test func thresholdsParse() throws {
        let p99 = try LoadThreshold.parse("p99<200ms")
        #expect(p99.metric == .percentile(99) && p99.comparison == .less && p99.limit == 200)
        let deep = try LoadThreshold.parse("p99.9 <= 1s")
        #expect(deep.metric == .percentile(99.9) && deep.comparison == .lessOrEqual && deep.limit == 1000)
        let errors = try LoadThreshold.parse("errors<1%")
        #expect(errors.metric == .errors && errors.limit == 0.01)
        let rate = try LoadThreshold.parse("rate>=0.99*target")
        #expect(rate.metric == .rate && rate.ofTarget && rate.limit == 0.99 && rate.comparison == .greaterOrEqual)
        #expect(try LoadThreshold.parse("max<2s").metric == .percentile(100))
        #expect(throws: LoadArguments.Problem.self) { try LoadThreshold.parse("p99 200ms") }
        #expect(throws: LoadArguments.Problem.self) { try LoadThreshold.parse("latency<1s") }
        // A share is 0 to 100 %.
        #expect(throws: LoadArguments.Problem.self) { try LoadThreshold.parse("errors<150%") }
        #expect(throws: LoadArguments.Problem.self) { try LoadThreshold.parse("checks>=-1%") }
        #expect(try LoadThreshold.parse("checks>=100%").limit == 1)
    }

    /// A share of the target rate under virtual users held whatever the run did (the closed model
    /// has no target): it is refused before the run, and a plain rate is kept for both models.
    @Test func aShareOfTheTargetNeedsTheOpenModel() throws {
        let share = try LoadThreshold.parse("rate>=0.99*target")
        let closed = LoadModel.closed(vus: 4, duration: .seconds(10), iterations: nil)
        let open = LoadModel.open(startRate: 10, stages: [.init(duration: .seconds(10), rate: 10)])
        #expect(throws: LoadArguments.Problem.self) { try share.check(for: closed) }
        do throws(LoadArguments.Problem) {
            try share.check(for: closed)
        } catch {
            #expect(error.description.contains("needs a target rate"))
        }
        try share.check(for: open)
        try LoadThreshold.parse("rate>=450").check(for: closed)
        try LoadThreshold.parse("p99<1s").check(for: closed)
    }
}

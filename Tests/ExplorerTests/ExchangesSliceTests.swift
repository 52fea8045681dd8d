import Explorer
import ExplorerTesting
import Foundation
import Futures
import HTTPCore
import TUI
import Testing
import Workspace

/// The exchanges slice on its own, stepped exhaustively: a send takes the next generation and
/// cancels the one in flight, problems stop it, a late answer of an older send is dropped, a
/// cancel keeps where it stopped, and what reaches the response pane is asked of the root.
struct ExchangesSliceTests {
    private static let users = TestCollections.key("a-users")

    /// The slice with nothing sent, `a-users` selected as it would be sent in `dev` (a mock).
    private func steps(problems: [String] = []) throws -> SliceStepDriver<ExchangesReducer> {
        let state = try ReducerFixture().driver.state
        let document = try #require(state.document(collectionID: TestCollections.alphaID))
        let request = try #require(state.request(Self.users))
        let environment = document.collection.environment(named: "dev")
        let target = ExchangesReducer.Target(
            key: Self.users, request: request, document: document, environment: environment,
            captures: ["token": VariableScope.Value("t")], url: "http://dev.mock/users", problems: problems)
        return SliceStepDriver(
            state: ExchangesState(nextGeneration: 4),
            context: ExchangesReducer.Context(now: .seconds(10), selection: Self.users, target: target))
    }

    private func job(_ steps: SliceStepDriver<ExchangesReducer>, generation: Int) throws -> SendJob {
        let target = try #require(steps.context.target)
        return SendJob(
            key: target.key, generation: generation, request: target.request, document: target.document,
            environmentName: "dev", captures: target.captures)
    }

    @Test func aSendTakesTheNextGenerationAndAResendCancelsTheOneInFlight() throws {
        var steps = try steps()
        let key = Self.users
        var exchange = ExchangeState()
        exchange.inFlight = 4
        exchange.startedAt = .seconds(10)
        exchange.environmentName = "dev"
        exchange.isMock = true
        exchange.trace = ExchangeTrace(generation: 4)
        steps.step(.send, outcome: .init(effects: [.send(try job(steps, generation: 4))])) {
            $0.exchanges[key] = exchange
            $0.nextGeneration = 5
        }
        steps.context.now = .seconds(11)
        steps.step(
            .send, outcome: .init(effects: [.cancel(key, generation: 4), .send(try job(steps, generation: 5))])
        ) {
            $0.exchanges[key]?.inFlight = 5
            $0.exchanges[key]?.startedAt = .seconds(11)
            $0.exchanges[key]?.trace = ExchangeTrace(generation: 5)
            $0.nextGeneration = 6
        }
        // The first send's answer arrives late: dropped, nothing asked.
        steps.step(.finished(key, try Results.json("[]", generation: 4)))
        // The newest one's lands: the pane shows it.
        var result = try Results.json("[]", generation: 5)
        steps.step(.finished(key, result), outcome: .init(requests: [.showLatest])) {
            $0.exchanges[key]?.inFlight = nil
            $0.exchanges[key]?.trace = nil
            result.trace = ExchangeTrace(generation: 5)
            $0.exchanges[key]?.result = result
        }
    }

    @Test func problemsStopTheSendAndNothingSelectedIsSaid() throws {
        var steps = try steps(problems: ["query[0]: {{limit}} has no value"])
        steps.step(
            .send,
            outcome: .init(
                requests: [.openOverlay(.sendBlocked(problems: ["query[0]: {{limit}} has no value"], selected: 0))]))
        steps.context.target = nil
        steps.step(.send, outcome: .init(notice: Notice("Pick a request to send", kind: .info)))
        steps.step(.cancelSelected, outcome: .init(notice: Notice("No request in flight", kind: .info)))
        steps.step(.copyAsCurl(reveal: false), outcome: .init(notice: Notice("Pick a request first", kind: .info)))
    }

    @Test func aCancelKeepsWhereItStoppedAndAFailureTakesTheProgramsClock() throws {
        var steps = try steps()
        let key = Self.users
        steps.step(.send, outcome: .init(effects: [.send(try job(steps, generation: 4))])) {
            var exchange = ExchangeState()
            exchange.inFlight = 4
            exchange.startedAt = .seconds(10)
            exchange.environmentName = "dev"
            exchange.isMock = true
            exchange.trace = ExchangeTrace(generation: 4)
            $0.exchanges[key] = exchange
            $0.nextGeneration = 5
        }
        // A stage reported by the chain lands in the trace of the send in flight; another's is dropped.
        let parsing = ChainStage(index: 1, label: SendStep.parse.rawValue, start: .zero)
        steps.step(.chainStage(key, generation: 4, parsing)) { $0.exchanges[key]?.trace?.update(parsing) }
        #expect(steps.state.exchanges[key]?.stage == .step(.parse))
        steps.step(.chainStage(key, generation: 3, parsing))
        steps.context.now = .milliseconds(10_250)
        let stage = try #require(steps.state.exchanges[key]?.stage.label)
        var cancelled = ExchangeResult(
            generation: 4, outcome: .cancelled(stage: stage, elapsed: .milliseconds(250)), environmentName: "dev",
            isMock: true, url: "http://dev.mock/users", method: "GET")
        cancelled.trace = steps.state.exchanges[key]?.trace
        steps.step(
            .cancelSelected,
            outcome: .init(
                effects: [.cancel(key, generation: 4)],
                notice: Notice("Cancelled after 250 ms, while \(stage)", kind: .warning), requests: [.resultCancelled])
        ) {
            $0.exchanges[key]?.inFlight = nil
            $0.exchanges[key]?.trace = nil
            $0.exchanges[key]?.result = cancelled
        }
        // Its answer comes anyway: dropped.
        steps.step(.finished(key, Results.failure(generation: 4)))
        // A failure's card says how long it took on the program's clock; another request's result
        // asks nothing of the pane.
        let other = TestCollections.key("a-create")
        steps.context.selection = other
        steps.step(.send, outcome: .init(effects: [.send(try job(steps, generation: 5))])) {
            $0.exchanges[key]?.inFlight = 5
            $0.exchanges[key]?.startedAt = .milliseconds(10_250)
            $0.exchanges[key]?.trace = ExchangeTrace(generation: 5)
            $0.nextGeneration = 6
        }
        steps.context.now = .seconds(12)
        var failure = Results.failure(generation: 5)
        steps.step(.finished(key, failure)) {
            $0.exchanges[key]?.inFlight = nil
            $0.exchanges[key]?.trace = nil
            if case .failure(var card) = failure.outcome {
                card.elapsed = .milliseconds(1_750)
                failure.outcome = .failure(card)
            }
            failure.trace = ExchangeTrace(generation: 5)
            $0.exchanges[key]?.result = failure
        }
    }

    @Test func copyAsCurlCopiesTheCommandWithItsNotice() throws {
        var steps = try steps()
        steps.context.curl = ExchangesReducer.CurlCopy(text: "curl http://dev.mock/users", notice: "Copied as curl")
        steps.step(
            .copyAsCurl(reveal: false),
            outcome: .init(
                effects: [.copy("curl http://dev.mock/users")], notice: Notice("Copied as curl", kind: .info)))
    }
}

/// A streamed response in the exchanges slice: events land in the send's `StreamLog` (the first
/// batch turns the selected request's pane to the stream), Esc asks the stream to stop, a second
/// Esc cancels, and the result says how it ended.
struct StreamExchangesSliceTests {
    private static let key = TestCollections.key("a-users")
    private static let context = ExchangesReducer.Context(now: .seconds(2), selection: key)

    private func inFlight() -> ExchangesState {
        var exchange = ExchangeState()
        exchange.inFlight = 4
        exchange.trace = ExchangeTrace(generation: 4)
        return ExchangesState(exchanges: [Self.key: exchange], nextGeneration: 5)
    }

    private func events(_ range: Range<Int>) -> [StreamEvent] {
        range.map { StreamEvent(index: $0, offset: .milliseconds(100 * ($0 + 1)), name: "tick", data: "{\"n\":\($0)}") }
    }

    @Test func eventsLandInTheLogAndEscStopsThenTheResultSaysStopped() throws {
        var steps = SliceStepDriver<ExchangesReducer>(state: inFlight(), context: Self.context)
        let key = Self.key
        steps.step(.streamEvents(key, generation: 4, events(0..<2)), outcome: .init(requests: [.streamStarted])) {
            // A live stream's older events can be read back from the program's spill file.
            var log = StreamLog(generation: 4, spilled: true)
            log.append(events(0..<2))
            $0.exchanges[key]?.stream = log
        }
        // An older send's events are dropped; later batches append without asking anything.
        steps.step(.streamEvents(key, generation: 3, events(0..<1)))
        steps.step(.streamEvents(key, generation: 4, events(2..<3))) {
            $0.exchanges[key]?.stream?.append(events(2..<3))
        }
        steps.step(
            .cancel(key, generation: 4),
            outcome: .init(
                effects: [.stopStream(key, generation: 4)],
                notice: Notice("Stopping the stream after 3 events", kind: .info))
        ) { $0.exchanges[key]?.stream?.stopping = true }
        // The response with what came follows: the stream ended as stopped.
        var state = steps.state
        let outcome = ExchangesReducer.reduce(
            &state, .finished(key, try Results.json("[]", generation: 4)), Self.context)
        #expect(outcome.requests == [.showLatest])
        #expect(state.exchanges[key]?.stream?.end == .stopped)
        #expect(state.exchanges[key]?.shownStream?.total == 3)
    }

    @Test func aSecondEscWhileStoppingCancelsAndAClosedStreamSaysSo() throws {
        let key = Self.key
        var state = inFlight()
        _ = ExchangesReducer.reduce(&state, .streamEvents(key, generation: 4, events(0..<1)), Self.context)
        _ = ExchangesReducer.reduce(&state, .cancel(key, generation: 4), Self.context)
        let second = ExchangesReducer.reduce(&state, .cancel(key, generation: 4), Self.context)
        #expect(second.effects == [.cancel(key, generation: 4)])
        #expect(state.exchanges[key]?.inFlight == nil)
        #expect(state.exchanges[key]?.stream?.end == .stopped)
        var closed = inFlight()
        _ = ExchangesReducer.reduce(&closed, .streamEvents(key, generation: 4, events(0..<1)), Self.context)
        _ = ExchangesReducer.reduce(&closed, .finished(key, try Results.json("[]", generation: 4)), Self.context)
        #expect(closed.exchanges[key]?.stream?.end == .closed)
    }

    @Test func theLogKeepsTheNewestTenThousand() {
        var log = StreamLog(generation: 1)
        for start in stride(from: 0, to: 12_000, by: 500) { log.append(events(start..<(start + 500))) }
        #expect(log.total == 12_000)
        #expect(log.events.count <= StreamLog.capacity + 1000)
        #expect(log.event(at: 11_999)?.data == "{\"n\":11999}")
        #expect(log.event(at: 0) == nil)
        #expect(log.firstIndex == 12_000 - log.events.count)
    }
}

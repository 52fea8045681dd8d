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

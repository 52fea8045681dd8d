import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// A send's `{{$prompt}}` / `{{$select}}` in the dialogs' slice, stepped exhaustively: asked one
/// after another, each pre-filled with its last answer, Enter hands the answers to the root, Esc
/// cancels the send and says so, and "Forget prompt answers" empties what is remembered.
struct SendPromptsSliceTests {
    private static let key = TestCollections.key("a-users")
    private static let order = PromptRequest(label: "Order id")
    private static let region = PromptRequest(label: "Region", options: ["eu", "us", "ap"])

    private func steps() -> SliceStepDriver<OverlayReducer> {
        SliceStepDriver(state: OverlayState(), context: OverlayReducer.Context(now: .seconds(10)))
    }

    private func asking(
        _ prompts: [PromptRequest], remembered: [String: String] = [:],
        _ change: (inout SendPromptsState) -> Void = { _ in }
    ) -> Overlay {
        var state = SendPromptsState(key: Self.key, prompts: prompts, remembered: remembered)
        change(&state)
        return .sendPrompts(state)
    }

    @Test func promptsAreAskedInTurnAndTheAnswersGoToTheRootAndAreRemembered() {
        var steps = steps()
        let prompts = [Self.order, Self.region]
        steps.step(.askPrompts(Self.key, prompts)) { $0.overlay = asking(prompts) }
        steps.step(.key(.char("4"))) { $0.overlay = asking(prompts) { _ = $0.field.handle(.char("4")) } }
        steps.step(.key(.char("2"))) {
            $0.overlay = asking(prompts) {
                _ = $0.field.handle(.char("4"))
                _ = $0.field.handle(.char("2"))
            }
        }
        steps.step(.key(KeyEvent(.enter))) {
            $0.promptAnswers = ["Order id": "42"]
            $0.overlay = asking(prompts) {
                $0.answers = ["Order id": "42"]
                $0.index = 1
                $0.selected = 0
            }
        }
        steps.step(.key(KeyEvent(.down))) {
            $0.overlay = asking(prompts) {
                $0.answers = ["Order id": "42"]
                $0.index = 1
                $0.selected = 1
            }
        }
        steps.step(
            .key(KeyEvent(.enter)),
            outcome: .init(requests: [.sendWithAnswers(Self.key, ["Order id": "42", "Region": "us"])])
        ) {
            $0.promptAnswers = ["Order id": "42", "Region": "us"]
            $0.overlay = nil
        }
        // Asked again: pre-filled and pre-selected with the last answers.
        steps.step(.askPrompts(Self.key, prompts)) {
            $0.overlay = asking(prompts, remembered: ["Order id": "42", "Region": "us"])
        }
        guard case .sendPrompts(let state)? = steps.state.overlay else { return }
        #expect(state.field.text == "42")
        #expect(state.title == "Order id (1 of 2)")
        steps.step(.key(KeyEvent(.enter))) {
            $0.overlay = asking(prompts, remembered: ["Order id": "42", "Region": "us"]) {
                $0.answers = ["Order id": "42"]
                $0.index = 1
                $0.ask(remembered: ["Order id": "42", "Region": "us"])
            }
        }
        #expect(steps.state.overlay.map { if case .sendPrompts(let state) = $0 { state.selected } else { -1 } } == 1)
        steps.step(
            .key(KeyEvent(.enter)),
            outcome: .init(requests: [.sendWithAnswers(Self.key, ["Order id": "42", "Region": "us"])])
        ) { $0.overlay = nil }
    }

    @Test func escCancelsTheSendAndSaysSo() {
        var steps = steps()
        steps.step(.askPrompts(Self.key, [Self.order])) { $0.overlay = asking([Self.order]) }
        steps.step(
            .key(KeyEvent(.escape)),
            outcome: .init(notice: Notice("Not sent: \"Order id\" was not answered", kind: .warning))
        ) { $0.overlay = nil }
    }

    @Test func forgettingEmptiesTheRememberedAnswers() {
        var steps = steps()
        steps.step(.askPrompts(Self.key, [Self.order])) { $0.overlay = asking([Self.order]) }
        steps.step(.paste("7\n1")) { $0.overlay = asking([Self.order]) { $0.field.insert("7 1") } }
        steps.step(.key(KeyEvent(.enter)), outcome: .init(requests: [.sendWithAnswers(Self.key, ["Order id": "7 1"])]))
        {
            $0.overlay = nil
            $0.promptAnswers = ["Order id": "7 1"]
        }
        steps.step(.forgetPromptAnswers, outcome: .init(notice: Notice("Forgot 1 prompt answer", kind: .info))) {
            $0.promptAnswers = [:]
        }
        steps.step(.forgetPromptAnswers, outcome: .init(notice: Notice("No prompt answers to forget", kind: .info)))
    }
}

/// The exchanges slice with a request that has prompts: a send asks them first, the answered send
/// goes with its answers, and answers for a request no longer selected send nothing.
struct SendPromptsExchangesSliceTests {
    private static let users = TestCollections.key("a-users")

    @Test func aSendAsksFirstThenSendsWithTheAnswers() throws {
        let state = try ReducerFixture().driver.state
        let document = try #require(state.document(collectionID: TestCollections.alphaID))
        let request = try #require(state.request(Self.users))
        let prompts = [PromptRequest(label: "Order id")]
        let target = ExchangesReducer.Target(
            key: Self.users, request: request, document: document, url: "/users", prompts: prompts)
        var steps = SliceStepDriver<ExchangesReducer>(
            state: ExchangesState(nextGeneration: 4),
            context: ExchangesReducer.Context(now: .seconds(10), selection: Self.users, target: target))
        steps.step(.send, outcome: .init(requests: [.askPrompts(Self.users, prompts)]))
        let job = SendJob(
            key: Self.users, generation: 4, request: request, document: document, environmentName: nil,
            captures: [:], answers: ["Order id": "42"])
        steps.step(.sendAnswered(Self.users, ["Order id": "42"]), outcome: .init(effects: [.send(job)])) {
            var exchange = ExchangeState()
            exchange.inFlight = 4
            exchange.startedAt = .seconds(10)
            exchange.trace = ExchangeTrace(generation: 4)
            $0.exchanges[Self.users] = exchange
            $0.nextGeneration = 5
        }
        steps.step(
            .sendAnswered(TestCollections.key("a-root"), ["Order id": "42"]),
            outcome: .init(notice: Notice("Not sent: another request is selected now", kind: .warning)))
    }
}

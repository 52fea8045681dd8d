import Explorer
import ExplorerTesting
import Foundation
import Futures
import HTTPCore
import JSONTree
import TUI
import Testing
import Workspace

/// Sending in the reducer: what is sent, generations, stale results, cancelling, unresolved
/// variables, and environments.
struct SendReducerTests {
    private let users = TestCollections.key("a-users")

    private func fixture(_ request: String = "a-users") throws -> ReducerFixture {
        try ReducerFixture(startup: StartupRequest(request: request))
    }

    @Test func everySendKeySendsTheDraftAsOnScreenInTheSelectedEnvironment() throws {
        var fixture = try fixture()
        for key in ["F5", "ctrl+r", "alt+enter"] {
            let jobs = fixture.driver.press(key).sendJobs
            #expect(jobs.count == 1, "\(key) sends")
            fixture.driver.reduce(
                .exchangeFinished(users, try Results.json("[]", generation: jobs.first?.generation ?? 0)))
        }
        fixture.driver.typeAtEndOfURLPath("/active")
        #expect(fixture.driver.state.drafts[users]?.url == "/users/active")
        // Enter in the URL field sends the draft.
        let effects = fixture.driver.press("enter")
        let job = try #require(effects.sendJobs.first)
        #expect(job.key == users)
        #expect(job.request.url == "/users/active")
        #expect(job.request.query.first?.value == "{{limit}}")
        #expect(job.environmentName == "dev")
        #expect(job.document.collection.id == TestCollections.alphaID)
        #expect(job.generation == 4)
        let exchange = try #require(fixture.driver.state.exchanges[users])
        #expect(exchange.inFlight == 4)
        #expect(exchange.stage == .transport(.sending, progress: nil))
        #expect(exchange.isMock)
        #expect(fixture.driver.state.isAnimating)
    }

    @Test func resendingCancelsTheSendInFlightAndItsLateAnswerIsDropped() throws {
        var fixture = try fixture()
        let first = try #require(fixture.driver.press("F5").sendJobs.first)
        let second = fixture.driver.press("F5")
        #expect(second.cancellations.map(\.generation) == [first.generation])
        let newer = try #require(second.sendJobs.first)
        #expect(newer.generation > first.generation)
        // The first send's answer arrives late: dropped.
        fixture.driver.reduce(
            .exchangeFinished(users, try Results.json(#"{"old":true}"#, generation: first.generation)))
        #expect(fixture.driver.state.exchanges[users]?.result == nil)
        #expect(fixture.driver.state.exchanges[users]?.inFlight == newer.generation)
        fixture.driver.reduce(
            .exchangeFinished(users, try Results.json(Results.users, generation: newer.generation)))
        // The history is reloaded once the exchange is written to it.
        #expect(fixture.driver.reduce(.historyChanged(users)).historyLoads == [users])
        #expect(fixture.driver.state.exchanges[users]?.inFlight == nil)
        #expect(fixture.driver.state.exchanges[users]?.result?.generation == newer.generation)
        #expect(fixture.driver.state.response.tree?.rowCount == 4)
        #expect(fixture.driver.state.inFlightCount == 0)
    }

    @Test func theOldResultStaysVisibleMarkedStaleUntilTheNewOneArrives() throws {
        var fixture = try fixture()
        let first = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(.exchangeFinished(users, try Results.json(Results.users, generation: first.generation)))
        #expect(fixture.driver.state.exchanges[users]?.isStale == false)
        let second = try #require(fixture.driver.press("F5").sendJobs.first)
        #expect(fixture.driver.state.exchanges[users]?.isStale == true)
        var screen = fixture.driver.render()
        #expect(screen.contains("(below: the previous answer, stale)"))
        #expect(screen.contains("⠋ sending · 0 ms  mock"))
        #expect(screen.contains("▸ 0: {…} 4 keys"))
        let staleRow = try #require(screen.components(separatedBy: "\n").firstIndex { $0.contains("▸ 0: {…} 4 keys") })
        let layout = ExplorerLayout(fixture.driver.state)
        let x = try #require(layout.response).x + 4
        #expect(fixture.driver.renderBuffer()[x: x, y: staleRow].style.modifiers.contains(.dim))
        // Progress of the older send changes nothing; the newer one's moves the stage.
        let bytes = ExchangeEvent.BodyProgress(bytes: 2_500_000, expected: 8_000_000, bytesPerSecond: nil)
        let progress = ExchangeEvent(offset: .milliseconds(5), kind: .bodyProgress(bytes), stage: .receiving)
        fixture.driver.reduce(.exchangeEvent(users, generation: first.generation, progress))
        #expect(fixture.driver.state.exchanges[users]?.stage == .transport(.sending, progress: nil))
        fixture.driver.reduce(.exchangeEvent(users, generation: second.generation, progress))
        #expect(fixture.driver.state.exchanges[users]?.stage == .transport(.receiving, progress: bytes))
        screen = fixture.driver.render()
        #expect(screen.contains("receiving 2.5 MB of 8.0 MB"))
        // The chain's parse stage starting: the older send's report is dropped.
        let parsing = ChainStage(index: 1, label: SendStep.parse.rawValue, start: .zero)
        fixture.driver.reduce(.chainStage(users, generation: first.generation, parsing))
        #expect(fixture.driver.state.exchanges[users]?.stage != .step(.parse))
        fixture.driver.reduce(.chainStage(users, generation: second.generation, parsing))
        #expect(fixture.driver.state.exchanges[users]?.stage == .step(.parse))
        #expect(fixture.driver.render().contains("parsing · 0 ms"))
        fixture.driver.reduce(
            .exchangeFinished(users, try Results.json(#"{"fresh":1}"#, generation: second.generation)))
        #expect(fixture.driver.state.exchanges[users]?.isStale == false)
        screen = fixture.driver.render()
        #expect(!screen.contains("stale"))
        #expect(screen.contains("fresh"))
        #expect(!fixture.driver.renderBuffer()[x: x, y: staleRow].style.modifiers.contains(.dim))
    }

    @Test func escAndF6CancelTheSendInFlight() throws {
        var fixture = try fixture()
        fixture.driver.press("g", "1")
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.advance(by: .milliseconds(1500))
        let effects = fixture.driver.press("esc")
        #expect(effects.cancellations.map(\.generation) == [job.generation])
        let exchange = try #require(fixture.driver.state.exchanges[users])
        #expect(exchange.inFlight == nil)
        guard case .cancelled(let stage, let elapsed)? = exchange.result?.outcome else {
            Issue.record("the result should be the cancellation")
            return
        }
        #expect(stage == "sending")
        #expect(elapsed == .milliseconds(1500))
        #expect(fixture.driver.render().contains("Cancelled after 1.5 s, while sending"))
        // The cancelled send's answer is dropped.
        fixture.driver.reduce(.exchangeFinished(users, try Results.json("[]", generation: job.generation)))
        #expect(fixture.driver.state.exchanges[users]?.result?.response == nil)

        let second = try #require(fixture.driver.press("F5").sendJobs.first)
        #expect(fixture.driver.press("F6").cancellations.map(\.generation) == [second.generation])
        #expect(fixture.driver.press("F6").cancellations.isEmpty)
        #expect(fixture.driver.state.toast?.message == "No request in flight")
    }

    @Test func escInTheURLFieldLeavesTheFieldAndKeepsTheSendGoing() throws {
        var fixture = try fixture()
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.press("ctrl+l")
        #expect(fixture.driver.state.isTyping)
        #expect(fixture.driver.press("esc").cancellations.isEmpty)
        #expect(fixture.driver.state.isTyping == false)
        #expect(fixture.driver.state.exchanges[users]?.inFlight == job.generation)
    }

    @Test func unresolvedVariablesStopTheSendWithACardAndEnterJumpsToTheFirst() throws {
        var fixture = try fixture("a-admin")
        let effects = fixture.driver.press("F5")
        #expect(effects.sendJobs.isEmpty)
        guard case .sendBlocked(let problems, _, _)? = fixture.driver.state.overlay else {
            Issue.record("the send should be blocked")
            return
        }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("traceId") == true)
        #expect(problems.first?.hasPrefix("headers[0]") == true)
        let screen = fixture.driver.render()
        #expect(screen.contains("Unresolved variables"))
        #expect(screen.contains("traceId"))
        // The whole message, wrapped in the card (it was cut at its edge).
        #expect(screen.contains("LAZER_VAR_traceId"))
        #expect(fixture.driver.state.exchanges[TestCollections.key("a-admin")] == nil)
        fixture.driver.press("enter")
        #expect(fixture.driver.state.overlay == nil)
        #expect(fixture.driver.state.focus == .request)
        #expect(fixture.driver.state.editor.tab == .headers)
        #expect(fixture.driver.state.editor.headers.table.selected == 0)
        // Esc only closes the card.
        fixture.driver.press("F5")
        fixture.driver.press("esc")
        #expect(fixture.driver.state.overlay == nil)
        #expect(fixture.driver.state.editor.tab == .headers)
    }

    @Test func thePreviewShowsUnresolvedVariablesAndSecretsMasked() throws {
        var fixture = try fixture("a-admin")
        let preview = try #require(RequestPreview.of(fixture.driver.state))
        #expect(preview.url == "http://dev.mock/admin")
        #expect(preview.problems.map(\.description).first?.contains("traceId") == true)
        let screen = fixture.driver.render()
        #expect(screen.contains("→ http://dev.mock/admin  ✖"))
        // The bearer token is a secret: a shell variable in the curl command unless revealed, and
        // the notice says which to set.
        fixture.driver.press("ctrl+p")
        fixture.driver.type("curl (secrets as shell")
        let copied = fixture.driver.press("enter").copies
        #expect(copied.count == 1)
        #expect(copied.first?.contains("s3cret-token-value") == false)
        #expect(copied.first?.contains(#"-H "Authorization: Bearer $LAZER_VAR_token""#) == true, "\(copied)")
        #expect(
            fixture.driver.state.toast?.message
                == "Copied as curl: secrets as shell variables, set $LAZER_VAR_token before running it")
        #expect(copied.first?.hasPrefix("curl 'http://dev.mock/admin'") == true)
        fixture.driver.press("ctrl+p")
        fixture.driver.type("curl (secrets revealed")
        #expect(fixture.driver.press("enter").copies.first?.contains("Bearer s3cret-token-value") == true)
    }

    @Test func switchingTheEnvironmentChangesThePreviewAndTheNextSendButNotTheOneInFlight() throws {
        var fixture = try fixture()
        #expect(RequestPreview.of(fixture.driver.state)?.url == "http://dev.mock/users?limit=10")
        #expect(fixture.driver.render().contains("→ http://dev.mock/users?limit=10"))
        let first = try #require(fixture.driver.press("F5").sendJobs.first)
        #expect(first.environmentName == "dev")
        fixture.driver.press("F2")
        guard case .environments(let selected)? = fixture.driver.state.overlay else {
            Issue.record("F2 opens the environment picker")
            return
        }
        #expect(selected == 0)
        let picker = fixture.driver.render()
        #expect(picker.contains("dev") && picker.contains("mock") && picker.contains("http://dev.mock"))
        #expect(picker.contains("prod") && picker.contains("live") && picker.contains("https://api.example.com"))
        let effects = fixture.driver.press("j", "enter")
        #expect(fixture.driver.state.overlay == nil)
        #expect(fixture.driver.state.environmentName(collectionID: TestCollections.alphaID) == "prod")
        #expect(
            effects.contains {
                if case .rememberUIState(_, let ui) = $0 { ui.selectedEnvironment == "prod" } else { false }
            })
        #expect(RequestPreview.of(fixture.driver.state)?.url == "https://api.example.com/users?limit=10")
        let screen = fixture.driver.render()
        #expect(screen.contains("→ https://api.example.com/users?limit=10"))
        #expect(screen.contains("env ▸ prod (live)"))
        // The send in flight keeps the environment it left with.
        #expect(fixture.driver.state.exchanges[users]?.environmentName == "dev")
        #expect(fixture.driver.state.exchanges[users]?.inFlight == first.generation)
        let next = try #require(fixture.driver.press("F5").sendJobs.first)
        #expect(next.environmentName == "prod")
        #expect(fixture.driver.state.exchanges[users]?.isMock == false)
    }

    @Test func aResultOfAnotherRequestIsKeptWithoutDisturbingTheShownOne() throws {
        var fixture = try fixture()
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.press("g", "1", "j")
        #expect(fixture.driver.state.selection == TestCollections.key("a-user"))
        fixture.driver.reduce(.exchangeFinished(users, try Results.json(Results.users, generation: job.generation)))
        #expect(fixture.driver.state.exchanges[users]?.result != nil)
        #expect(fixture.driver.state.response.tree == nil)
        fixture.driver.press("k")
        #expect(fixture.driver.state.selection == users)
        #expect(fixture.driver.state.response.tree?.rowCount == 4)
    }

    @Test func aFailureShowsTheErrorCardAndRRetries() throws {
        var fixture = try fixture()
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(.exchangeFinished(users, Results.failure(generation: job.generation)))
        let screen = fixture.driver.render()
        #expect(screen.contains("✖ The server's name could not be found"))
        #expect(screen.contains("dev.mock does not resolve to an address."))
        #expect(screen.contains("Where: the base URL of environment \"dev\" (mock): http://dev.mock"))
        #expect(screen.contains("Try: Check the base URL of the environment."))
        #expect(screen.contains("r retry"))
        // The technical detail is folded until t.
        #expect(screen.contains("▸ Details t"))
        #expect(!screen.contains("Could not resolve host: dev.mock"))
        fixture.driver.press("g", "3", "t")
        #expect(fixture.driver.render().contains("Could not resolve host: dev.mock"))
        #expect(fixture.driver.render().contains("▾ Details t"))
        #expect(fixture.driver.press("r").sendJobs.count == 1)
    }

    @Test func aClientErrorKeepsItsBodyUnderATranslationBanner() throws {
        var fixture = try fixture()
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        let banner = Translation(
            title: "Not found", explanation: "The server has nothing at this address.", hint: "Check the path.",
            technicalDetail: "")
        fixture.driver.reduce(
            .exchangeFinished(
                users,
                try Results.json(
                    #"{"error":"no such user"}"#, generation: job.generation, status: 404, reason: "Not Found",
                    banner: banner)))
        let screen = fixture.driver.render()
        #expect(screen.contains("404 Not Found"))
        #expect(screen.contains("⚠ Not found — Check the path."))
        #expect(screen.contains("no such user"))
    }
}

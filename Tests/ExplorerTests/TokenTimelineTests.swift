import Explorer
import ExplorerTesting
import Foundation
import Futures
import TUI
import TUITesting
import Testing
import Workspace

/// The oauth2 token fetch in the Timeline (issue 26): its requests (discovery, the browser's
/// return, the token request) as rows of their own under the token stage, with their timings,
/// answers and errors, and the dispatch bar after the token stage instead of over it. Screen
/// snapshots at 120×40 and 80×24.
struct TokenTimelineTests {
    /// The token came after 180 ms, then the request took 40 ms; parse and history after it.
    static let chain = [
        ChainStage(
            index: 0, label: "dispatch", start: .milliseconds(181), end: .milliseconds(221), outcome: .succeeded),
        ChainStage(index: 1, label: "token", start: .zero, end: .milliseconds(180), outcome: .succeeded),
        ChainStage(index: 2, label: "parse", start: .milliseconds(221), end: .milliseconds(222), outcome: .succeeded),
        ChainStage(
            index: 3, label: "history", start: .milliseconds(223), end: .milliseconds(226), outcome: .succeeded),
    ]

    static func result(generation: Int) throws -> ExchangeResult {
        var result = try Results.json(#"{"sub": "alice"}"#, generation: generation)
        result.isMock = false
        result.token = ["token (oauth2 authorization_code): fetched, valid until 14:03:11, scope read"]
        result.tokenSteps = [
            OAuthStepRecord(
                step: .discovery, method: "GET", url: "http://127.0.0.1:8080/p/main/.well-known/openid-configuration",
                status: 200, start: .milliseconds(1), duration: .milliseconds(9)),
            OAuthStepRecord(
                step: .authorization, method: "GET", url: "http://127.0.0.1:43210/callback", status: 200,
                start: .milliseconds(11), duration: .milliseconds(150)),
            OAuthStepRecord(
                step: .token, method: "POST", url: "http://127.0.0.1:8080/p/main/token", status: 400,
                start: .milliseconds(162), duration: .milliseconds(6), error: "invalid_grant"),
            OAuthStepRecord(
                step: .token, method: "POST", url: "http://127.0.0.1:8080/p/main/token", status: 200,
                start: .milliseconds(170), duration: .milliseconds(9)),
        ]
        return result
    }

    static func timeline(size: Size) throws -> String {
        var fixture = try ReducerFixture(size: size, startup: StartupRequest(request: "a-users"))
        let users = TestCollections.key("a-users")
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        for stage in Self.chain { fixture.driver.reduce(.chainStage(users, generation: job.generation, stage)) }
        fixture.driver.reduce(.exchangeFinished(users, try Self.result(generation: job.generation)))
        fixture.driver.press("g", "3")
        while fixture.driver.state.response.tab != .timeline { fixture.driver.press("]") }
        return fixture.driver.render()
    }

    @Test func theTokenRequestsAreRowsUnderTheTokenStageBeforeTheDispatch() throws {
        let screen = try Self.timeline(size: Size(width: 120, height: 40))
        let lines = screen.components(separatedBy: "\n")
        let token = try #require(lines.firstIndex { $0.contains("│token ") })
        let dispatch = try #require(lines.firstIndex { $0.contains("│dispatch ") })
        #expect(token < dispatch)
        #expect(lines[token + 1].contains("↳ discover"))
        #expect(lines[token + 2].contains("↳ browser") && lines[token + 2].contains("→ 200 GET /callback"))
        #expect(lines[token + 3].contains("↳ token") && lines[token + 3].contains("→ 400 invalid_grant"))
        #expect(lines[token + 4].contains("↳ token") && lines[token + 4].contains("→ 200"))
        Snapshot.assert(screen, named: "token-timeline-120x40")
    }

    @Test func atEightyColumnsTheRowsStillFit() throws {
        let screen = try Self.timeline(size: Size(width: 80, height: 24))
        #expect(screen.contains("↳ browser"))
        Snapshot.assert(screen, named: "token-timeline-80x24")
    }
}

extension TokenTimelineTests {
    /// A fetch that failed: the requests it made are still rows under the token stage, the
    /// refused one in its error's words, below the error card.
    @Test func aFailedFetchShowsItsRequestsUnderTheCard() throws {
        var fixture = try ReducerFixture(
            size: Size(width: 120, height: 40), startup: StartupRequest(request: "a-users"))
        let users = TestCollections.key("a-users")
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        for stage in [
            ChainStage(index: 0, label: "dispatch", start: .milliseconds(9), end: .milliseconds(9), outcome: .skipped),
            ChainStage(index: 1, label: "token", start: .zero, end: .milliseconds(9), outcome: .succeeded),
        ] {
            fixture.driver.reduce(.chainStage(users, generation: job.generation, stage))
        }
        var result = Results.failure(generation: job.generation)
        result.tokenSteps = [
            OAuthStepRecord(
                step: .token, method: "POST", url: "http://127.0.0.1:8080/p/main/token", status: 401,
                start: .milliseconds(1), duration: .milliseconds(7), error: "invalid_client")
        ]
        fixture.driver.reduce(.exchangeFinished(users, result))
        let screen = fixture.driver.render()
        #expect(screen.contains("↳ token"), "\(screen)")
        #expect(screen.contains("→ 401 invalid_client"), "\(screen)")
    }
}

extension TokenTimelineTests {
    static let authorization = OAuthDeviceAuthorization(
        userCode: "WDJB-MJHT", verificationURI: "http://127.0.0.1:8080/p/main/device", verificationURIComplete: nil,
        expiresIn: 120, interval: 5)

    /// A device code send in flight: its token stage running, the code shown, and `polls`
    /// answered `authorization_pending` so far (after the device authorization).
    static func waiting(size: Size, polls: Int) throws -> ReducerFixture {
        var fixture = try ReducerFixture(size: size, startup: StartupRequest(request: "a-users"))
        let users = TestCollections.key("a-users")
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(.chainStage(users, generation: job.generation, ChainStage(index: 0, label: "dispatch")))
        fixture.driver.reduce(
            .chainStage(users, generation: job.generation, ChainStage(index: 1, label: "token", start: .zero)))
        fixture.driver.reduce(.oauthDeviceCode(users, generation: job.generation, Self.authorization))
        var steps = [
            OAuthStepRecord(
                step: .deviceAuthorization, method: "POST", url: "http://127.0.0.1:8080/p/main/device_authorization",
                status: 200, start: .milliseconds(1), duration: .milliseconds(8))
        ]
        for poll in 0..<polls {
            steps.append(
                OAuthStepRecord(
                    step: .devicePolling, method: "POST", url: "http://127.0.0.1:8080/p/main/token", status: 400,
                    start: .seconds(poll + 1), duration: .milliseconds(6), error: "authorization_pending"))
        }
        for step in steps { fixture.driver.reduce(.oauthStep(users, generation: job.generation, step)) }
        return fixture
    }

    /// The card says the interval in force (each `slow_down` adds 5 s) and the time the code has
    /// left, counting down: it kept the first interval and rounded 8 s up to "1 min".
    @Test func theCardSaysTheIntervalInForceAndTheTimeLeft() throws {
        var fixture = try Self.waiting(size: Size(width: 120, height: 40), polls: 0)
        let users = TestCollections.key("a-users")
        let generation = try #require(fixture.driver.state.exchanges[users]?.inFlight)
        #expect(fixture.driver.render().contains("Lazer asks every 5 s; the code expires in 2 min."))
        for second in [5, 15] {
            fixture.driver.reduce(
                .oauthStep(
                    users, generation: generation,
                    OAuthStepRecord(
                        step: .devicePolling, method: "POST", url: "http://127.0.0.1:8080/p/main/token", status: 400,
                        start: .seconds(second), duration: .milliseconds(5), error: "slow_down")))
        }
        fixture.driver.state.now += .seconds(112)
        let screen = fixture.driver.render()
        #expect(screen.contains("Lazer asks every 15 s; the code expires in 8 s."), "\(screen)")
    }

    /// The card shows over a past answer opened from history (the explorer opens the last one at
    /// start): it showed the history entry, and the code was nowhere on screen.
    @Test func theCardShowsOverAnAnswerOpenedFromHistory() throws {
        var fixture = try Self.waiting(size: Size(width: 80, height: 24), polls: 0)
        fixture.driver.state.response.openedHistory = HistoryEntry(
            date: Date(timeIntervalSince1970: 1_700_000_000), requestID: "a-users", environment: "dev",
            method: "GET", url: "http://dev.mock/users", status: 200,
            responseBody: HistoryBody(text: "[1,2,3]", encoding: .utf8, size: 7, truncated: false),
            durationMilliseconds: 3)
        let screen = fixture.driver.render()
        #expect(screen.contains("WDJB-MJHT"), "\(screen)")
    }

    /// Issue 26: a user watching the device card sees the polls accumulate under it, each as
    /// the provider answered it, before the token comes.
    @Test func devicePollsShowUnderTheWaitingCardAsTheyHappen() throws {
        var fixture = try Self.waiting(size: Size(width: 120, height: 40), polls: 1)
        var screen = fixture.driver.render()
        #expect(screen.contains("Waiting for approval (oauth2 device code)"), "\(screen)")
        #expect(screen.contains("↳ device") && screen.contains("→ 200 POST /p/main/device_auth"), "\(screen)")
        #expect(screen.components(separatedBy: "↳ approval").count - 1 == 1, "\(screen)")
        let users = TestCollections.key("a-users")
        let generation = try #require(fixture.driver.state.exchanges[users]?.inFlight)
        fixture.driver.reduce(
            .oauthStep(
                users, generation: generation,
                OAuthStepRecord(
                    step: .devicePolling, method: "POST", url: "http://127.0.0.1:8080/p/main/token", status: 400,
                    start: .seconds(10), duration: .milliseconds(5), error: "authorization_pending")))
        fixture.driver.reduce(
            .oauthStep(
                users, generation: generation + 1,
                OAuthStepRecord(
                    step: .devicePolling, method: "POST", url: "http://x/other", status: 400, duration: .zero)))
        screen = fixture.driver.render()
        #expect(screen.components(separatedBy: "↳ approval").count - 1 == 2, "\(screen)")
        #expect(!screen.contains("/other"), "another send's step is dropped")
        Snapshot.assert(screen, named: "token-device-polls-120x40")
    }

    /// Polls past what the pane holds: those after the first request are folded into one line,
    /// the latest stay in sight.
    @Test func manyPollsFoldSoTheLatestStayInSight() throws {
        var fixture = try Self.waiting(size: Size(width: 80, height: 24), polls: 30)
        let screen = fixture.driver.render()
        #expect(screen.contains("Code  WDJB-MJHT"), "\(screen)")
        #expect(screen.contains("↳ device"), "\(screen)")
        #expect(screen.contains("Token requests so far (31 requests)"), "\(screen)")
        #expect(screen.range(of: #"↳ … [0-9]+ more"#, options: .regularExpression) != nil, "\(screen)")
        // The last poll started at 30 s, and answered.
        #expect(screen.contains("30.0 s") && screen.contains("→ 400 authorization"), "\(screen)")
        Snapshot.assert(screen, named: "token-device-polls-80x24")
    }
}

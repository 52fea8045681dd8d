import Explorer
import ExplorerTesting
import Foundation
import Futures
import HTTPCore
import Testing
import Workspace

/// A send's events and chain stages in the reducer: they fill the trace in order, move the stage
/// the status line shows, follow the send into its result, and those of an older send are dropped.
struct TimelineReducerTests {
    private let users = TestCollections.key("a-users")
    private let url = URL(string: "http://dev.mock/users") ?? URL(fileURLWithPath: "/")

    private func fixture() throws -> ReducerFixture {
        try ReducerFixture(startup: StartupRequest(request: "a-users"))
    }

    private func event(_ milliseconds: Int, _ kind: ExchangeEvent.Kind, _ stage: ExchangeStage) -> ExchangeEvent {
        ExchangeEvent(offset: .milliseconds(milliseconds), kind: kind, stage: stage)
    }

    private var head: ExchangeEvent.Kind {
        .responseHead(.init(status: StatusCode(200), reason: "OK", headers: HTTPHeaders(), httpVersion: .http11))
    }

    /// The events of one live exchange over a new TLS connection, up to 3.2 MB of 8 MB received.
    private func liveEvents() -> [ExchangeEvent] {
        [
            event(0, .queued(.init(method: .get, url: url)), .resolving),
            event(
                4, .resolved(.init(host: "dev.mock", addresses: ["10.0.0.7"], duration: .milliseconds(4))), .connecting),
            event(6, .connected(.init(address: "10.0.0.7", port: 443, reused: false)), .tlsHandshake),
            event(
                29,
                .tlsEstablished(
                    .init(protocolVersion: "TLSv1.3", cipher: nil, certificate: nil, verification: .verified)), .sending
            ),
            event(30, .requestSent(.init(headBytes: 120, bodyBytes: 0)), .waiting),
            event(150, head, .receiving),
            event(
                230, .bodyProgress(.init(bytes: 3_200_000, expected: 8_000_000, bytesPerSecond: 40_000_000)),
                .receiving),
        ]
    }

    @Test func eventsFillTheTraceInOrderAndTheStatusLineFollowsTheStage() throws {
        var fixture = try fixture()
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        var stages: [String?] = []
        for event in liveEvents() {
            fixture.driver.reduce(.exchangeEvent(users, generation: job.generation, event))
            stages.append(fixture.driver.state.exchanges[users]?.trace?.stage?.label)
        }
        #expect(
            stages == [
                "resolving", "connecting", "TLS handshake", "sending", "waiting for the first byte", "receiving",
                "receiving 3.2 MB of 8.0 MB at 40 MB/s",
            ])
        let exchange = try #require(fixture.driver.state.exchanges[users])
        #expect(
            exchange.trace?.timeline.events.map(\.kind.name) == [
                "queued", "resolved", "connected", "tls", "sent", "head", "body",
            ])
        // The stage the rest of the program (and the bench log) knows follows too.
        #expect(
            exchange.stage
                == .transport(
                    .receiving, progress: .init(bytes: 3_200_000, expected: 8_000_000, bytesPerSecond: 40_000_000)))
        fixture.driver.advance(by: .milliseconds(250))
        #expect(fixture.driver.render().contains("receiving 3.2 MB of 8.0 MB at 40 MB/s · 250 ms"))
    }

    @Test func eventsOfAnOlderSendAreDropped() throws {
        var fixture = try fixture()
        let first = try #require(fixture.driver.press("F5").sendJobs.first)
        let second = try #require(fixture.driver.press("F5").sendJobs.first)
        // The first send was cancelled by the second; its late reports change nothing at all.
        var steps = ExplorerStepDriver(fixture.driver)
        steps.step(.exchangeEvent(users, generation: first.generation, liveEvents()[0]))
        steps.step(
            .chainStage(users, generation: first.generation, ChainStage(index: 0, label: "dispatch", start: .zero)))
        let trace = try #require(steps.state.exchanges[users]?.trace)
        #expect(trace.generation == second.generation)
        #expect(trace.timeline.events.isEmpty)
        #expect(trace.chain.isEmpty)
        // The second's land in its trace, and nowhere else.
        steps.step(.exchangeEvent(users, generation: second.generation, liveEvents()[0])) {
            $0.exchanges[users]?.trace?.record(self.liveEvents()[0])
        }
        #expect(steps.state.exchanges[users]?.trace?.timeline.events.count == 1)
    }

    @Test func theTraceFollowsTheSendIntoItsResultAndLateReportsStillLand() throws {
        var fixture = try fixture()
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        for event in liveEvents().prefix(5) {
            fixture.driver.reduce(.exchangeEvent(users, generation: job.generation, event))
        }
        fixture.driver.reduce(
            .chainStage(users, generation: job.generation, ChainStage(index: 0, label: "dispatch", start: .zero)))
        fixture.driver.reduce(.exchangeFinished(users, try Results.json(Results.users, generation: job.generation)))
        let exchange = try #require(fixture.driver.state.exchanges[users])
        #expect(exchange.trace == nil)
        #expect(exchange.result?.trace?.timeline.events.count == 5)
        // The history stage ends after the answer is shown: it lands in the result's trace.
        fixture.driver.reduce(
            .chainStage(
                users, generation: job.generation,
                ChainStage(
                    index: 1, label: "history", start: .milliseconds(40), end: .milliseconds(42), outcome: .succeeded)))
        #expect(fixture.driver.state.exchanges[users]?.result?.trace?.chain.map(\.label) == ["dispatch", "history"])
    }

    @Test func aLateChainReportNeverUndoesALaterOne() throws {
        var trace = ExchangeTrace(generation: 1)
        trace.update(ChainStage(index: 0, label: "parse", start: .zero, end: .milliseconds(5), outcome: .succeeded))
        trace.update(ChainStage(index: 0, label: "parse", start: .zero))
        trace.update(ChainStage(index: 0, label: "parse"))
        #expect(trace.chain.first?.outcome?.name == "succeeded")
        #expect(trace.chain.first?.duration == .milliseconds(5))
    }

    @Test func cancellingSaysTheStageFromTheEventsAndTheCancelledEventMarksWhereItStopped() throws {
        var fixture = try fixture()
        fixture.driver.press("g", "1")
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        for event in liveEvents().prefix(5) {
            fixture.driver.reduce(.exchangeEvent(users, generation: job.generation, event))
        }
        fixture.driver.advance(by: .milliseconds(800))
        let effects = fixture.driver.press("esc")
        #expect(effects.cancellations.map(\.generation) == [job.generation])
        guard case .cancelled(let stage, _)? = fixture.driver.state.exchanges[users]?.result?.outcome else {
            Issue.record("Esc cancels")
            return
        }
        #expect(stage == "waiting for the first byte")
        fixture.driver.reduce(
            .exchangeEvent(users, generation: job.generation, event(800, .cancelled(stage: .waiting), .waiting)))
        let trace = try #require(fixture.driver.state.exchanges[users]?.result?.trace)
        #expect(trace.timeline.isFinished)
        let screen = fixture.driver.render()
        #expect(screen.contains("✖ cancelled here"))
        #expect(screen.contains("cancelled while waiting for the response"))
    }

    @Test func aFailedStageIsMarkedWithTheTranslationsTitle() throws {
        var fixture = try fixture()
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        let error = TransportError(
            .connectionRefused, url: url, stage: .connecting, timings: Timings(total: .milliseconds(3)))
        for event in [
            event(0, .queued(.init(method: .get, url: url)), .resolving),
            event(
                1, .resolved(.init(host: "dev.mock", addresses: ["10.0.0.7"], duration: .milliseconds(1))), .connecting),
            event(
                3, .failed(.init(error: error, stage: .connecting, timings: Timings(total: .milliseconds(3)))),
                .connecting),
        ] {
            fixture.driver.reduce(.exchangeEvent(users, generation: job.generation, event))
        }
        let card = FailureCard(
            translation: Translation(
                title: "Connection refused", explanation: "Nothing listens.", hint: "Start it.", technicalDetail: ""),
            origin: nil, failedStage: "Failed while connecting after 3 ms")
        fixture.driver.reduce(
            .exchangeFinished(
                users,
                ExchangeResult(
                    generation: job.generation, outcome: .failure(card), environmentName: "dev", isMock: false,
                    url: url.absoluteString, method: "GET")))
        let screen = fixture.driver.render()
        #expect(screen.contains("Failed while connecting after 3 ms"))
        #expect(screen.contains("✖ Connection refused"))
        #expect(screen.contains("connecting"))
        #expect(screen.contains("3 ms, failed while connecting"))
    }

    /// The events of one exchange from `start` (ms) that ends with `status`.
    private func exchangeEvents(from start: Int, status: Int) -> [ExchangeEvent] {
        let response = DataResponse(
            request: HTTPRequest(url: url), statusCode: StatusCode(status), url: url, bytesSent: 300,
            bytesReceived: Int64(status), body: .empty)
        let head = ExchangeEvent.Kind.responseHead(
            .init(status: StatusCode(status), reason: "", headers: HTTPHeaders(), httpVersion: .http11))
        return [
            event(start, .queued(.init(method: .get, url: url)), .resolving),
            event(start + 1, .connected(.init(address: "10.0.0.7", port: 80, reused: false)), .sending),
            event(start + 2, .requestSent(.init(headBytes: 300, bodyBytes: 0)), .waiting),
            event(start + 10, head, .receiving),
            event(start + 12, .completed(response), .receiving),
        ]
    }

    @Test func aSendThatWentAgainShowsTheAnsweringExchangesStagesAndTheEarlierAttemptInOneLine() throws {
        // A 401 invalid_token, then the retry with a new token (or a stream's reconnection): the
        // same observer hears two exchanges.
        var fixture = try fixture()
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        // Each exchange counts from its own start; the second begins 60 ms into the send.
        for event in exchangeEvents(from: 0, status: 401) {
            fixture.driver.reduce(.exchangeEvent(users, generation: job.generation, event))
        }
        fixture.driver.advance(by: .milliseconds(60))
        for event in exchangeEvents(from: 0, status: 200) {
            fixture.driver.reduce(.exchangeEvent(users, generation: job.generation, event))
        }
        let trace = try #require(fixture.driver.state.exchanges[users]?.trace)
        guard case .completed(let answer)? = trace.timeline.ending else {
            Issue.record("the retry's exchange is the trace's timeline")
            return
        }
        #expect(answer.statusCode.rawValue == 200)
        #expect(trace.timeline.events.first?.offset == .milliseconds(60))
        #expect(trace.earlierAttempts.count == 1)
        fixture.driver.reduce(
            .chainStage(
                users, generation: job.generation,
                ChainStage(index: 0, label: "token", start: .zero, end: .milliseconds(1), outcome: .succeeded)))
        var result = try Results.json(Results.users, generation: job.generation)
        // The first token came from the cache; the second fetch went after the 401.
        var refetch = OAuthStepRecord(
            step: .token, method: "POST", url: "http://id.test/token", status: 200, start: .milliseconds(1),
            duration: .milliseconds(40))
        refetch.fetch = 1
        result.tokenSteps = [refetch]
        fixture.driver.reduce(.exchangeFinished(users, result))
        fixture.driver.press("g", "3", "]", "]", "]")
        let lines = fixture.driver.render().components(separatedBy: "\n")
        let attempt = try #require(lines.firstIndex { $0.contains("attempt 1") })
        // The refetch began when the refusal came (12 ms), not with the first token stage.
        let fetch = try #require(lines.first { $0.contains("↳ token") })
        #expect(fetch.contains("13 ms  40 ms"))
        #expect(lines[attempt].contains("0 ms"))
        #expect(lines[attempt].contains("12 ms"))
        #expect(lines[attempt].contains("401 Unauthorized · sent"))
        // The stages below are the answer's: its wait starts at 62 ms, after the attempt.
        let wait = try #require(lines.firstIndex { $0.contains("│waiting ") })
        #expect(wait > attempt)
        #expect(lines[wait].contains("62 ms"))
    }

    @Test func aRedirectHopSitsBetweenTheStagesOfItsTwoHops() throws {
        var fixture = try fixture()
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        let hop = ExchangeEvent.RedirectHop(
            status: StatusCode(303), location: "/next\u{1B}[31m", url: nil, method: .post, nextMethod: .get,
            bodyDropped: true, droppedHeaders: ["Content-Type"], crossOrigin: false, number: 1)
        let events = [
            event(0, .queued(.init(method: .post, url: url)), .resolving),
            event(2, .connected(.init(address: "10.0.0.7", port: 80, reused: false)), .sending),
            event(3, .requestSent(.init(headBytes: 100, bodyBytes: 20)), .waiting),
            event(40, .redirect(hop), .sending),
            event(41, .requestSent(.init(headBytes: 90, bodyBytes: 0)), .waiting),
            event(90, head, .receiving),
        ]
        for event in events {
            fixture.driver.reduce(.exchangeEvent(users, generation: job.generation, event))
        }
        fixture.driver.press("g", "3", "]", "]", "]")
        fixture.driver.advance(by: .milliseconds(95))
        let screen = fixture.driver.render()
        let lines = screen.components(separatedBy: "\n")
        let redirect = try #require(lines.firstIndex { $0.contains("↪ 303 See Other → /next") })
        // The location's escape character is shown, never emitted.
        #expect(lines[redirect].contains("/next␛[31m · POST → GET · body dropped · dropped Content-Type"))
        let waits = lines.indices.filter { lines[$0].contains("│waiting ") }
        #expect(waits.count == 2)
        #expect(waits.first.map { $0 < redirect } == true)
        #expect(waits.last.map { $0 > redirect } == true)
    }
}

import Foundation
import Futures
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import Testing

@Suite("MockDispatcher exchange events")
struct MockExchangeEventTests {
    let scheduler = ManualScheduler()
    let clock = ManualClock()
    let server = MockTestServer()

    private func observed(_ path: String, _ log: ExchangeEventLog, method: HTTPMethod = .get) -> HTTPRequest {
        var request = HTTPRequest(method: method, path: path, serverProvider: server)
        request.exchangeObserver = log
        return request
    }

    @Test("a delayed answer: queued and sent at once, the head and the body at the mock's delay, then completed")
    func delayedAnswer() throws {
        let mock = MockDispatcher(scheduler: scheduler, delays: clock)
        let body = String(repeating: "x", count: 200_000)
        try mock.register(.get, "/big", responses: .text(body, delay: .milliseconds(300)))
        let log = ExchangeEventLog()
        let recorder = FutureRecorder(mock.dataFuture(from: observed("/big", log)))
        #expect(log.names == ["queued", "sent"])
        #expect(log.events.allSatisfy { $0.isMock })
        #expect(log.events.last?.stage == .waiting)
        clock.advance(by: .milliseconds(299))
        #expect(log.names == ["queued", "sent"])
        clock.advance(by: .milliseconds(1))
        scheduler.runAll()
        #expect(log.names == ["queued", "sent", "head", "body", "completed"])
        let events = log.events
        #expect(events.map(\.offset) == [.zero, .zero, .milliseconds(300), .milliseconds(300), .milliseconds(300)])
        guard case .responseHead(let head) = events[2].kind else {
            Issue.record("no head")
            return
        }
        #expect(head.status == .ok)
        #expect(head.reason == "OK")
        #expect(head.headers["Content-Type"] == "text/plain; charset=utf-8")
        guard case .bodyProgress(let progress) = events[3].kind else {
            Issue.record("no progress")
            return
        }
        #expect(progress.bytes == 200_000)
        #expect(progress.expected == 200_000)
        guard case .completed(let response) = events[4].kind else {
            Issue.record("not completed")
            return
        }
        #expect(response.statusCode == .ok)
        #expect(response.request.exchangeObserver == nil)
        #expect(recorder.value?.request.exchangeObserver == nil)
        var timeline = ExchangeTimeline()
        for event in events { timeline.record(event) }
        #expect(timeline.isFinished)
        #expect(timeline.durations().map(\.stage) == [.sending, .waiting, .receiving])
        #expect(timeline.durations().first { $0.stage == .waiting }?.duration == .milliseconds(300))
    }

    @Test("a mock failure fails in its reason's stage, with its timings, and says so in the translation")
    func failure() throws {
        let mock = MockDispatcher(scheduler: scheduler, delays: clock)
        try mock.register(nil, "/down", responses: .failing(.connectionRefused, delay: .milliseconds(20)))
        let log = ExchangeEventLog()
        let recorder = FutureRecorder(mock.dataFuture(from: observed("/down", log)))
        clock.advance(by: .milliseconds(20))
        scheduler.runAll()
        let error = try #require(recorder.error as? TransportError)
        #expect(error.stage == .connecting)
        #expect(error.timings?.total == .milliseconds(20))
        #expect(error.failureSummary == "failed while connecting after 20 ms")
        #expect(
            ErrorTranslator.standard.translate(error).technicalDetail.contains("failed while connecting after 20 ms"))
        #expect(log.names == ["queued", "failed"])
        guard case .failed(let failure) = log.events.last?.kind else {
            Issue.record("not failed")
            return
        }
        #expect(failure.stage == .connecting)
        #expect(log.events.last?.offset == .milliseconds(20))
    }

    @Test("a total timeout shorter than the mock's delay fails while waiting, at the timeout")
    func timeout() throws {
        let mock = MockDispatcher(scheduler: scheduler, delays: clock)
        try mock.register(.get, "/slow", responses: .text("late", delay: .seconds(2)))
        let log = ExchangeEventLog()
        var request = observed("/slow", log)
        request.options.totalTimeout = .milliseconds(500)
        let recorder = FutureRecorder(mock.dataFuture(from: request))
        clock.advance(by: .seconds(1))
        scheduler.runAll()
        let error = try #require(recorder.error as? TransportError)
        #expect(error.reason == .totalTimeout)
        #expect(error.stage == .waiting)
        #expect(error.timings?.total == .milliseconds(500))
        #expect(log.names == ["queued", "sent", "failed"])
    }

    @Test("cancelling reports cancelled in the stage it was in, once, and nothing after")
    func cancelled() throws {
        let mock = MockDispatcher(scheduler: scheduler, delays: clock)
        try mock.register(.get, "/slow", responses: .text("late", delay: .seconds(2)))
        let log = ExchangeEventLog()
        let future = mock.dataFuture(from: observed("/slow", log))
        FutureRecorder(future)
        future.cancel()
        future.cancel()
        clock.advance(by: .seconds(3))
        scheduler.runAll()
        #expect(log.names == ["queued", "sent", "cancelled"])
        guard case .cancelled(let stage) = log.events.last?.kind else {
            Issue.record("not cancelled")
            return
        }
        #expect(stage == .waiting)
    }

    @Test("an unobserved request reports nothing and its response is unchanged")
    func unobserved() throws {
        let mock = MockDispatcher(scheduler: scheduler)
        try mock.register(.get, "/a", responses: .text("a"))
        let recorder = FutureRecorder(mock.dataFuture(from: HTTPRequest(path: "/a", serverProvider: server)))
        scheduler.runAll()
        #expect(recorder.value?.statusCode == .ok)
    }

    @Test("an observer that cancels from inside an event gets the cancellation after that event, in order")
    func reentrantObserver() throws {
        let mock = MockDispatcher(scheduler: scheduler, delays: clock)
        try mock.register(.get, "/slow", responses: .text("late", delay: .seconds(2)))
        let holder = FutureHolder()
        let log = ExchangeEventLog { event in
            if event.kind.name == "sent" { holder.future?.cancel() }
        }
        let future = mock.dataFuture(from: observed("/slow", log))
        holder.future = future
        FutureRecorder(future)
        scheduler.runAll()
        #expect(log.names == ["queued", "sent", "cancelled"])
    }
}

/// Lets an observer reach the future it observes (set before sending).
private final class FutureHolder: @unchecked Sendable {
    var future: ResponseFuture<DataResponse>?
}

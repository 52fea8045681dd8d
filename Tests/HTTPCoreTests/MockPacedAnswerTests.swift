import Foundation
import Futures
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import Testing

/// A mock answer paced at a set rate (`MockResponse.bytesPerSecond`), on virtual time: the body
/// comes a slice every 100 ms after the head, as progress and into the body preview; a total
/// timeout passing meanwhile fails it; a cancel stops it.
@Suite("MockDispatcher: a body paced at a set rate")
struct MockPacedAnswerTests {
    let scheduler = ManualScheduler()
    let clock = ManualClock()
    let server = MockTestServer()

    /// A 1,000-byte JSON array at 2,000 bytes a second (200 bytes every 100 ms), after 50 ms.
    private func paced(_ mock: MockDispatcher) throws -> String {
        let body = "[" + String(repeating: "1,", count: 498) + "11]"
        var response = MockResponse.text(body, delay: .milliseconds(50))
        response.headers["Content-Type"] = "application/json"
        response.bytesPerSecond = 2_000
        try mock.register(.get, "/paced", responses: response)
        return body
    }

    private func request(_ log: ExchangeEventLog, preview: BodyPreview? = nil, timeout: Duration? = nil) -> HTTPRequest
    {
        var request = HTTPRequest(path: "/paced", serverProvider: server)
        request.exchangeObserver = log
        request.bodyPreview = preview
        request.options.totalTimeout = timeout
        return request
    }

    @Test("slices every 100 ms after the head, each as progress and into the preview; complete after the last")
    func slices() throws {
        let mock = MockDispatcher(scheduler: scheduler, delays: clock)
        let body = try paced(mock)
        let log = ExchangeEventLog()
        let preview = BodyPreview { _, _ in true }
        let recorder = FutureRecorder(mock.dataFuture(from: request(log, preview: preview)))
        clock.advance(by: .milliseconds(50))
        scheduler.runAll()
        #expect(log.names == ["queued", "sent", "head", "body"])
        #expect(preview.snapshot()?.bytes == Array(body.utf8.prefix(200)))
        clock.advance(by: .milliseconds(200))
        scheduler.runAll()
        #expect(preview.snapshot()?.received == 600)
        #expect(preview.snapshot()?.bytes == Array(body.utf8.prefix(600)))
        #expect(recorder.value == nil, "still arriving")
        clock.advance(by: .milliseconds(200))
        scheduler.runAll()
        let response = try #require(recorder.value, "\(log.names) \(String(describing: recorder.error))")
        #expect(String(decoding: try response.body.data(), as: UTF8.self) == body)
        #expect(response.timings.total == .milliseconds(450))
        let progress = log.events.compactMap { event -> (Duration, Int64)? in
            guard case .bodyProgress(let progress) = event.kind else { return nil }
            return (event.offset, progress.bytes)
        }
        #expect(progress.map(\.0) == [50, 150, 250, 350, 450].map { .milliseconds($0) })
        #expect(progress.map(\.1) == [200, 400, 600, 800, 1000])
        #expect(log.names.suffix(2) == ["body", "completed"])
        #expect(preview.snapshot() == nil, "finished with the answer: the kept bytes are let go")
    }

    @Test("a total timeout that passes while the body arrives fails the exchange")
    func timeout() throws {
        let mock = MockDispatcher(scheduler: scheduler, delays: clock)
        _ = try paced(mock)
        let log = ExchangeEventLog()
        let recorder = FutureRecorder(mock.dataFuture(from: request(log, timeout: .milliseconds(200))))
        clock.advance(by: .seconds(1))
        scheduler.runAll()
        let error = try #require(recorder.error as? TransportError)
        #expect(error.reason == .totalTimeout)
        #expect(log.names.last == "failed")
    }

    @Test("a cancel stops the pacing: nothing more is reported or fed")
    func cancel() throws {
        let mock = MockDispatcher(scheduler: scheduler, delays: clock)
        _ = try paced(mock)
        let log = ExchangeEventLog()
        let preview = BodyPreview { _, _ in true }
        let future = mock.dataFuture(from: request(log, preview: preview))
        FutureRecorder(future)
        clock.advance(by: .milliseconds(150))
        scheduler.runAll()
        future.cancel()
        clock.advance(by: .seconds(1))
        scheduler.runAll()
        #expect(preview.snapshot()?.received == 400)
        #expect(log.names.last == "cancelled")
        #expect(log.names.filter { $0 == "body" }.count == 2)
    }

    @Test("the pace: 100 ms slices of a tenth of the rate; a byte at a time below 10 bytes a second")
    func pace() {
        #expect(MockResponse.pace(2_000).slice == 200)
        #expect(MockResponse.pace(2_000).interval == .milliseconds(100))
        #expect(MockResponse.pace(4).slice == 1)
        #expect(MockResponse.pace(4).interval == .milliseconds(250))
    }
}

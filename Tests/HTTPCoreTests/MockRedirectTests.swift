import Foundation
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import Testing

/// A mock's redirect is followed as the live transport follows one when the request's options say
/// so (issue 33: a mock environment's 307 was the answer though live followed it): the Fetch
/// rules, one `redirect` event a hop, the delays added up, the URL that answered, the hop limit.
@Suite("MockDispatcher redirects")
struct MockRedirectTests {
    let scheduler = ManualScheduler()
    let clock = ManualClock()
    let server = MockTestServer()

    private func request(_ method: HTTPMethod, _ path: String, follow: Bool, limit: Int = 10) -> HTTPRequest {
        var request = HTTPRequest(
            method: method, path: path, serverProvider: server,
            headers: ["Content-Type": "application/json", "Authorization": "Bearer x"],
            body: method == .get ? .none : .json(Data("{}".utf8)))
        request.options.followRedirects = follow
        request.options.maxRedirects = limit
        return request
    }

    @Test("a 303 to a path under the base URL: a GET without the body, one redirect event, the delays added")
    func followsAsLive() throws {
        let mock = MockDispatcher(scheduler: scheduler, delays: clock)
        try mock.register(
            .post, "/old",
            responses: MockResponse(status: .seeOther, headers: ["Location": "/v1/new"], delay: .milliseconds(10)))
        try mock.register(.get, "/new", responses: .text("moved", delay: .milliseconds(5)))
        var sent = request(.post, "/old", follow: true)
        let log = ExchangeEventLog()
        sent.exchangeObserver = log
        let recorder = FutureRecorder(mock.dataFuture(from: sent))
        clock.advance(by: .milliseconds(14))
        scheduler.runAll()
        #expect(recorder.result == nil)
        clock.advance(by: .milliseconds(1))
        scheduler.runAll()
        let response = try #require(recorder.value)
        #expect(response.statusCode == .ok)
        #expect(response.url.absoluteString == "https://api.test/v1/new")
        #expect(log.names == ["queued", "sent", "head", "redirect", "sent", "head", "body", "completed"])
        let hop = try #require(
            log.events.compactMap { event -> ExchangeEvent.RedirectHop? in
                if case .redirect(let hop) = event.kind { return hop }
                return nil
            }.first)
        #expect(hop.status == .seeOther)
        #expect(hop.location == "/v1/new")
        #expect(hop.method == .post)
        #expect(hop.nextMethod == .get)
        #expect(hop.bodyDropped)
        #expect(hop.droppedHeaders == ["Content-Type"])
        #expect(!hop.crossOrigin)
        #expect(hop.number == 1)
        let second = try #require(mock.recordedRequests.last).request
        #expect(second.method == .get)
        #expect(second.headers["Content-Type"] == nil)
        #expect(second.headers["Authorization"] == "Bearer x")
    }

    @Test("HTTPCore's default does not follow; past maxRedirects the exchange fails as too many redirects")
    func optionsAndLimit() throws {
        let mock = MockDispatcher(scheduler: scheduler, delays: clock)
        try mock.register(
            .get, "/loop", responses: MockResponse(status: .temporaryRedirect, headers: ["Location": "/v1/loop"]))
        let unfollowed = FutureRecorder(mock.dataFuture(from: request(.get, "/loop", follow: false)))
        scheduler.runAll()
        #expect(unfollowed.value?.statusCode == .temporaryRedirect)
        let looping = FutureRecorder(mock.dataFuture(from: request(.get, "/loop", follow: true, limit: 3)))
        scheduler.runAll()
        let error = try #require(looping.error)
        #expect((error as? TransportError)?.reason == .tooManyRedirects)
        // Three hops followed, the fourth refused: four answers from the routes.
        #expect(mock.recordedRequests.count == 1 + 4)
    }
}

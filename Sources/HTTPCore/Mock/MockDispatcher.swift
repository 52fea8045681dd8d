import AnnotatedLocks
public import Foundation
public import Futures
import Synchronization

/// A dispatcher that answers from a route table instead of the network — for tests, demos and mock
/// environments. It behaves like the real transport: cold futures, adapters, monitors, progress,
/// delays, cancellation, file bodies and downloads.
///
/// Routing is its ``MockRouteTable`` (shared with `MockServer`, which serves the same routes over a
/// socket): routes are tried in registration order; the first that matches answers with its next
/// response (see ``MockRoute/Persistence``). A request no route matches is answered with a 404 whose
/// JSON body names the closest routes and why each missed, so a missing route is obvious and never a
/// hang. Every request is recorded for assertions (the most recent ``recordLimit``, so a long replay
/// or session against a mock does not grow without bound), unless it is made with `records: false`.
///
/// Routes match the request's path as written (relative to the environment), or the URL's path for
/// absolute requests. A relative request without a server provider resolves against ``fallbackBaseURL``.
///
/// Threading: all methods are thread-safe; futures deliver on ``scheduler``; delays run on the
/// ``DelayScheduler`` (use `ManualClock` (HTTPCoreTesting) in tests).
public final class MockDispatcher: DataDispatcher, DownloadDispatcher, UploadDispatcher {

    /// Provides ``MockDispatcher/fallbackBaseURL`` to requests that have no provider.
    private final class FallbackProvider: ServerProvider {
        let baseURL: URL?

        init(_ url: URL) {
            baseURL = url
        }
    }

    public let scheduler: any Scheduler
    /// Adapters and monitors, as in the real transport.
    public let pipeline: DispatchPipeline
    let delays: any DelayScheduler
    /// The delay scheduler's virtual clock, when it has one: looked up once, not per request.
    private let virtualClock: (@Sendable () -> Duration)?
    private let fallback: FallbackProvider
    /// The routing, shared with whoever serves the same routes over a socket (`MockServer`).
    public let table: MockRouteTable
    private let recorded = Mutex([RecordedRequest]())
    /// Whether requests are recorded: `lazer` never reads them, and keeping the last 10,000 alive
    /// cost a run against a mock 9 % of its time (memory that keeps growing, pages first touched).
    private let records: Bool

    /// Waits between exchanges run on the answers' delays when those are virtual time (tests move
    /// both by hand); on real time, off them (the app's delays run on the main queue).
    public var waits: (any DelayScheduler)? { delays is any VirtualTimeDelayScheduler ? delays : nil }

    /// The base URL relative requests without a provider resolve against.
    public var fallbackBaseURL: URL { fallback.baseURL ?? URL(fileURLWithPath: "/") }

    /// - Parameters:
    ///   - scheduler: where futures deliver (main queue in the app, `ManualScheduler` in tests).
    ///   - delays: runs delayed answers; defaults to `scheduler` if it can delay, else a global queue.
    ///   - records: whether ``recordedRequests`` keeps what was received (tests read it).
    public init(
        scheduler: any Scheduler = MainQueueScheduler(), delays: (any DelayScheduler)? = nil,
        pipeline: DispatchPipeline = DispatchPipeline(), routes: [MockRoute] = [],
        fallbackBaseURL: URL = URL(fileURLWithPath: "/"), records: Bool = true
    ) {
        self.table = MockRouteTable(routes)
        self.records = records
        self.scheduler = scheduler
        let delays = delays ?? (scheduler as? any DelayScheduler) ?? DispatchQueueScheduler(.global())
        self.delays = delays
        if let manual = delays as? any VirtualTimeDelayScheduler {
            virtualClock = { manual.now }
        } else {
            virtualClock = nil
        }
        self.pipeline = pipeline
        let base = fallbackBaseURL.isFileURL ? (URL(string: "http://mock.invalid") ?? fallbackBaseURL) : fallbackBaseURL
        self.fallback = FallbackProvider(base)
    }

    // MARK: - Route table

    /// Adds a route after the existing ones.
    public func register(_ route: MockRoute) {
        table.register(route)
    }

    /// Adds a route answering `responses` in order (the last one sticks).
    public func register(
        _ method: HTTPMethod?, _ path: String, query: [String: String] = [:], headers: [String: String] = [:],
        bodyJSON: JSONValue? = nil, persistence: MockRoute.Persistence = .sticky, responses: MockResponse...
    ) throws(MockError) {
        register(
            try MockRoute(
                method, path, query: query, headers: headers, bodyJSON: bodyJSON, responses: responses,
                persistence: persistence))
    }

    /// The routes still in the table (consumed routes are gone).
    public var routes: [MockRoute] { table.routes }

    /// Removes every route.
    public func removeAllRoutes() {
        table.removeAll()
    }

    /// How many of the most recent requests ``recordedRequests`` keeps.
    public static let recordLimit = 10_000

    /// The requests received, in order: every one, or the most recent ``recordLimit``.
    public var recordedRequests: [RecordedRequest] {
        recorded.withLock(ownedBy: self) { Array($0.suffix(Self.recordLimit)) }
    }

    /// Forgets the recorded requests.
    public func clearRecordedRequests() {
        recorded.withLock(ownedBy: self) { $0.removeAll() }
    }

    // MARK: - Dispatching

    public func dataFuture(from request: HTTPRequest) -> ResponseFuture<DataResponse> {
        future(for: request, download: nil)
    }

    public func uploadFuture(from request: HTTPRequest) -> ResponseFuture<DataResponse> {
        future(for: request, download: nil)
    }

    public func downloadFuture(from request: HTTPRequest, to destination: URL?) -> ResponseFuture<DataResponse> {
        future(for: request, download: .some(destination))
    }

    private func future(for request: HTTPRequest, download: URL??) -> ResponseFuture<DataResponse> {
        var request = request
        if case .path = request.target, request.serverProvider?.baseURL == nil {
            request.serverProvider = fallback
        }
        return pipeline.future(
            for: request, scheduler: scheduler, isMock: true, firstStage: .sending, clock: virtualClock
        ) { [self] prepared, handle in
            answer(prepared, handle: handle, download: download)
        }
    }

    private func answer(_ first: PreparedRequest, handle: ExchangeHandle, download: URL??) {
        var current = first
        var answered = respond(to: current.request, at: current.url)
        if handle.isObserved, answered.failure == nil {
            handle.report(.requestSent(Self.sentSize(of: current.request)), offset: .zero)
        }
        // A redirect is followed as the live transport follows it (the request's options), each
        // hop answered from the routes; the delays add up.
        var elapsed = answered.delay ?? .zero
        var hops = 0
        following: while current.request.options.followRedirects, answered.failure == nil {
            switch MockRedirect.decide(answered, to: current.request, at: current.url, number: hops + 1) {
            case .done:
                break following
            case .fail(let error):
                answered = MockResponse(delay: elapsed, failure: error)
                break following
            case .follow(let next, let url, let hop):
                let limit = current.request.options.maxRedirects
                if limit >= 0, hops >= limit {
                    answered = MockResponse(
                        delay: elapsed,
                        failure: TransportError(
                            .tooManyRedirects, message: "Maximum (\(limit)) redirects followed", url: current.url,
                            stage: .waiting))
                    break following
                }
                hops += 1
                if handle.isObserved {
                    handle.report(.responseHead(Self.head(of: answered)), offset: elapsed)
                    handle.report(.redirect(hop), offset: elapsed)
                    handle.report(.requestSent(Self.sentSize(of: next)), offset: elapsed)
                }
                current = PreparedRequest(request: next, url: url)
                answered = respond(to: next, at: url)
                elapsed += answered.delay ?? .zero
            }
        }
        if hops > 0 { answered.delay = elapsed }
        let response = answered
        let delay = response.delay ?? .zero
        // The response records the request as asked and the URL that answered, as live.
        let prepared = PreparedRequest(request: first.request, url: current.url)
        if let chunks = response.stream, let stream = first.request.responseStream, response.failure == nil {
            streamAnswer(response, chunks: chunks, to: stream, prepared: prepared, handle: handle, download: download)
            return
        }
        if let rate = response.bytesPerSecond, response.failure == nil, response.body != .empty {
            pacedAnswer(response, rate: rate, prepared: prepared, handle: handle, download: download)
            return
        }
        guard delay > .zero else {
            // At once: no closure made for it (this is the usual mock answer).
            handle.complete(with: Self.result(for: response, prepared: prepared, handle: handle, download: download))
            return
        }
        let finish: @Sendable () -> Void = {
            handle.complete(with: Self.result(for: response, prepared: prepared, handle: handle, download: download))
        }
        // Like the live transport, a request's total timeout cuts a slower answer short.
        if let limit = prepared.request.options.totalTimeout, limit < delay {
            delays.schedule(after: limit) {
                handle.complete(with: .failure(Self.timedOut(after: limit, answerDelay: delay, url: prepared.url)))
            }
        } else {
            delays.schedule(after: delay, finish)
        }
    }

    /// A streamed mock answer for a request with a ``ResponseStream``: the head after the answer's
    /// delay, then each piece after its own, fed to the stream as the transport would; the response
    /// (with the pieces sent) completes after the last one, or as soon as the stream asks to end.
    private func streamAnswer(
        _ response: MockResponse, chunks: [MockStreamChunk], to stream: ResponseStream, prepared: PreparedRequest,
        handle: ExchangeHandle, download: URL??
    ) {
        let delays = delays
        let streams = stream.open(status: response.status.rawValue, headers: response.headers)
        // A looping answer plays until the stream ends (piece `n` is `chunks[n % count]`).
        let loops = response.loopsStream && chunks.contains { $0.delay > .zero }
        @Sendable func finish(sent: Int) {
            var answered = response
            answered.body = .data((0..<sent).reduce(into: Data()) { $0 += chunks[$1 % chunks.count].data })
            answered.stream = nil
            // The total is the time the pieces took, as a live stream's is (it said the answer's
            // own delay: "0 ms" for a stream that ran for seconds).
            answered.delay = (0..<sent).reduce(response.delay ?? .zero) { $0 + chunks[$1 % chunks.count].delay }
            handle.complete(with: Self.result(for: answered, prepared: prepared, handle: handle, download: download))
        }
        // Pieces without a delay go in a loop, not by recursion: 12,000 of them overflowed the stack.
        @Sendable func send(_ start: Int) {
            var index = start
            while true {
                guard index < chunks.count || loops, streams, !stream.shouldEnd else { return finish(sent: index) }
                let accepted = chunks[index % chunks.count].data.withUnsafeBytes { stream.receive($0) }
                guard accepted else { return finish(sent: index + 1) }
                let next = index + 1
                guard next < chunks.count || loops else {
                    stream.finish()
                    return finish(sent: next)
                }
                let delay = chunks[next % chunks.count].delay
                if delay > .zero {
                    delays.schedule(after: delay) { send(next) }
                    return
                }
                index = next
            }
        }
        let first = (response.delay ?? .zero) + (chunks.first?.delay ?? .zero)
        if first > .zero {
            delays.schedule(after: first) { send(0) }
        } else {
            send(0)
        }
    }

    /// What the live transport reports when the total timeout passes first, for a mock answer
    /// delayed beyond it.
    static func timedOut(after limit: Duration, answerDelay: Duration, url: URL) -> TransportError {
        let limitMilliseconds = Int(limit / .milliseconds(1))
        let answerMilliseconds = Int(answerDelay / .milliseconds(1))
        return TransportError(
            .totalTimeout,
            message:
                "Operation timed out after \(limitMilliseconds) milliseconds (the mock answers after \(answerMilliseconds) ms)",
            url: url, stage: .waiting, timings: Timings(total: limit))
    }

    /// The response `mock` stands for; `reporting`: its head and body are reported as events here
    /// (a paced answer reported them as they went).
    static func result(
        for mock: MockResponse, prepared: PreparedRequest, handle: ExchangeHandle, download: URL??,
        reporting: Bool = true
    ) -> Result<DataResponse, any Error> {
        if var failure = mock.failure {
            failure.url = failure.url ?? prepared.url
            failure.stage = failure.stage ?? failure.reason.typicalStage
            failure.timings = failure.timings ?? Timings(total: mock.delay ?? .zero)
            return .failure(failure)
        }
        do {
            var body = try MockMatcher.responseBody(mock.body)
            if let destination = download {
                body = try MockMatcher.saveToFile(body, destination: destination)
            }
            let sent = (try? prepared.request.body.contentLength()) ?? 0
            handle.update(
                with: TransferProgress(
                    bytesSent: sent, totalBytesToSend: sent, bytesReceived: body.byteCount,
                    totalBytesToReceive: body.byteCount))
            if reporting, handle.isObserved { reportAnswer(mock, body: body, to: handle) }
            let response = Response(
                request: prepared.request, statusCode: mock.status, headers: mock.headers, httpVersion: .http11,
                url: prepared.url, remoteAddress: nil, timings: Timings(total: mock.delay ?? .zero),
                bytesSent: sent, bytesReceived: body.byteCount, body: body)
            return .success(response)
        } catch {
            return .failure(error)
        }
    }

    /// The routes' answer to `request`, recorded (a HEAD answered by a GET route has the GET's
    /// headers and no body, as a server sends it).
    /// The answer to `request` at `url` with the request's cookie jar applied as the live transport
    /// applies it on each hop: the jar's cookies merged into the `Cookie` header the route sees,
    /// the answer's `Set-Cookie` stored.
    private func respond(to request: HTTPRequest, at url: URL) -> MockResponse {
        guard let jar = request.options.cookieJar else { return respond(to: request) }
        var sent = request
        let own = sent.headers.values(for: "Cookie")
        if let header = jar.cookieHeader(for: url, own: own.isEmpty ? nil : own.joined(separator: "; ")) {
            sent.headers.remove(name: "Cookie")
            sent.headers.add(name: "Cookie", value: header)
        }
        let answer = respond(to: sent)
        if answer.failure == nil { jar.receive(answer.headers.values(for: "Set-Cookie"), from: url) }
        return answer
    }

    func respond(to request: HTTPRequest) -> MockResponse {
        let answer = table.answer(request)
        if records {
            let record = RecordedRequest(
                request: request, path: answer.path, route: answer.routeDescription, parameters: answer.parameters)
            recorded.withLock(ownedBy: self) { kept in
                kept.append(record)
                // Forget the oldest in batches: a removal per request would move the whole list each time.
                if kept.count >= Self.recordLimit * 2 { kept.removeFirst(kept.count - Self.recordLimit) }
            }
        }
        var answered = answer.response
        if request.method == .head { answered.body = .empty }
        return answered
    }

    // MARK: - Events

    static func head(of mock: MockResponse) -> ExchangeEvent.ResponseHead {
        ExchangeEvent.ResponseHead(
            status: mock.status, reason: mock.status.reasonPhrase ?? "", headers: mock.headers, httpVersion: .http11)
    }

    /// The request's size as it would go on the wire (HTTP/1.1 head and body), for `requestSent`.
    private static func sentSize(of request: HTTPRequest) -> ExchangeEvent.RequestSent {
        var head = request.method.rawValue.utf8.count + MockMatcher.path(of: request).utf8.count + 12
        for field in request.headers {
            head += field.name.utf8.count + field.value.utf8.count + 4
        }
        let body = (try? request.body.contentLength()) ?? 0
        return ExchangeEvent.RequestSent(headBytes: Int64(head + 2), bodyBytes: body)
    }

    /// The head at the mock's delay, then the body in one progress event at the same offset: a mock's
    /// body arrives at once.
    private static func reportAnswer(_ mock: MockResponse, body: ResponseBody, to handle: ExchangeHandle) {
        let delay = mock.delay ?? .zero
        handle.report(.responseHead(head(of: mock)), offset: delay)
        let total = body.byteCount
        guard total > 0 else { return }
        handle.report(.bodyProgress(.init(bytes: total, expected: total, bytesPerSecond: nil)), offset: delay)
    }
}

import Foundation
import Futures
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import Synchronization
import Testing

private struct Post: Codable, Equatable, Sendable {
    var id: Int
}

@Suite("Dispatch pipeline: adapters, monitors, lazy futures")
struct DispatchPipelineTests {
    let scheduler = ManualScheduler()

    private func url(_ path: String) throws -> URL { try testURL("https://api.test\(path)") }

    @Test("the lazy form runs makeRequest only when sent, and its throw lands in error")
    func lazyForm() throws {
        let mock = MockDispatcher(scheduler: scheduler)
        let calls = Mutex(0)
        let future = mock.dataFuture { () throws -> HTTPRequest in
            calls.withLock { $0 += 1 }
            throw RequestError.missingBaseURL
        }
        #expect(calls.withLock { $0 } == 0)
        let recorder = FutureRecorder(future)
        scheduler.runAll()
        #expect(calls.withLock { $0 } == 1)
        #expect(recorder.error as? RequestError == .missingBaseURL)
        #expect(mock.recordedRequests.isEmpty)

        let download = FutureRecorder(mock.downloadFuture { throw RequestError.missingServerProvider })
        let upload = FutureRecorder(mock.uploadFuture { throw RequestError.invalidMethod("X Y") })
        scheduler.runAll()
        #expect(download.error as? RequestError == .missingServerProvider)
        #expect(upload.error as? RequestError == .invalidMethod("X Y"))
    }

    @Test("request adapters run in order and the adapted request is the one sent and recorded")
    func requestAdapters() throws {
        let pipeline = DispatchPipeline(requestAdapters: [
            DefaultHeadersAdapter(["Accept": "application/json", "X-Env": "staging"]),
            ClosureRequestAdapter { request in
                var request = request
                request.headers["Authorization"] = "Bearer t0k"
                return request
            },
        ])
        let mock = MockDispatcher(scheduler: scheduler, pipeline: pipeline)
        try mock.register(.get, "/me", headers: ["Authorization": "Bearer t0k"], responses: .text("me"))
        var request = HTTPRequest(url: try url("/me"))
        request.headers["X-Env"] = "prod"
        let recorder = FutureRecorder(mock.dataFuture(from: request))
        scheduler.runAll()
        let response = try #require(recorder.value)
        #expect(try response.decodeString() == "me")
        #expect(response.request.headers["Authorization"] == "Bearer t0k")
        #expect(response.request.headers["X-Env"] == "prod")
        #expect(response.request.headers["Accept"] == "application/json")
        #expect(mock.recordedRequests.first?.request.headers["Authorization"] == "Bearer t0k")
    }

    @Test("a throwing request adapter fails the future before anything is sent")
    func failingAdapter() throws {
        let log = ExchangeLog()
        let pipeline = DispatchPipeline(
            requestAdapters: [ClosureRequestAdapter { _ in throw RequestError.adapterFailed("no token") }],
            monitors: [log])
        let mock = MockDispatcher(scheduler: scheduler, pipeline: pipeline)
        let recorder = FutureRecorder(mock.dataFuture(from: HTTPRequest(url: try url("/x"))))
        scheduler.runAll()
        #expect(recorder.error as? RequestError == .adapterFailed("no token"))
        #expect(mock.recordedRequests.isEmpty)
        #expect(log.all.count == 1)
        #expect(log.all.first?.url == nil)
    }

    @Test("response adapters can rewrite or reject responses")
    func responseAdapters() throws {
        let pipeline = DispatchPipeline(responseAdapters: [
            ClosureResponseAdapter { response in
                var response = response
                response.headers["X-Seen"] = "1"
                return response
            },
            ClosureResponseAdapter { response in
                if response.statusCode == .unauthorized { throw ResponseError.adapterFailed("session expired") }
                return response
            },
        ])
        let mock = MockDispatcher(scheduler: scheduler, pipeline: pipeline)
        try mock.register(.get, "/ok", responses: .text("ok"))
        try mock.register(.get, "/401", responses: MockResponse(status: .unauthorized))
        let ok = FutureRecorder(mock.dataFuture(from: HTTPRequest(url: try url("/ok"))))
        let denied = FutureRecorder(mock.dataFuture(from: HTTPRequest(url: try url("/401"))))
        scheduler.runAll()
        #expect(ok.value?.headers["x-seen"] == "1")
        #expect(denied.error as? ResponseError == .adapterFailed("session expired"))
    }

    @Test("monitors see every exchange exactly once: success, HTTP error, failure and cancellation")
    func monitors() throws {
        let log = ExchangeLog()
        let mock = MockDispatcher(scheduler: scheduler, pipeline: DispatchPipeline(monitors: [log]))
        try mock.register(.get, "/ok", responses: .text("ok"))
        try mock.register(.get, "/fail", responses: .failing(.dnsFailure))
        for path in ["/ok", "/nope", "/fail"] {
            FutureRecorder(mock.dataFuture(from: HTTPRequest(url: try url(path))))
        }
        let cancelled = mock.dataFuture(from: HTTPRequest(url: try url("/ok")))
        cancelled.cancel()
        cancelled.send()
        scheduler.runAll()
        let statuses = log.all.map { exchange -> String in
            switch exchange.result {
            case .success(let response): return "\(response.statusCode.rawValue)"
            case .failure(let error): return "\(type(of: error))"
            }
        }
        #expect(statuses == ["200", "404", "TransportError"])
        #expect(log.all.allSatisfy { $0.url?.host == "api.test" })
    }

    @Test("cancelling a sent future tells the monitors once and ignores the late answer")
    func cancelAfterSend() throws {
        let log = ExchangeLog()
        let clock = ManualClock()
        let mock = MockDispatcher(scheduler: scheduler, delays: clock, pipeline: DispatchPipeline(monitors: [log]))
        try mock.register(.get, "/slow", responses: MockResponse(delay: .milliseconds(10)))
        let future = mock.dataFuture(from: HTTPRequest(url: try url("/slow")))
        let recorder = FutureRecorder(future)
        future.cancel()
        future.cancel()
        clock.advance(by: .seconds(1))
        scheduler.runAll()
        #expect(recorder.wasCancelled)
        #expect(log.all.count == 1)
        #expect(log.all.first?.wasCancelled == true)
    }

    @Test(
        "a transport's cancel hooks run once, in order, on cancel — at once when registered late — never after completion"
    )
    func transportCancelHook() throws {
        let log = ExchangeLog()
        let pipeline = DispatchPipeline(monitors: [log])
        let stops = Mutex(0)
        let handles = Mutex<[ExchangeHandle]>([])
        let order = Mutex<[String]>([])
        let start: @Sendable (PreparedRequest, ExchangeHandle) -> Void = { _, handle in
            handle.onCancel {
                stops.withLock { $0 += 1 }
                order.withLock { $0.append("first") }
            }
            handle.onCancel { order.withLock { $0.append("second") } }
            handles.withLock { $0.append(handle) }
        }
        let cancelled = pipeline.future(for: HTTPRequest(url: try url("/a")), scheduler: scheduler, start: start)
        cancelled.send()
        cancelled.cancel()
        cancelled.cancel()
        #expect(stops.withLock { $0 } == 1)
        #expect(order.withLock { $0 } == ["first", "second"])
        // A hook registered after the cancel (a transport that starts late) runs straight away.
        handles.withLock { $0[0] }.onCancel { stops.withLock { $0 += 10 } }
        #expect(stops.withLock { $0 } == 11)

        let completed = pipeline.future(for: HTTPRequest(url: try url("/b")), scheduler: scheduler, start: start)
        completed.send()
        let handle = handles.withLock { $0[1] }
        handle.complete(
            with: .success(
                Response(
                    request: handle.prepared.request, statusCode: .ok, url: handle.prepared.url, body: .data(Data()))))
        completed.cancel()
        scheduler.runAll()
        #expect(stops.withLock { $0 } == 11)
        #expect(log.all.map(\.wasCancelled) == [true, false])
    }

    @Test("decoded decodes off the calling thread; validated turns error statuses into HTTPError")
    func decodedAndValidated() async throws {
        let mock = MockDispatcher(scheduler: ImmediateScheduler())
        try mock.register(.get, "/post", responses: try .json(Post(id: 3)))
        try mock.register(.get, "/bad", responses: .text("{", status: .ok), MockResponse(status: .badGateway))
        let post = try await mock.dataFuture(from: HTTPRequest(url: try url("/post"))).decoded(Post.self).value
        #expect(post.body == Post(id: 3))
        await #expect(throws: SerializationError.self) {
            try await mock.dataFuture(from: HTTPRequest(url: try url("/bad"))).decoded(Post.self).value
        }
        await #expect(throws: HTTPError.serverError(.badGateway)) {
            try await mock.dataFuture(from: HTTPRequest(url: try url("/bad"))).validated().value
        }
        let text = try await mock.dataFuture(from: HTTPRequest(url: try url("/post"))).decodedString().value
        #expect(text.body == #"{"id":3}"#)
    }
}

@Suite("Mock building blocks")
struct MockBuildingBlockTests {
    @Test("path patterns: types, rest wildcard, trailing slash, percent-decoding")
    func patterns() throws {
        let post = try PathPattern("/posts/:id(int)/comments")
        #expect(post.match("/posts/-3/comments/") == ["id": "-3"])
        #expect(post.match("/posts/x/comments") == nil)
        #expect(post.match("/posts/3") == nil)
        let user = try PathPattern("/users/:uid(uuid)")
        #expect(user.match("/users/123e4567-e89b-12d3-a456-426614174000") != nil)
        #expect(user.match("/users/123e4567") == nil)
        #expect(try PathPattern("/files/*").match("/files/a/b%20c.txt") == ["*": "a/b c.txt"])
        #expect(try PathPattern("/by-name/:name").match("/by-name/Ada%20L") == ["name": "Ada L"])
        #expect(try PathPattern("/").match("/") == [:])
    }

    @Test("malformed patterns explain themselves")
    func badPatterns() {
        #expect(throws: MockError.invalidPattern(pattern: "/a/*/b", reason: "* can only be the last segment")) {
            try PathPattern("/a/*/b")
        }
        #expect(
            throws: MockError.invalidPattern(
                pattern: "/p/:id(float)", reason: "unknown type \"float\" for :id (known: int, uuid, string)")
        ) { try PathPattern("/p/:id(float)") }
        #expect(throws: MockError.self) { try PathPattern("/p/:(int)") }
        #expect(throws: MockError.self) { try PathPattern("/p/:id(int") }
    }

    @Test("JSON subset: extra keys are fine, values and array lengths must match")
    func subset() throws {
        let actual = try #require(JSONValue(json: Data(#"{"a":1,"b":{"c":[1,{"d":true}],"e":null},"f":"x"}"#.utf8)))
        #expect(JSONValue.object(["a": .number(1)]).isSubset(of: actual))
        #expect(JSONValue.object(["b": .object(["c": .array([.number(1), .object([:])])])]).isSubset(of: actual))
        #expect(!JSONValue.object(["b": .object(["c": .array([.number(1)])])]).isSubset(of: actual))
        #expect(!JSONValue.object(["a": .string("1")]).isSubset(of: actual))
        #expect(!JSONValue.object(["z": .null]).isSubset(of: actual))
        #expect(JSONValue(json: Data("nope".utf8)) == nil)
    }

    @Test("the manual clock runs due work in deadline order, including work scheduled while advancing")
    func manualClock() {
        let clock = ManualClock()
        let order = Mutex<[String]>([])
        clock.schedule(after: .seconds(2)) { order.withLock { $0.append("b") } }
        clock.schedule(after: .seconds(1)) {
            order.withLock { $0.append("a") }
            clock.schedule(after: .milliseconds(500)) { order.withLock { $0.append("a+") } }
        }
        clock.schedule(after: .seconds(5)) { order.withLock { $0.append("late") } }
        #expect(clock.advance(by: .seconds(2)) == 3)
        #expect(order.withLock { $0 } == ["a", "a+", "b"])
        #expect(clock.pendingCount == 1)
        #expect(clock.now == .seconds(2))
    }
}

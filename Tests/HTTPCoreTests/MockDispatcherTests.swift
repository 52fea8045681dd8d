import Foundation
import Futures
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import Testing

private struct Post: Codable, Equatable {
    var id: Int
    var title: String
}

final class MockTestServer: ServerProvider {
    let baseURL: URL? = URL(string: "https://api.test/v1")
}

@Suite("MockDispatcher")
struct MockDispatcherTests {
    let scheduler = ManualScheduler()
    let server = MockTestServer()

    private func get(_ path: String, method: HTTPMethod = .get) -> HTTPRequest {
        HTTPRequest(method: method, path: path, serverProvider: server)
    }

    private func run<Value>(_ future: ResponseFuture<Value>) -> FutureRecorder<Value> {
        let recorder = FutureRecorder(future)
        scheduler.runAll()
        return recorder
    }

    @Test("typed wildcards match and capture; the response carries the resolved URL and sent request")
    func typedWildcards() throws {
        let mock = MockDispatcher(scheduler: scheduler)
        try mock.register(.get, "/posts/:id(int)", responses: try .json(Post(id: 7, title: "Hi")))
        let response = try #require(run(mock.dataFuture(from: get("/posts/7?expand=1"))).value)
        #expect(response.statusCode == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(try response.decode(Post.self).body == Post(id: 7, title: "Hi"))
        #expect(response.url.absoluteString == "https://api.test/v1/posts/7?expand=1")
        #expect(mock.recordedRequests.first?.parameters == ["id": "7"])
        #expect(mock.recordedRequests.first?.route == "GET /posts/:id(int)")
    }

    /// An encoded slash is part of its segment in process as over HTTP (`lazer mock`): a recorded
    /// route `/files/a%2Fb` answers its request, and does not answer `/files/a/b`.
    @Test("a route with an encoded slash matches the request as sent, relative or absolute")
    func encodedSlash() throws {
        let mock = MockDispatcher(scheduler: scheduler)
        try mock.register(.get, "/files/a%2Fb", responses: .text("file"))
        #expect(try #require(run(mock.dataFuture(from: get("/files/a%2Fb"))).value).statusCode == .ok)
        let absolute = HTTPRequest(method: .get, url: try #require(URL(string: "http://m.test/files/a%2Fb")))
        #expect(try #require(run(mock.dataFuture(from: absolute)).value).statusCode == .ok)
        let text = HTTPRequest(method: .get, path: "http://m.test/files/a%2Fb", serverProvider: nil)
        #expect(try #require(run(mock.dataFuture(from: text)).value).statusCode == .ok)
        #expect(try #require(run(mock.dataFuture(from: get("/files/a/b"))).value).statusCode == .notFound)
    }

    @Test("a dispatcher made not to record answers as usual and keeps nothing (what `lazer` runs)")
    func notRecording() throws {
        let mock = MockDispatcher(scheduler: scheduler, records: false)
        try mock.register(.get, "/posts/:id(int)", responses: .text("post"))
        for path in ["/posts/1", "/posts/2", "/nowhere"] {
            let response = try #require(run(mock.dataFuture(from: get(path))).value)
            #expect(response.statusCode == (path == "/nowhere" ? .notFound : .ok))
        }
        #expect(mock.recordedRequests.isEmpty)
        let recording = MockDispatcher(scheduler: scheduler)
        try recording.register(.get, "/posts/:id(int)", responses: .text("post"))
        _ = run(recording.dataFuture(from: get("/posts/1")))
        #expect(recording.recordedRequests.map(\.path) == ["/posts/1"])
    }

    @Test("an unmatched request answers 404 listing the known routes, and is recorded")
    func unmatched() throws {
        let mock = MockDispatcher(scheduler: scheduler)
        try mock.register(.get, "/posts/:id(int)", responses: .text("post"))
        try mock.register(.post, "/posts", responses: MockResponse(status: .created))
        let response = try #require(run(mock.dataFuture(from: get("/posts/abc"))).value)
        #expect(response.statusCode == .notFound)
        #expect(response.httpError == .clientError(.notFound))
        let body = try response.decodeString()
        #expect(body.contains("No mock route matches GET /posts/abc"))
        #expect(body.contains("GET /posts/:id(int)"))
        #expect(body.contains("POST /posts"))
        #expect(mock.recordedRequests.map(\.route) == [nil])
        let wrongMethod = try #require(run(mock.dataFuture(from: get("/posts/1", method: .delete))).value)
        #expect(wrongMethod.statusCode == .notFound)
    }

    @Test("a sticky sequence answers in order and repeats the last; a consumable one runs out")
    func sequences() throws {
        let mock = MockDispatcher(scheduler: scheduler)
        try mock.register(.get, "/sticky", responses: .text("A"), .text("B"))
        try mock.register(.get, "/once", persistence: .consumable, responses: .text("1"), .text("2"))
        let sticky = try (0..<3).map { _ in
            try #require(run(mock.dataFuture(from: get("/sticky"))).value).decodeString()
        }
        #expect(sticky == ["A", "B", "B"])
        let once = try (0..<3).map { _ in try #require(run(mock.dataFuture(from: get("/once"))).value) }
        #expect(try once.prefix(2).map { try $0.decodeString() } == ["1", "2"])
        #expect(once[2].statusCode == .notFound)
        #expect(mock.routes.map(\.description) == ["GET /sticky"])
    }

    @Test("query, header and JSON-subset conditions select between routes on the same path")
    func conditions() throws {
        let mock = MockDispatcher(scheduler: scheduler)
        try mock.register(.post, "/login", bodyJSON: .object(["user": .string("ada")]), responses: .text("ada"))
        try mock.register(.get, "/items", query: ["page": "2"], responses: .text("page 2"))
        try mock.register(.get, "/items", headers: ["x-tenant": "blue"], responses: .text("blue"))
        try mock.register(.get, "/items", responses: .text("default"))
        try mock.register(.post, "/login", responses: MockResponse(status: .unauthorized))

        var login = get("/login", method: .post)
        try login.setJSONBody(jsonObject: ["user": "ada", "password": "x", "extra": [1]])
        #expect(try run(mock.dataFuture(from: login)).value?.decodeString() == "ada")
        login.setJSONBody(string: #"{"user":"bob"}"#)
        #expect(run(mock.dataFuture(from: login)).value?.statusCode == .unauthorized)

        var paged = get("/items")
        paged.queryItems = [URLQueryItem(name: "page", value: "2")]
        #expect(try run(mock.dataFuture(from: paged)).value?.decodeString() == "page 2")
        #expect(try run(mock.dataFuture(from: get("/items?page=2"))).value?.decodeString() == "page 2")
        var tenant = get("/items")
        tenant.headers["X-Tenant"] = "blue"
        #expect(try run(mock.dataFuture(from: tenant)).value?.decodeString() == "blue")
        #expect(try run(mock.dataFuture(from: get("/items?page=3"))).value?.decodeString() == "default")
    }

    @Test("delays wait for the clock; cancelling during a delay cancels and the late answer is ignored")
    func delays() throws {
        let clock = ManualClock()
        let log = ExchangeLog()
        let mock = MockDispatcher(scheduler: scheduler, delays: clock, pipeline: DispatchPipeline(monitors: [log]))
        try mock.register(.get, "/slow", responses: MockResponse(body: .text("done"), delay: .seconds(2)))

        let slow = FutureRecorder(mock.dataFuture(from: get("/slow")))
        scheduler.runAll()
        #expect(slow.result == nil)
        clock.advance(by: .seconds(1))
        scheduler.runAll()
        #expect(slow.result == nil)
        clock.advance(by: .seconds(1))
        scheduler.runAll()
        #expect(try slow.value?.decodeString() == "done")
        #expect(slow.value?.timings.total == .seconds(2))

        let future = mock.dataFuture(from: get("/slow"))
        let cancelled = FutureRecorder(future)
        future.cancel()
        clock.advance(by: .seconds(5))
        scheduler.runAll()
        #expect(cancelled.wasCancelled)
        #expect(log.all.count == 2)
        #expect(log.all[1].wasCancelled)
    }

    @Test("a request's total timeout cuts a slower mock answer short, as the live transport does")
    func totalTimeout() throws {
        let clock = ManualClock()
        let mock = MockDispatcher(scheduler: scheduler, delays: clock)
        try mock.register(.get, "/slow", responses: MockResponse(body: .text("done"), delay: .seconds(2)))
        var impatient = get("/slow")
        impatient.options.totalTimeout = .milliseconds(500)
        var patient = get("/slow")
        patient.options.totalTimeout = .seconds(3)

        let cut = FutureRecorder(mock.dataFuture(from: impatient))
        let served = FutureRecorder(mock.dataFuture(from: patient))
        scheduler.runAll()
        clock.advance(by: .milliseconds(499))
        scheduler.runAll()
        #expect(cut.result == nil)
        clock.advance(by: .milliseconds(1))
        scheduler.runAll()
        let error = try #require(cut.error as? TransportError)
        #expect(error.reason == .totalTimeout)
        #expect(error.url?.absoluteString == "https://api.test/v1/slow")
        #expect(error.message.contains("500 milliseconds"))
        #expect(
            ErrorTranslator().translate(error).title == ErrorTranslator().translate(TransportError(.totalTimeout)).title
        )
        #expect(served.result == nil)
        clock.advance(by: .milliseconds(1500))
        scheduler.runAll()
        #expect(try served.value?.decodeString() == "done")
        #expect(mock.recordedRequests.count == 2)
    }

    @Test("failures from a mock response arrive as TransportErrors carrying the URL")
    func failures() throws {
        let mock = MockDispatcher(scheduler: scheduler)
        try mock.register(nil, "/down", responses: .failing(.connectionRefused, message: "Connection refused"))
        let error = try #require(run(mock.dataFuture(from: get("/down", method: .put))).error as? TransportError)
        #expect(error.reason == .connectionRefused)
        #expect(error.url?.absoluteString == "https://api.test/v1/down")
    }

    @Test("file bodies answer as files; downloads always land in a file; uploads report bytes sent")
    func filesAndTransfers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-mock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("big.json")
        try Data(#"{"id":1,"title":"file"}"#.utf8).write(to: source)

        let mock = MockDispatcher(scheduler: scheduler)
        try mock.register(.get, "/file", responses: MockResponse(body: .file(path: source.path)))
        try mock.register(.get, "/inline", responses: .text("inline"))
        try mock.register(
            .get, "/missing", responses: MockResponse(body: .file(path: folder.appendingPathComponent("nope").path)))
        try mock.register(.post, "/upload", responses: MockResponse(status: .created))

        let file = try #require(run(mock.dataFuture(from: get("/file"))).value)
        #expect(file.body.fileURL == source)
        #expect(try file.decode(Post.self).body.title == "file")

        let destination = folder.appendingPathComponent("saved.txt")
        let download = run(mock.downloadFuture(from: get("/inline"), to: destination))
        #expect(download.value?.body.fileURL == destination)
        #expect(try String(contentsOf: destination, encoding: .utf8) == "inline")
        #expect(download.progress.last?.bytesReceived == 6)
        let temporary = try #require(run(mock.downloadFuture(from: get("/file"), to: nil)).value?.body.fileURL)
        #expect(temporary != source)
        #expect(try Data(contentsOf: temporary) == Data(contentsOf: source))
        try? FileManager.default.removeItem(at: temporary)

        #expect(run(mock.dataFuture(from: get("/missing"))).error is ResponseError)

        var upload = get("/upload", method: .post)
        upload.setMultipartBody([.text("note", "hi"), .file("doc", path: source.path)])
        let uploaded = run(mock.uploadFuture(from: upload))
        #expect(uploaded.value?.statusCode == .created)
        let length = try upload.body.contentLength()
        #expect(uploaded.progress.last?.bytesSent == length)
        #expect(uploaded.progress.last?.totalBytesToSend == length)
    }

    @Test("a route without responses never matches and says so in the 404 listing")
    func emptyRoute() throws {
        let mock = MockDispatcher(scheduler: scheduler)
        mock.register(try MockRoute(.get, "/empty", responses: [], name: "todo"))
        let response = try #require(run(mock.dataFuture(from: get("/empty"))).value)
        #expect(response.statusCode == .notFound)
        #expect(try response.decodeString().contains("GET /empty (todo) [no responses: never matches]"))
    }

    @Test("a relative request without a provider resolves against the fallback base URL")
    func fallbackBase() throws {
        let mock = MockDispatcher(scheduler: scheduler)
        try mock.register(.get, "/ping", responses: .text("pong"))
        let response = try #require(run(mock.dataFuture(from: HTTPRequest(path: "ping", serverProvider: nil))).value)
        #expect(response.url.absoluteString == "http://mock.invalid/ping")
        #expect(try response.decodeString() == "pong")
    }
}

@Suite("MockDispatcher JSON matching on file bodies")
struct MockFileBodyMatchingTests {
    @Test("a JSON file upload is matched by its content")
    func fileBodyJSON() throws {
        let scheduler = ManualScheduler()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-upload-\(UUID()).json")
        try Data(#"{"kind":"report","rows":[1,2]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let mock = MockDispatcher(scheduler: scheduler)
        try mock.register(.put, "/reports", bodyJSON: .object(["kind": .string("report")]), responses: .text("stored"))
        var request = HTTPRequest(method: .put, path: "/reports", serverProvider: nil)
        request.setFileBody(path: file.path)
        let recorder = FutureRecorder(mock.uploadFuture(from: request))
        scheduler.runAll()
        #expect(try recorder.value?.decodeString() == "stored")
    }
}

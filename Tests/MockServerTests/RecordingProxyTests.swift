import Foundation
import Futures
import HTTPCore
import MockServer
import Synchronization
import Testing
import Workspace

/// `lazer record --proxy`'s forwarding over a real socket, with a dispatcher that stands for the
/// target: the URL sent upstream is the client's target encoded as `lazer send` encodes a typed
/// URL, the route is saved with the path as sent, and a response field that cannot go on the wire
/// never costs the client its answer.
@Suite("RecordingProxy: targets forwarded as sent, unsendable fields left out")
struct RecordingProxyTests {
    /// Answers every request with `headers` and remembers the URLs it was asked for.
    final class Upstream: DataDispatcher {
        let headers: HTTPHeaders
        let urls = Mutex<[String]>([])
        var scheduler: any Scheduler { .immediate }

        init(headers: HTTPHeaders = ["Content-Type": "text/plain"]) {
            self.headers = headers
        }

        func dataFuture(from request: HTTPRequest) -> ResponseFuture<DataResponse> {
            let headers = headers
            return ResponseFuture(scheduler: scheduler) { [self] future in
                let url = try request.url()
                urls.withLock { $0.append(url.absoluteString) }
                future.succeed(
                    with: DataResponse(
                        request: request, statusCode: .ok, headers: headers, url: url, body: .data(Data("hi".utf8))))
            }
        }
    }

    /// The requests a proxy handed over to be recorded.
    final class Seen: Sendable {
        let requests = Mutex<[HTTPRequest]>([])
    }

    /// Runs a proxy to `http://upstream.test/v1` over `upstream`; the exchanges it records.
    private func proxy(_ upstream: Upstream) throws -> (RecordingProxy, Seen) {
        let seen = Seen()
        let target = try #require(URL(string: "http://upstream.test/v1"))
        let proxy = try RecordingProxy(target: target, dispatcher: upstream) { request, _, _ in
            seen.requests.withLock { $0.append(request) }
        }
        return (proxy, seen)
    }

    @Test("escapes next to ] [ | \" ^ ` { stay single: sent upstream and recorded as the client wrote them")
    func escapesAreKept() throws {
        let upstream = Upstream()
        let (server, seen) = try proxy(upstream)
        defer { server.stop() }
        for target in ["/a]b%20c", "/x[%41]|y?q=%5E^&r=`{%7D", "/p%2520q", "http://elsewhere.test/v1/h%20i\"j"] {
            let answer = try RawHTTPClient.request(port: server.port, "GET", target)
            #expect(answer.status == 200, "\(target)")
        }
        #expect(
            upstream.urls.withLock { $0 } == [
                "http://upstream.test/v1/a%5Db%20c", "http://upstream.test/v1/x%5B%41%5D%7Cy?q=%5E%5E&r=%60%7B%7D",
                "http://upstream.test/v1/p%2520q", "http://upstream.test/v1/v1/h%20i%22j",
            ])
        // The route path is the path as sent (a pattern's literal segments are decoded when matched).
        let targets = try seen.requests.withLock { $0 }.map { request in
            RecordedExchange.target(of: try request.url(), basePath: "/v1")
        }
        #expect(targets.map(\.path) == ["/a%5Db%20c", "/x%5B%41%5D%7Cy", "/p%2520q", "/v1/h%20i%22j"])
        #expect(targets[1].query == "q=%5E%5E&r=%60%7B%7D")
    }

    @Test("a recorded path with escapes is served back for the same request, and only for it")
    func recordedPathsMatch() throws {
        let fixture = try MockFixture(routes: "[]")
        let document = try #require(CollectionStore.load(path: fixture.file.path).document)
        var recorder = try MockRecorder(document: document, environment: "mock", existing: .update)
        for (path, answer) in [("/a%5Db%20c", "bracket"), ("/p%2520q", "percent")] {
            try recorder.add(
                RecordedExchange(
                    method: "GET", path: path,
                    outcome: .response(status: 200, headers: ["Content-Type": "text/plain"], body: Array(answer.utf8)),
                    duration: .milliseconds(1), redactor: Redactor(secrets: []), label: "GET \(path)"))
        }
        var saved = recorder.document
        try CollectionStore.save(&saved)
        try fixture.start()
        let port = try #require(fixture.server?.port)
        #expect(try RawHTTPClient.request(port: port, "GET", "/a]b%20c").text == "bracket")
        #expect(try RawHTTPClient.request(port: port, "GET", "/p%2520q").text == "percent")
        // `%2520` is a literal `%20`, not a space.
        #expect(try RawHTTPClient.request(port: port, "GET", "/p%20q").status == 404)
    }

    @Test("a control character in an upstream field's name or value: the client still gets its answer, without it")
    func unsendableFieldsAreLeftOut() throws {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain")
        headers.add(name: "X-Bad", value: "a\u{01}b")
        headers.add(name: "X\u{07}Name", value: "v")
        headers.add(name: "X-Good", value: "fine")
        let (server, _) = try proxy(Upstream(headers: headers))
        defer { server.stop() }
        let answer = try RawHTTPClient.request(port: server.port, "GET", "/h")
        #expect(answer.status == 200)
        #expect(answer.text == "hi")
        #expect(answer.header("X-Good") == "fine")
        #expect(answer.header("X-Bad") == nil)
        #expect(answer.headers.count { $0.0.hasPrefix("X") } == 1)
    }

    @Test("the recorder leaves such a field out of the route, and says which and why")
    func recorderDropsUnsendableFields() throws {
        let fixture = try MockFixture(routes: "[]")
        let document = try #require(CollectionStore.load(path: fixture.file.path).document)
        var recorder = try MockRecorder(document: document, environment: "mock", existing: .update)
        var headers = HTTPHeaders()
        headers.add(name: "X-Bad", value: "a\u{01}b")
        headers.add(name: "X\u{07}Name", value: "v")
        headers.add(name: "X-Good", value: "fine")
        try recorder.add(
            RecordedExchange(
                method: "GET", path: "/h", outcome: .response(status: 200, headers: headers, body: []),
                duration: .milliseconds(1), redactor: Redactor(secrets: []), label: "GET /h"))
        #expect(
            recorder.dropped == [
                "GET /h: response header X-Bad (a control character in its value cannot be sent)",
                "GET /h: response header X\u{07}Name (a control character in its name cannot be sent)",
            ])
        var saved = recorder.document
        try CollectionStore.save(&saved)
        let loaded = CollectionStore.load(path: fixture.file.path)
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty)
        let route = try #require(loaded.document?.collection.environment(named: "mock")?.routes.first)
        #expect(route.responses.first?.headers.map(\.name) == ["X-Good"])
        try fixture.start()
        let port = try #require(fixture.server?.port)
        #expect(try RawHTTPClient.request(port: port, "GET", "/h").header("X-Good") == "fine")
    }
}

import Foundation
import HTTPCore
import MockServer
import Synchronization
import Testing
import Workspace

/// `lazer record`'s routes: each recorded request — method, path, query items, a small JSON body —
/// gets its own route, re-recording one updates it as the policy says, and the routes are served
/// by the real server on a loopback port.
@Suite("MockRecorder: one route per recorded request, served over a socket")
struct MockRecorderTests {
    private func exchange(
        _ method: String, _ path: String, query: String = "", body: String? = nil, status: Int = 200,
        answer: String, secrets: [String] = []
    ) -> RecordedExchange {
        var headers = HTTPHeaders()
        headers["Content-Type"] = "text/plain"
        return RecordedExchange(
            method: method, path: path, query: query, requestBody: body.map { Array($0.utf8) },
            outcome: .response(status: status, headers: headers, body: Array(answer.utf8)), duration: .milliseconds(3),
            redactor: Redactor(secrets: secrets), label: "\(method) \(path)")
    }

    /// Records `exchanges` into the fixture's `mock` environment and writes the collection.
    @discardableResult
    private func record(
        _ fixture: MockFixture, _ exchanges: [RecordedExchange], existing: MockRecorder.ExistingRoutes = .update,
        ask: (@Sendable (String) -> Bool)? = nil
    ) throws -> MockRecorder {
        let document = try #require(CollectionStore.load(path: fixture.file.path).document)
        var recorder = try MockRecorder(document: document, environment: "mock", existing: existing, ask: ask)
        for exchange in exchanges { try recorder.add(exchange) }
        var saved = recorder.document
        try CollectionStore.save(&saved)
        return recorder
    }

    private func routes(_ fixture: MockFixture) throws -> [SavedMockRoute] {
        let document = try #require(CollectionStore.load(path: fixture.file.path).document)
        return try #require(document.collection.environment(named: "mock")).routes
    }

    /// The transcript's own headers (how the conversation closed, how its steps went) are not the
    /// server's: a recorded WebSocket route kept `Lazer-WebSocket-Close`, and `lazer mock` sent it on
    /// the 101. A header the server did send is kept.
    @Test("a recorded WebSocket route keeps the server's headers, not the transcript's own")
    func webSocketRoutesLeaveTheTranscriptsHeadersOut() throws {
        let fixture = try MockFixture(routes: "[]")
        var headers = HTTPHeaders()
        headers["Upgrade"] = "websocket"
        headers["X-Server"] = "chat-7"
        headers[WebSocketTranscript.closeHeader] = "1000"
        headers[WebSocketTranscript.stepsHeader] = "[]"
        var exchange = RecordedExchange(
            method: "GET", path: "/chat", outcome: .response(status: 101, headers: headers, body: []),
            duration: .milliseconds(3), redactor: Redactor(secrets: []), label: "GET /chat")
        exchange.webSocket = RecordedConversation(
            entries: [.init(sent: false, message: .text("hello"), offset: .milliseconds(1))], serverClose: nil)
        try record(fixture, [exchange])
        let route = try #require(try routes(fixture).first)
        #expect(route.responses.first?.headers.map(\.name) == ["X-Server"])
    }

    @Test("requests differing only by query or JSON body each get a route; a route without a query stays the fallback")
    func oneRoutePerRequest() throws {
        let fixture = try MockFixture(routes: "[]")
        try record(
            fixture,
            [
                exchange("GET", "/search", answer: "everything"),
                exchange("GET", "/search", query: "q=a", answer: "results for a"),
                exchange("GET", "/search", query: "q=b&page=2", answer: "page 2 for b"),
                exchange("GET", "/search", query: "q=caf%C3%A9", answer: "café"),
                exchange("POST", "/items", body: #"{"name":"x"}"#, status: 201, answer: "made x"),
                exchange("POST", "/items", body: #"{"name":"y","tags":[1,2]}"#, status: 201, answer: "made y"),
            ])
        let saved = try routes(fixture)
        #expect(saved.count == 6)
        #expect(saved.first { $0.query.map(\.name) == ["q", "page"] }?.query.map(\.value) == ["b", "2"])
        #expect(saved.contains { $0.query.first?.value == "café" })
        // The route without a query answers any query, so it comes after the ones with one.
        #expect(saved.firstIndex { $0.method == .get && $0.query.isEmpty } == 3)
        #expect(saved.filter { $0.json != nil }.count == 2)
        try fixture.start()
        #expect(try fixture.request("GET", "/search?q=a").text == "results for a")
        #expect(try fixture.request("GET", "/search?page=2&q=b").text == "page 2 for b")
        #expect(try fixture.request("GET", "/search?q=caf%C3%A9").text == "café")
        #expect(try fixture.request("GET", "/search").text == "everything")
        #expect(try fixture.request("GET", "/search?q=zzz").text == "everything")
        let y = try fixture.request("POST", "/items", body: #"{"tags":[1,2],"name":"y"}"#)
        #expect(y.status == 201)
        #expect(y.text == "made y")
        #expect(try fixture.request("POST", "/items", body: #"{"name":"x"}"#).text == "made x")
        #expect(try fixture.request("POST", "/items", body: #"{"name":"z"}"#).status == 404)
        // Two bodies never share a file.
        let files = saved.compactMap { route -> String? in
            if case .file(let path)? = route.responses.first?.body { return path }
            return nil
        }
        #expect(Set(files).count == 6)
    }

    @Test("a GraphQL POST gets a graphql matcher (operation and variables): another query text still matches")
    func graphqlRoutes() throws {
        let fixture = try MockFixture(routes: "[]")
        let one = #"{"query":"query User($id: ID!) { user(id: $id) { name } }","variables":{"id":"1"}}"#
        let two = #"{"query":"query User($id: ID!) { user(id: $id) { name } }","variables":{"id":"2"}}"#
        try record(
            fixture,
            [
                exchange("POST", "/graphql", body: one, answer: "Ada"),
                exchange("POST", "/graphql", body: two, answer: "Grace"),
            ])
        let saved = try routes(fixture)
        #expect(saved.map(\.graphql?.operation) == ["User", "User"])
        #expect(saved.map { $0.graphql?.variables?.compact() } == [#"{"id":"1"}"#, #"{"id":"2"}"#])
        #expect(saved.allSatisfy { $0.json == nil })
        let files = saved.compactMap { route -> String? in
            if case .file(let path)? = route.responses.first?.body { return path }
            return nil
        }
        #expect(Set(files).count == 2)
        #expect(files.allSatisfy { $0.contains("post-graphql-graphql-user-") })
        try fixture.start()
        // The query written otherwise (more fields, an operationName): the same operation and variables.
        let asked =
            #"{"query":"query User($id: ID!) { user(id: $id) { name role } }","operationName":"User","variables":{"id":"2"}}"#
        #expect(try fixture.request("POST", "/graphql", body: asked).text == "Grace")
    }

    @Test("re-recording a request updates its route (--update), keeps it (--keep) or asks once; never a second route")
    func reRecording() throws {
        let fixture = try MockFixture(routes: "[]")
        try record(fixture, [exchange("GET", "/search", query: "q=a", answer: "first a")])
        // --update: the answer is replaced; a new query is a new route.
        try record(
            fixture,
            [
                exchange("GET", "/search", query: "q=a", answer: "second a"),
                exchange("GET", "/search", query: "q=b", answer: "first b"),
            ], existing: .update)
        #expect(try routes(fixture).count == 2)
        // --keep: nothing changes, and the kept route is listed.
        let kept = try record(
            fixture, [exchange("GET", "/search", query: "q=a", answer: "third a")], existing: .keep)
        #expect(kept.kept == ["GET /search?q=a"])
        #expect(kept.recorded.isEmpty)
        // ask: one question per route, with the request named; "no" keeps, "yes" replaces.
        let asked = AskLog()
        try record(
            fixture,
            [
                exchange("GET", "/search", query: "q=a", answer: "fourth a"),
                exchange("GET", "/search", query: "q=a", answer: "fifth a"),
                exchange("GET", "/search", query: "q=b", answer: "second b"),
            ], existing: .ask, ask: { asked.ask($0, yes: $0.contains("q=b")) })
        #expect(asked.questions == ["GET /search?q=a", "GET /search?q=b"])
        #expect(try routes(fixture).count == 2)
        // Without anyone to ask (not a terminal), the route is kept and listed.
        let unattended = try record(
            fixture, [exchange("GET", "/search", query: "q=b", answer: "third b")], existing: .ask)
        #expect(unattended.kept == ["GET /search?q=b"])
        try fixture.start()
        #expect(try fixture.request("GET", "/search?q=a").text == "second a")
        #expect(try fixture.request("GET", "/search?q=b").text == "second b")
    }

    @Test("the same request twice in one recording makes a cycling sequence of its own route")
    func repeatsMakeASequence() throws {
        let fixture = try MockFixture(routes: "[]")
        try record(
            fixture,
            [
                exchange("GET", "/tick", query: "n=1", answer: "one"),
                exchange("GET", "/tick", query: "n=1", answer: "two"),
                exchange("GET", "/tick", query: "n=2", answer: "other"),
            ])
        let saved = try routes(fixture)
        #expect(saved.count == 2)
        #expect(saved.first?.responses.count == 2)
        #expect(saved.first?.cycle == true)
        try fixture.start()
        #expect(try fixture.request("GET", "/tick?n=1").text == "one")
        #expect(try fixture.request("GET", "/tick?n=2").text == "other")
        #expect(try fixture.request("GET", "/tick?n=1").text == "two")
        #expect(try fixture.request("GET", "/tick?n=1").text == "one")
    }

    @Test("a query value or a JSON body holding a secret is not matched on, and never written")
    func secretsAreNotMatchers() throws {
        let fixture = try MockFixture(routes: "[]")
        let recorder = try record(
            fixture,
            [
                exchange(
                    "GET", "/data", query: "token=s3cret-v4lue&page=2", answer: "page 2", secrets: ["s3cret-v4lue"]),
                exchange(
                    "POST", "/login", body: #"{"user":"ada","password":"s3cret-v4lue"}"#, answer: "welcome",
                    secrets: ["s3cret-v4lue"]),
            ])
        let text = try String(contentsOf: fixture.file, encoding: .utf8)
        #expect(!text.contains("s3cret-v4lue"))
        #expect(recorder.dropped.contains { $0.contains("query item token") })
        #expect(recorder.dropped.contains { $0.contains("request body") })
        let saved = try routes(fixture)
        #expect(saved.first?.query.map(\.name) == ["page"])
        #expect(saved.last?.json == nil)
        try fixture.start()
        #expect(try fixture.request("GET", "/data?page=2&token=another").text == "page 2")
        #expect(try fixture.request("POST", "/login", body: #"{"user":"bob"}"#).text == "welcome")
    }
}

/// The questions a recording asked, from whichever thread asked them.
final class AskLog: Sendable {
    private let log = Mutex<[String]>([])

    func ask(_ question: String, yes: Bool) -> Bool {
        log.withLock { $0.append(question) }
        return yes
    }

    var questions: [String] { log.withLock { $0 } }
}

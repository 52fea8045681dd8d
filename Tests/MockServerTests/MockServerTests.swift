import Foundation
import HTTPCore
import MockServer
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("lazer mock's server, on a real loopback port")
struct MockServerTests {
    @Test("method, path pattern, query, header and JSON-body matchers select the route, as in process")
    func matchers() throws {
        let fixture = try MockFixture(
            routes: """
                [
                  { "method": "GET", "path": "/items", "query": [{ "name": "page", "value": "2" }],
                    "response": { "text": "page 2" } },
                  { "method": "GET", "path": "/items", "headers": [{ "name": "X-Tenant", "value": "blue" }],
                    "response": { "text": "blue" } },
                  { "method": "GET", "path": "/items/:id(int)", "response": { "json": { "kind": "item" } } },
                  { "method": "POST", "path": "/login", "json": { "user": "ada" },
                    "response": { "status": 201, "headers": [{ "name": "X-Who", "value": "ada" }], "text": "ada" } },
                  { "method": "*", "path": "/any", "response": { "status": 202 } }
                ]
                """)
        try fixture.start()
        #expect(try fixture.request("GET", "/items?page=2").text == "page 2")
        #expect(try fixture.request("GET", "/items", headers: ["X-Tenant": "blue"]).text == "blue")
        let item = try fixture.request("GET", "/items/7")
        #expect(item.status == 200)
        #expect(item.header("Content-Type") == "application/json")
        #expect(item.text == #"{"kind":"item"}"#)
        #expect(try fixture.request("GET", "/items/abc").status == 404)
        let login = try fixture.request(
            "POST", "/login", headers: ["Content-Type": "application/json"], body: #"{"user":"ada","pw":"x"}"#)
        #expect(login.status == 201)
        #expect(login.header("X-Who") == "ada")
        #expect(try fixture.request("POST", "/login", body: #"{"user":"bob"}"#).status == 404)
        #expect(try fixture.request("DELETE", "/any").status == 202)
        // Each line is logged once its response is written, which may be just after the client read
        // it; requests on different connections may be answered on different event loops, so the
        // lines are not in request order.
        #expect(eventually { fixture.logs.all.count == 7 })
        let log = fixture.logs.all
        #expect(log.contains { $0.route == "GET /items ?page=2" && $0.target == "/items?page=2" })
        #expect(log.contains { $0.route == nil && $0.status == 404 && $0.target == "/items/abc" })
    }

    /// Issue 35: the 404 echoed a route's C1 control and bidi override raw.
    @Test("the 404 JSON escapes C1, bidi and invisible characters of the routes it names (\\u009B)")
    func notFoundIsTerminalSafe() throws {
        let fixture = try MockFixture(
            routes: #"[{ "method": "GET", "path": "/a\u009b2J\u202e\udb40\udc41", "response": { "text": "x" } }]"#)
        try fixture.start()
        let answer = try fixture.request("GET", "/b")
        #expect(answer.status == 404)
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(
            !text.unicodeScalars.contains {
                (0x80...0x9F).contains($0.value) || $0.value == 0x202E || $0.value > 0xFFFF
            })
        #expect(text.contains(#"/a\u009B2J\u202E\uDB40\uDC41"#), "\(text)")
        let json = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        #expect((json["routes"] as? [String])?.first == "GET /a\u{9B}2J\u{202E}\u{E0041}")
    }

    @Test("an unmatched request gets a 404 JSON naming the closest routes and why each missed")
    func notFoundDiagnostics() throws {
        let fixture = try MockFixture(
            routes: """
                [
                  { "method": "GET", "path": "/items", "query": [{ "name": "page", "value": "2" }], "response": { "text": "2" } },
                  { "method": "POST", "path": "/items", "response": { "status": 201 } },
                  { "method": "GET", "path": "/users", "response": { "text": "users" } }
                ]
                """)
        try fixture.start()
        let answer = try fixture.request("GET", "/items?page=3")
        #expect(answer.status == 404)
        #expect(answer.header("Content-Type") == "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        #expect(json["error"] as? String == "No mock route matches GET /items")
        let closest = try #require(json["closest"] as? [[String: Any]])
        #expect(closest.first?["route"] as? String == "GET /items ?page=2")
        #expect(closest.first?["why"] as? [String] == [#"query page: expected "2", found "3""#])
        #expect(closest.dropFirst().first?["route"] as? String == "POST /items")
        #expect(
            closest.dropFirst().first?["why"] as? [String] == ["method: the route answers POST, the request is GET"])
        #expect((json["routes"] as? [String])?.count == 3)
    }

    @Test("a sequence answers in order, then repeats its last answer, or cycles with cycle: true")
    func sequences() throws {
        let fixture = try MockFixture(
            routes: """
                [
                  { "method": "GET", "path": "/sticky", "sequence": [{ "text": "A" }, { "text": "B" }] },
                  { "method": "GET", "path": "/cycle", "cycle": true, "sequence": [{ "text": "1" }, { "text": "2" }] }
                ]
                """)
        try fixture.start()
        #expect(try (0..<4).map { _ in try fixture.request("GET", "/sticky").text } == ["A", "B", "B", "B"])
        #expect(try (0..<5).map { _ in try fixture.request("GET", "/cycle").text } == ["1", "2", "1", "2", "1"])
    }

    @Test("a delayed answer arrives after its delay, and other connections are answered meanwhile")
    func delays() throws {
        let fixture = try MockFixture(
            routes: """
                [
                  { "method": "GET", "path": "/slow", "response": { "text": "late", "delayMilliseconds": 300 } },
                  { "method": "GET", "path": "/fast", "response": { "text": "now" } }
                ]
                """)
        try fixture.start()
        let slow = try RawHTTPClient(port: fixture.port)
        try slow.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try fixture.request("GET", "/fast").text == "now")
        #expect(try slow.readAnswer().text == "late")
        #expect(eventually { fixture.logs.all.count == 2 })
        let logged = try #require(fixture.logs.all.first { $0.target == "/slow" })
        #expect(logged.duration >= .milliseconds(300))
    }

    @Test("HEAD answers the GET route's headers without a body; OPTIONS lists the path's methods")
    func headAndOptions() throws {
        let fixture = try MockFixture(
            routes: """
                [
                  { "method": "GET", "path": "/doc", "response": { "text": "0123456789" } },
                  { "method": "PUT", "path": "/doc", "response": { "status": 204 } }
                ]
                """)
        try fixture.start()
        let client = try RawHTTPClient(port: fixture.port)
        try client.send("HEAD /doc HTTP/1.1\r\nHost: x\r\n\r\nGET /doc HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try client.readAnswer(head: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "10")
        #expect(try client.readAnswer().text == "0123456789")
        let options = try fixture.request("OPTIONS", "/doc")
        #expect(options.status == 204)
        #expect(options.header("Allow") == "GET, PUT, HEAD, OPTIONS")
    }

    @Test("keep-alive and pipelining: requests written at once are answered in order on one connection")
    func pipelining() throws {
        let fixture = try MockFixture(
            routes: """
                [ { "method": "GET", "path": "/n/:n(int)", "response": { "text": "n" } },
                  { "method": "POST", "path": "/echo", "response": { "text": "posted" } } ]
                """)
        try fixture.start()
        let client = try RawHTTPClient(port: fixture.port)
        let body = String(repeating: "x", count: 100_000)
        try client.send(
            "GET /n/1 HTTP/1.1\r\nHost: x\r\n\r\nPOST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)GET /nope HTTP/1.1\r\nHost: x\r\n\r\n"
        )
        #expect(try client.readAnswer().text == "n")
        #expect(try client.readAnswer().text == "posted")
        #expect(try client.readAnswer().status == 404)
        try client.send("GET /n/2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let last = try client.readAnswer()
        #expect(last.header("Connection") == "close")
        #expect(try client.isClosed())
        #expect(eventually { fixture.logs.all.count == 4 })
        #expect(fixture.logs.all.map(\.target) == ["/n/1", "/echo", "/nope", "/n/2"])
    }

    @Test("a 100 MB body file is streamed from disk: the server's memory does not grow with it")
    func largeFileStreamed() throws {
        let fixture = try MockFixture(
            routes: #"[ { "method": "GET", "path": "/big", "response": { "file": "mocks/big.bin" } } ]"#,
            files: ["mocks/big.bin": Data()])
        let big = fixture.folder.appendingPathComponent("mocks/big.bin")
        let size = 100 << 20
        #expect(truncate(big.path, off_t(size)) == 0)
        try fixture.start()
        let before = residentBytes()
        let client = try RawHTTPClient(port: fixture.port)
        try client.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = try client.readAnswer(keepBody: false)
        #expect(answer.length == size)
        #expect(answer.header("Content-Length") == String(size))
        // Server and client share this process; neither may hold the body (100 MB). The margin is
        // for the other tests running in this process meanwhile (30 MB was crossed by them alone).
        #expect(residentBytes() - before < 60 << 20)
    }

    @Test("body files outside the collection's folder are refused at load: .., absolute paths, links")
    func traversalRefused() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-outside-\(UUID()).txt")
        try Data("secret".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        for written in ["../outside.txt", outside.path] {
            let fixture = try MockFixture(
                routes: #"[ { "method": "GET", "path": "/f", "response": { "file": "\#(written)" } } ]"#)
            #expect(throws: MockServerRoutes.LoadError.self) { try fixture.start() }
        }
        let linked = try MockFixture(
            routes: #"[ { "method": "GET", "path": "/f", "response": { "file": "mocks/link.txt" } } ]"#,
            files: ["mocks/keep": Data()])
        try FileManager.default.createSymbolicLink(
            atPath: linked.folder.appendingPathComponent("mocks/link.txt").path, withDestinationPath: outside.path)
        do {
            _ = try linked.start()
            Issue.record("a link leading outside the folder was accepted")
        } catch {
            #expect("\(error)".contains("outside the collection's folder"))
        }
    }

    @Test("a body file swapped for a link leading outside after loading is not served")
    func swappedLinkRefusedWhenServing() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-outside-\(UUID()).txt")
        try Data("secret".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let fixture = try MockFixture(
            routes: #"[ { "method": "GET", "path": "/f", "response": { "file": "mocks/f.txt" } } ]"#,
            files: ["mocks/f.txt": Data("inside".utf8)])
        try fixture.start()
        #expect(try fixture.request("GET", "/f").text == "inside")
        let inside = fixture.folder.appendingPathComponent("mocks/f.txt")
        try FileManager.default.removeItem(at: inside)
        try FileManager.default.createSymbolicLink(atPath: inside.path, withDestinationPath: outside.path)
        let answer = try fixture.request("GET", "/f")
        #expect(answer.status == 500)
        #expect(!answer.text.contains("secret\""))
        #expect(answer.text.contains("outside the collection"))
    }

    @Test("--watch reloads a changed collection and a changed body file; a broken edit keeps the routes")
    func watchReload() throws {
        let fixture = try MockFixture(
            routes: #"[ { "method": "GET", "path": "/v", "response": { "file": "mocks/v.txt" } } ]"#,
            files: ["mocks/v.txt": Data("one".utf8)])
        let loaded = try fixture.start()
        let notes = NoteBox()
        let reloader = MockReloader.watching(loaded, source: fixture.file.path, table: fixture.table) {
            notes.append($0)
        }
        defer { reloader.cancel() }
        #expect(try fixture.request("GET", "/v").text == "one")
        try fixture.write(routes: #"[ { "method": "GET", "path": "/w", "response": { "text": "two" } } ]"#)
        #expect(try eventually { try fixture.request("GET", "/w").status == 200 })
        #expect(try fixture.request("GET", "/v").status == 404)
        try Data("{ \"formatVersion\": 1, \"id\": ".utf8).write(to: fixture.file)
        #expect(eventually { notes.all.contains { $0.hasPrefix("reload failed") } })
        let failure = try #require(notes.all.last)
        #expect(failure.contains("api.json:1:"))
        #expect(try fixture.request("GET", "/w").text == "two")
        try fixture.write(routes: #"[ { "method": "GET", "path": "/v", "response": { "file": "mocks/v.txt" } } ]"#)
        #expect(try eventually { try fixture.request("GET", "/v").text == "one" })
        try Data("three".utf8).write(to: fixture.folder.appendingPathComponent("mocks/v.txt"))
        #expect(try eventually { try fixture.request("GET", "/v").text == "three" })
    }

    @Test("many clients at once all get their answers")
    func concurrentClients() async throws {
        let fixture = try MockFixture(
            routes: #"[ { "method": "GET", "path": "/c/:id(int)", "response": { "json": { "ok": true } } } ]"#)
        try fixture.start()
        let port = fixture.port
        let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
            for client in 0..<16 {
                group.addTask {
                    let connection = try RawHTTPClient(port: port)
                    var statuses: [Int] = []
                    for index in 0..<25 {
                        try connection.send("GET /c/\(client * 100 + index) HTTP/1.1\r\nHost: x\r\n\r\n")
                        statuses.append(try connection.readAnswer().status)
                    }
                    return statuses
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(statuses.count == 400)
        #expect(statuses.allSatisfy { $0 == 200 })
    }

    @Test("stop closes the listening socket and open connections")
    func cleanShutdown() throws {
        let fixture = try MockFixture(routes: #"[ { "method": "GET", "path": "/", "response": { "text": "hi" } } ]"#)
        try fixture.start()
        let port = fixture.port
        let open = try RawHTTPClient(port: port)
        try open.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try open.readAnswer().text == "hi")
        fixture.server?.stop()
        #expect(try open.isClosed())
        #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: port) }
    }
}

/// Notes from a reloader, collected on its queue.
final class NoteBox: Sendable {
    private let notes = Mutex<[String]>([])

    func append(_ note: String) {
        notes.withLock { $0.append(note) }
    }

    var all: [String] { notes.withLock { $0 } }
}

@Suite("lazer mock: a body paced at a set rate")
struct PacedMockServerTests {
    @Test("the whole length announced at once, the body in slices over the time its rate takes")
    func paced() throws {
        let body = String(repeating: "x", count: 3_000)
        let fixture = try MockFixture(
            routes:
                #"[ { "method": "GET", "path": "/slow", "response": { "text": "\#(body)", "bytesPerSecond": 10000 } } ]"#
        )
        try fixture.start()
        let started = ContinuousClock.now
        let answer = try fixture.request("GET", "/slow")
        let took = ContinuousClock.now - started
        #expect(answer.text == body)
        #expect(answer.header("Content-Length") == "3000")
        // 1,000 bytes every 100 ms: three slices, the last at 200 ms.
        #expect(took >= .milliseconds(190), "\(took)")
        #expect(eventually { fixture.logs.all.count == 1 })
        #expect(fixture.logs.all.first?.bytes == 3_000)
    }
}

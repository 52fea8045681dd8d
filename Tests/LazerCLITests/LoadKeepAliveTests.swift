import Dispatch
import Foundation
import LoopbackTesting
import Testing

/// `lazer load`'s keep-alive engine, as a user runs it against a raw server that frames its
/// answers every way HTTP/1.1 allows (issue 29): after each virtual user's first pass through
/// libcurl, its requests go again as the very bytes libcurl sent, each response framed, checked
/// and counted as `lazer run` would, and whatever it does not follow goes back to libcurl.
@Suite("lazer load: the keep-alive engine", .serialized)
struct LoadKeepAliveTests {
    static func collection(_ server: KeepAliveTestServer, _ requests: String) -> String {
        """
        {"formatVersion": 1, "id": "keep-alive", "name": "KA", "defaultEnvironment": "live",
         "environments": [{"name": "live", "kind": "live", "baseURL": "\(server.baseURL)"}],
         "requests": [\(requests)]}
        """
    }

    static let framings = """
        {"id": "a", "name": "Chunked", "method": "GET", "url": "/chunked",
         "expectations": [{"subject": "jsonPath", "path": "$.ok", "op": "equals", "value": true}]},
        {"id": "b", "name": "Close", "method": "GET", "url": "/close-every",
         "expectations": [{"subject": "status", "op": "equals", "value": 200}]},
        {"id": "c", "name": "Old", "method": "GET", "url": "/http10",
         "expectations": [{"subject": "jsonPath", "path": "$.ok", "op": "equals", "value": true}]},
        {"id": "d", "name": "Alternate", "method": "POST", "url": "/alternate", "headers": [{"name": "X-Key", "value": "k1"}],
         "body": {"type": "json", "json": {"a": 1}},
         "expectations": [{"subject": "status", "op": "equals", "value": 200}]},
        {"id": "e", "name": "Head", "method": "HEAD", "url": "/head",
         "expectations": [{"subject": "status", "op": "equals", "value": 200}]}
        """

    /// A server, a scratch folder, and in it a collection of `requests` against the server.
    static func setUp(_ requests: String) throws -> (KeepAliveTestServer, RunCommandTests.Scratch, String) {
        let server = try KeepAliveTestServer()
        let scratch = try RunCommandTests.Scratch()
        return (server, scratch, try scratch.write(collection(server, requests), to: "c.json"))
    }

    private func load(_ scratch: RunCommandTests.Scratch, _ arguments: [String]) throws -> LazerBinary.Output {
        try LazerBinary.run(["load"] + arguments, environment: scratch.environment, currentDirectory: scratch.path)
    }

    private func summary(_ scratch: RunCommandTests.Scratch, _ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/" + name))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("every framing, the same bytes as libcurl's, the same counts and checks as with libcurl alone")
    func theSameRunAsLibcurlsOnly() throws {
        let (server, scratch, file) = try Self.setUp(Self.framings)
        defer { server.stop() }
        var outcomes: [String: [String: Any]] = [:]
        for engine in ["auto", "curl"] {
            let result = try load(
                scratch, [file, "--vus", "3", "--iterations", "20", "--engine", engine, "--output", engine + ".json"])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            let log = try server.takeLog()
            // 3 users × 20 passes × 5 requests, each exactly as libcurl sent it: one text per request.
            #expect(log.count == 300, "\(engine): \(log.count)")
            #expect(log.requests.count == 5, "\(engine): \(log.requests.keys.sorted())")
            #expect(log.requests.values.allSatisfy { $0 == 60 }, "\(engine): \(log.requests)")
            let post = log.requests.keys.first { $0.hasPrefix("POST /alternate HTTP/1.1\r\n") } ?? ""
            #expect(post.contains("\r\nX-Key: k1\r\n") && post.hasSuffix("\r\n\r\n{\"a\":1}"), "\(post)")
            outcomes[engine] = try summary(scratch, engine + ".json")
            if engine == "auto" {
                #expect(result.stdout.contains("sent by  keep-alive engine 285 · libcurl 15"), "\(result.stdout)")
            } else {
                #expect(!result.stdout.contains("keep-alive engine"), "\(result.stdout)")
            }
        }
        for engine in ["auto", "curl"] {
            let object = try #require(outcomes[engine])
            #expect(object["finished"] as? Int == 300)
            #expect(object["statuses"] as? [String: Int] == ["200": 270, "500": 30], "\(engine)")
            #expect((object["errors"] as? [String: Int])?.isEmpty == true, "\(engine): \(object["errors"] ?? "")")
            // The body bytes as libcurl counts them: chunk framing and heads left out, HEAD's none.
            #expect(object["bytes"] as? Int == 240 * 11, "\(engine)")
            let checks = try #require(object["checks"] as? [[String: Any]])
            let byLabel = Dictionary(uniqueKeysWithValues: checks.map { ($0["label"] as? String ?? "", $0) })
            #expect(byLabel["status"]?["passed"] as? Int == 150 && byLabel["status"]?["total"] as? Int == 180)
            #expect(byLabel["$.ok"]?["passed"] as? Int == 120 && byLabel["$.ok"]?["total"] as? Int == 120)
        }
        #expect(outcomes["auto"]?["keepAliveRequests"] as? Int == 285)
        #expect(outcomes["curl"]?["keepAliveRequests"] as? Int == 0)
    }

    @Test(
        "the open model: each due request over a free connection, the same bytes and counts; --connections keeps libcurl"
    )
    func theOpenModel() throws {
        let (server, scratch, file) = try Self.setUp(Self.framings)
        defer { server.stop() }
        let result = try load(scratch, [file, "--rate", "200/s", "--duration", "1s", "--output", "s.json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let log = try server.takeLog()
        #expect(log.count == 200 && log.requests.count == 5, "\(log.requests)")
        let object = try summary(scratch, "s.json")
        #expect(object["finished"] as? Int == 200)
        #expect(object["statuses"] as? [String: Int] == ["200": 180, "500": 20], "\(object["statuses"] ?? "")")
        #expect((object["errors"] as? [String: Int])?.isEmpty == true, "\(object["errors"] ?? "")")
        // The first of each of the five goes through libcurl; the schedule's rest, once all five
        // came back, through the engine.
        let kept = try #require(object["keepAliveRequests"] as? Int)
        #expect(kept >= 150 && kept <= 195, "\(kept)")
        let capped = try load(
            scratch, [file, "--rate", "200/s", "--duration", "1s", "--connections", "2", "--output", "capped.json"])
        #expect(capped.status == 0, "\(capped.stdout)\(capped.stderr)")
        #expect(try summary(scratch, "capped.json")["keepAliveRequests"] as? Int == 0)
        #expect(try server.takeLog().requests.count == 5)
        // A report named like the collection would replace it: refused before anything is sent.
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let over = try load(scratch, [file, "--rate", "10/s", "--duration", "1s", "--output", file])
        #expect(over.status == 2 && over.stderr.contains("is a collection this run loads"), "\(over.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
        #expect(try server.takeLog().count == 0)
    }

    @Test("a response cut short and one that never comes are errors of their kind; the user goes on")
    func cutsAndTimeouts() throws {
        let (server, scratch, file) = try Self.setUp(
            """
            {"id": "cut", "name": "Cut", "method": "GET", "url": "/cut"},
            {"id": "stall", "name": "Stall", "method": "GET", "url": "/stall"}
            """)
        defer { server.stop() }
        let result = try load(
            scratch, [file, "--vus", "1", "--iterations", "20", "--timeout", "1", "--output", "s.json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let object = try summary(scratch, "s.json")
        #expect(object["finished"] as? Int == 40)
        // /cut: every 4th answer stops after 10 of 100 bytes; /stall: every 10th waits 3 s.
        let errors = try #require(object["errors"] as? [String: Int])
        #expect(errors.values.reduce(0, +) == 7, "\(errors)")
        #expect(errors.keys.contains { $0.localizedCaseInsensitiveContains("timed out") }, "\(errors)")
        #expect(object["statuses"] as? [String: Int] == ["200": 33], "\(object["statuses"] ?? "")")
        #expect(try server.takeLog().count == 40)
    }

    @Test("the run's end cancels a request the server holds: counted as such, the run ends on time")
    func theEndCancelsAHeldRequest() throws {
        let (server, scratch, file) = try Self.setUp(#"{"id": "r", "name": "Stall", "method": "GET", "url": "/stall"}"#)
        defer { server.stop() }
        let started = Date()
        let result = try load(scratch, [file, "--vus", "1", "--duration", "1s", "--grace", "0s", "--output", "s.json"])
        let took = Date().timeIntervalSince(started)
        // The 10th answer waits 3 s: cut at the end of the second instead.
        #expect(took < 2.8, "took \(took) s")
        let object = try summary(scratch, "s.json")
        #expect(object["finished"] as? Int == 10, "\(result.stdout)")
        #expect(object["errors"] as? [String: Int] == ["still in flight at the end: cancelled": 1], "\(result.stdout)")
        #expect(object["keepAliveRequests"] as? Int == 9)
    }

    @Test("a cookie one user gets reaches every user's next requests, as with libcurl")
    func aCookieReachesEveryUser() throws {
        let (server, scratch, file) = try Self.setUp(
            #"{"id": "r", "name": "Cookie", "method": "GET", "url": "/cookie"}"#)
        defer { server.stop() }
        var carried: [String: Int] = [:]
        for engine in ["auto", "curl"] {
            let result = try load(scratch, [file, "--vus", "4", "--iterations", "5", "--engine", engine])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            let log = try server.takeLog()
            #expect(log.count == 20)
            carried[engine] = log.requests.filter { $0.key.contains("\r\nCookie: seen=1\r\n") }.values.reduce(0, +)
        }
        // The 3rd answer of all sets it; every request that starts after it carries it: all but
        // the first three and the (at most three) other users' requests in flight meanwhile.
        for engine in ["auto", "curl"] {
            #expect((carried[engine] ?? 0) >= 13, "\(engine): \(carried)")
        }
    }

    @Test("each request keeps its own timeout; a connection the server closed unannounced is opened again")
    func ownTimeoutsAndSilentCloses() throws {
        let (server, scratch, file) = try Self.setUp(
            """
            {"id": "a", "name": "Stall", "method": "GET", "url": "/stall", "options": {"timeoutSeconds": 1}},
            {"id": "b", "name": "Silent", "method": "GET", "url": "/silent", "options": {"timeoutSeconds": 30}}
            """)
        defer { server.stop() }
        let started = Date()
        let result = try load(scratch, [file, "--vus", "1", "--iterations", "20", "--output", "s.json"])
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let object = try summary(scratch, "s.json")
        // /stall's 10th and 20th answers wait 3 s: cut at its own 1 s, not at the other's 30.
        let errors = try #require(object["errors"] as? [String: Int])
        #expect(errors.values.reduce(0, +) == 2, "\(errors)")
        #expect(errors.keys.allSatisfy { $0.localizedCaseInsensitiveContains("timed out") }, "\(errors)")
        #expect(took < 5, "took \(took) s")
        #expect((object["keepAliveRequests"] as? Int ?? 0) == 38)
        #expect(object["statuses"] as? [String: Int] == ["200": 38], "\(object["statuses"] ?? "")")
    }

    @Test("a body past what the engine holds is an error of its own; the run goes on")
    func aBodyTooLarge() throws {
        let (server, scratch, file) = try Self.setUp(#"{"id": "r", "name": "Grow", "method": "GET", "url": "/grow"}"#)
        defer { server.stop() }
        let result = try load(scratch, [file, "--vus", "1", "--iterations", "3", "--output", "s.json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let object = try summary(scratch, "s.json")
        #expect(object["finished"] as? Int == 3)
        // The first answer (11 bytes) through libcurl; the next two promise 100 MB and are cut at 64.
        let errors = try #require(object["errors"] as? [String: Int])
        #expect(errors.values.reduce(0, +) == 2, "\(errors)")
        #expect(object["statuses"] as? [String: Int] == ["200": 1], "\(object["statuses"] ?? "")")
    }

    @Test("a request that changes between sends, or a cookie, goes through libcurl")
    func whatGoesBackToLibcurl() throws {
        let server = try KeepAliveTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let fresh = try scratch.write(
            Self.collection(
                server,
                """
                {"id": "r", "name": "Fresh", "method": "GET", "url": "/ok",
                 "headers": [{"name": "X-Id", "value": "{{$uuid}}"}]}
                """), to: "fresh.json")
        let first = try load(scratch, [fresh, "--vus", "2", "--iterations", "10"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(!first.stdout.contains("keep-alive engine"), "\(first.stdout)")
        let freshLog = try server.takeLog()
        #expect(freshLog.count == 20 && freshLog.requests.count == 20, "\(freshLog.requests.keys.sorted())")

        // The third answer sets a cookie: the fourth request on carries it, as libcurl sends it.
        let cookie = try scratch.write(
            Self.collection(server, #"{"id": "r", "name": "Cookie", "method": "GET", "url": "/cookie"}"#),
            to: "cookie.json")
        let second = try load(scratch, [cookie, "--vus", "1", "--iterations", "6"])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("sent by  keep-alive engine 2 · libcurl 4"), "\(second.stdout)")
        let cookieLog = try server.takeLog()
        #expect(cookieLog.count == 6)
        let withCookie = cookieLog.requests.filter { $0.key.contains("\r\nCookie: seen=1\r\n") }.values.reduce(0, +)
        #expect(withCookie == 3, "\(cookieLog.requests)")
    }

    @Test("a server that goes away mid-run: refusals counted, the run ends on time")
    func aServerThatGoesAway() throws {
        let server = try KeepAliveTestServer()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            Self.collection(server, #"{"id": "r", "name": "Close", "method": "GET", "url": "/close-every"}"#),
            to: "c.json")
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { server.stop() }
        let started = Date()
        let result = try load(scratch, [file, "--vus", "2", "--duration", "2s", "--output", "s.json"])
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(took < 10, "took \(took) s")
        let object = try summary(scratch, "s.json")
        let errors = try #require(object["errors"] as? [String: Int])
        #expect(errors.keys.contains { $0.localizedCaseInsensitiveContains("refused") }, "\(errors)")
        #expect((object["statuses"] as? [String: Int])?["200"] ?? 0 > 10, "\(object["statuses"] ?? "")")
        #expect((object["keepAliveRequests"] as? Int ?? 0) > 10)
    }
}

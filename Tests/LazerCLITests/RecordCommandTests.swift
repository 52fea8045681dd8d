import Foundation
import LoopbackTesting
import Testing

/// `lazer record` as a process against a loopback httpbin-like server: requests that differ only by
/// their query or JSON body each become a route, a request replayed alone offline gets its own
/// answer, and recording again never duplicates a route (kept without a terminal, replaced with
/// `--update`).
@Suite("lazer record: one route per request")
struct RecordCommandTests {
    /// Two searches that differ by their query, two posts that differ by their JSON body (which
    /// also carries a fresh uuid on every send), each checking what the server echoed.
    static func searches(baseURL: String) -> String {
        func check(_ path: String, _ value: String) -> String {
            #"[{ "subject": "jsonPath", "path": "\#(path)", "op": "equals", "value": \#(value) }]"#
        }
        return """
            {
              "formatVersion": 1,
              "id": "7b1c2d3e-0000-4000-8000-0000000000bb",
              "name": "Search",
              "defaultEnvironment": "local",
              "environments": [{ "name": "local", "kind": "live", "baseURL": "\(baseURL)" }],
              "requests": [
                { "id": "s-a", "name": "Search a", "method": "GET", "url": "/get",
                  "query": [{ "name": "q", "value": "a" }], "expectations": \(check("$.args.q", #""a""#)) },
                { "id": "s-b", "name": "Search b", "method": "GET", "url": "/get?q=b",
                  "expectations": \(check("$.args.q", #""b""#)) },
                { "id": "p-1", "name": "Post one", "method": "POST", "url": "/post",
                  "body": { "type": "json", "json": { "n": 1, "id": "{{$uuid}}" } },
                  "expectations": \(check("$.json.n", "1")) },
                { "id": "p-2", "name": "Post two", "method": "POST", "url": "/post",
                  "body": { "type": "json", "json": { "n": 2, "id": "{{$uuid}}" } },
                  "expectations": \(check("$.json.n", "2")) }
              ]
            }
            """
    }

    private func routeCount(_ file: String, environment: String) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let environments = try #require(json["environments"] as? [[String: Any]])
        let found = try #require(environments.first { $0["name"] as? String == environment })
        return (found["routes"] as? [Any])?.count ?? 0
    }

    @Test("--from: each query and JSON body gets a route; each request alone offline gets its own answer")
    func replayRecordsOneRoutePerRequest() throws {
        let scratch = try RunCommandTests.Scratch()
        let server = try HTTPBinLikeServer()
        defer { server.stop() }
        let file = try scratch.write(Self.searches(baseURL: server.baseURL), to: "search.json")
        let env = scratch.environment
        let recorded = try LazerBinary.run(["record", file, "--from", "local", "--into", "recorded"], environment: env)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("Search a: GET /get?q=a → 200"))
        #expect(recorded.stdout.contains("Search b: GET /get?q=b → 200"))
        #expect(recorded.stdout.contains(#"Post two: POST /post {"n":2} → 200"#))
        #expect(try routeCount(file, environment: "recorded") == 4)
        // Offline (a mock environment never reaches the network), each request alone: a route
        // shared by both searches (answering in turn) would give the second the first one's answer.
        for request in ["Search b", "Post two", "Search a", "Post one"] {
            let offline = try LazerBinary.run(
                ["run", file, "--env", "recorded", "--request", request, "--no-history"], environment: env)
            #expect(offline.status == 0, "\(request): \(offline.stdout)")
        }
        // Again, without a terminal to ask on: kept, listed, not duplicated; --update replaces.
        let again = try LazerBinary.run(["record", file, "--from", "local", "--into", "recorded"], environment: env)
        #expect(again.status == 0)
        #expect(again.stdout.contains("Kept as they were (--update replaces them):\n  GET /get?q=a\n  GET /get?q=b"))
        #expect(try routeCount(file, environment: "recorded") == 4)
        let updated = try LazerBinary.run(
            ["record", file, "--from", "local", "--into", "recorded", "--update"], environment: env)
        #expect(updated.stdout.hasPrefix("Recorded 4 of 4 exchanges"))
        #expect(!updated.stdout.contains("sequence step"))
        #expect(try routeCount(file, environment: "recorded") == 4)
    }

    @Test("--proxy: two queries make two routes that lazer mock serves apart; recording again keeps them")
    func proxyRecordsOneRoutePerQuery() throws {
        let scratch = try RunCommandTests.Scratch()
        let server = try HTTPBinLikeServer()
        defer { server.stop() }
        let file = try scratch.write(MockCommandTests.emptyCollection, to: "app.json")
        let env = scratch.environment
        func proxy(_ extra: [String] = []) throws -> MockCommandTests.MockProcess {
            try MockCommandTests.MockProcess(
                [file, "--into", "recorded", "--proxy", "0", "--target", server.baseURL] + extra, environment: env,
                command: "record")
        }
        let first = try proxy()
        let port = try #require(Int(first.url.split(separator: ":").last ?? ""))
        #expect(try RawClientLite(port: port).get("/get?q=a").contains(#""q": "a""#))
        #expect(try RawClientLite(port: port).get("/get?q=b").contains(#""q": "b""#))
        let stopped = first.stop()
        #expect(stopped.status == 0)
        #expect(stopped.stdout.contains("recorded GET /get?q=b: GET /get?q=b → 200"))
        #expect(try routeCount(file, environment: "recorded") == 2)
        let mock = try MockCommandTests.MockProcess([file, "--env", "recorded", "--port", "0"], environment: env)
        let mockPort = try #require(Int(mock.url.split(separator: ":").last ?? ""))
        #expect(try RawClientLite(port: mockPort).get("/get?q=b").contains(#""q": "b""#))
        #expect(try RawClientLite(port: mockPort).get("/get?q=a").contains(#""q": "a""#))
        #expect(try RawClientLite(port: mockPort).get("/get?q=c").hasPrefix("HTTP/1.1 404"))
        #expect(mock.stop().status == 0)
        // Standard input is not a terminal: the existing route is kept, and the proxy says so.
        let second = try proxy()
        let secondPort = try #require(Int(second.url.split(separator: ":").last ?? ""))
        #expect(try RawClientLite(port: secondPort).get("/get?q=a").hasPrefix("HTTP/1.1 200"))
        let kept = second.stop()
        #expect(kept.stderr.contains("kept the existing route GET /get?q=a (--update replaces it)"))
        #expect(try routeCount(file, environment: "recorded") == 2)
    }

    @Test("--from a server that cannot be reached: listed as not recorded, exit 3, the collection file unchanged")
    func deadUpstream() throws {
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.searches(baseURL: "http://127.0.0.1:\(try closedPort())"), to: "search.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let result = try LazerBinary.run(
            ["record", file, "--from", "local", "--into", "recorded", "--request", "Search a"],
            environment: scratch.environment)
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        // A folder is refused: it would record into whichever collection it lists first.
        let folder = try LazerBinary.run(
            ["record", scratch.path, "--from", "local", "--into", "recorded"], environment: scratch.environment)
        #expect(folder.status == 2)
        #expect(folder.stderr == "lazer record: \(scratch.path) is a folder: name the collection file to record into\n")
        #expect(
            result.stdout
                == "Recorded 0 of 1 exchanges into \"recorded\" of \(file) (the file is unchanged)\n"
                + "Not recorded (no answer):\n  Search a: connection refused\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test("--proxy to a target that cannot be reached: the client gets a 502 in words, the file stays unchanged")
    func proxyToDeadTarget() throws {
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(MockCommandTests.emptyCollection, to: "app.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let proxy = try MockCommandTests.MockProcess(
            [file, "--into", "recorded", "--proxy", "0", "--target", "http://127.0.0.1:\(try closedPort())"],
            environment: scratch.environment, command: "record")
        let port = try #require(Int(proxy.url.split(separator: ":").last ?? ""))
        let answer = try RawClientLite(port: port).get("/x")
        let stopped = proxy.stop()
        #expect(answer.hasPrefix("HTTP/1.1 502"))
        #expect(answer.contains("lazer record: the target did not answer: Connection refused."), "\(answer)")
        #expect(!answer.contains("TransportError"))
        #expect(stopped.stderr.contains("lazer: not recorded GET /x: connection refused"), "\(stopped.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }
}

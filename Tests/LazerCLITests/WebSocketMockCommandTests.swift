import Foundation
import LoopbackTesting
import Testing

/// WebSocket routes of a mock environment (issue 25), both ways a mock is reached: `lazer run
/// --env mock` (in process) and `lazer run` against `lazer mock` over a real socket give the same
/// results for an echo route, a scripted route (a JSON subset, a substring, a delayed reply), a
/// route that speaks first and on a timer, steps played against a scripted route, and a route
/// that closes; `lazer mock` logs the upgrades and answers a plain GET with 426; `lazer
/// record` makes WebSocket routes of the conversations, which answer the run the same again.
@Suite("lazer mock and lazer run: WebSocket routes")
struct WebSocketMockCommandTests {
    static func collection(socketURL: String) -> String {
        """
        {
          "formatVersion": 1, "id": "ws-mock", "name": "Socket mocks",
          "environments": [
            { "name": "mock", "kind": "mock", "baseURL": "http://mock.test", "routes": [
              { "method": "GET", "path": "/ws/echo", "response": { "websocket": {} } },
              { "method": "GET", "path": "/ws/chat", "response": { "headers": [{ "name": "X-Room", "value": "7" }],
                "websocket": { "replies": [
                  { "match": { "op": "subscribe" }, "messages": [
                    { "json": { "ok": true } },
                    { "json": { "tick": 1 }, "delayMilliseconds": 50 }
                  ] },
                  { "match": "ping", "text": "pong" }
                ] } } },
              { "method": "GET", "path": "/ws/bye", "response": { "websocket": { "replies": [
                { "match": "bye", "text": "see you", "close": 1000 }
              ] } } },
              { "method": "GET", "path": "/ws/feed", "response": { "websocket": {
                "open": { "json": { "type": "hello" } },
                "every": { "milliseconds": 60, "json": { "type": "tick" }, "count": 3 } } } }
            ] },
            { "name": "socket", "kind": "live", "baseURL": "\(socketURL)" }
          ],
          "requests": [
            { "id": "echo", "name": "Echo", "url": "/ws/echo",
              "websocket": { "messages": [{ "name": "hi", "text": "hello" }, { "name": "n", "json": { "n": 2 } }] },
              "stream": { "maxEvents": 2 },
              "expectations": [
                { "subject": "status", "op": "equals", "value": 101 },
                { "subject": "events", "op": "equals", "value": 2 },
                { "subject": "event", "index": 0, "op": "equals", "value": "hello" },
                { "subject": "event", "index": 1, "path": "$.n", "op": "equals", "value": 2 }
              ] },
            { "id": "chat", "name": "Chat", "url": "/ws/chat",
              "websocket": { "subprotocols": ["chat.v2"], "messages": [
                { "name": "sub", "json": { "op": "subscribe", "topic": "a" } },
                { "name": "ping", "text": "ping" },
                { "name": "unmatched", "text": "nobody answers this" }
              ] },
              "stream": { "maxEvents": 3 },
              "expectations": [
                { "subject": "header", "name": "X-Room", "op": "equals", "value": "7" },
                { "subject": "header", "name": "Sec-WebSocket-Protocol", "op": "equals", "value": "chat.v2" },
                { "subject": "events", "op": "equals", "value": 3 },
                { "subject": "event", "index": 0, "path": "$.ok", "op": "equals", "value": true },
                { "subject": "event", "index": 1, "op": "equals", "value": "pong" },
                { "subject": "event", "index": 2, "path": "$.tick", "op": "equals", "value": 1 }
              ] },
            { "id": "feed", "name": "Feed", "url": "/ws/feed", "websocket": {}, "stream": { "maxEvents": 4 },
              "expectations": [
                { "subject": "event", "index": 0, "path": "$.type", "op": "equals", "value": "hello" },
                { "subject": "event", "index": 3, "path": "$.type", "op": "equals", "value": "tick" }
              ] },
            { "id": "steps", "name": "Steps", "url": "/ws/chat",
              "websocket": { "messages": [
                { "name": "sub", "json": { "op": "subscribe", "topic": "a" } },
                { "name": "ping", "text": "ping" }
              ], "steps": [
                { "send": "sub" },
                { "expect": { "path": "$.tick", "op": "equals", "value": 1 } },
                { "send": "ping" },
                { "expect": { "op": "equals", "value": "pong" } }
              ] } },
            { "id": "bye", "name": "Bye", "url": "/ws/bye",
              "websocket": { "messages": [{ "name": "bye", "text": "bye" }] },
              "expectations": [
                { "subject": "events", "op": "equals", "value": 1 },
                { "subject": "event", "index": 0, "op": "equals", "value": "see you" }
              ] }
          ]
        }
        """
    }

    /// Per request id: its status and its checks' outcomes, from a run's JSON report.
    private func outcomes(_ output: LazerBinary.Output) throws -> [String: String] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let requests = try #require(json["requests"] as? [[String: Any]])
        var outcomes: [String: String] = [:]
        for request in requests {
            let checks = (request["checks"] as? [[String: Any]] ?? []).map { "\($0["passed"] ?? "?")" }
            outcomes[(request["id"] as? String) ?? "?"] = "\(request["status"] ?? "?") \(checks.joined(separator: ","))"
        }
        return outcomes
    }

    @Test("echo, scripted and closing routes answer the same in process and over lazer mock")
    func inProcessAndOverTheSocket() throws {
        let scratch = try RunCommandTests.Scratch()
        let served = try scratch.write(Self.collection(socketURL: "http://127.0.0.1:1"), to: "served.json")
        let mock = try MockCommandTests.MockProcess(
            [served, "--env", "mock", "--port", "0"], environment: scratch.environment)
        let port = try #require(Int(mock.url.split(separator: ":").last ?? ""))
        let file = try scratch.write(Self.collection(socketURL: mock.url), to: "c.json")
        let inProcess = try LazerBinary.run(
            ["run", file, "--env", "mock", "--reporter", "json", "--no-history"], environment: scratch.environment)
        let overSocket = try LazerBinary.run(
            ["run", file, "--env", "socket", "--reporter", "json", "--no-history"], environment: scratch.environment)
        // A plain GET to a WebSocket route is told to upgrade.
        let plain = try RawClientLite(port: port).get("/ws/echo")
        // lazer record makes WebSocket routes of the conversations; the recording answers alike.
        let record = try LazerBinary.run(
            ["record", file, "--from", "socket", "--into", "recorded"], environment: scratch.environment)
        let stopped = mock.stop()
        let replayed = try LazerBinary.run(
            ["run", file, "--env", "recorded", "--reporter", "json", "--no-history"], environment: scratch.environment)
        #expect(record.status == 0, "\(record.stdout)\n\(record.stderr)")
        #expect(replayed.status == 0, "\(replayed.stdout)\n\(replayed.stderr)")
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains(#""match": "bye""#) && saved.contains(#""close": 1000"#), "\(saved)")
        #expect(inProcess.status == 0, "\(inProcess.stdout)\n\(inProcess.stderr)")
        #expect(overSocket.status == 0, "\(overSocket.stdout)\n\(overSocket.stderr)")
        let expected = ["echo": "passed 1,1,1,1"]
        let local = try outcomes(inProcess)
        #expect(local["echo"] == expected["echo"])
        #expect(local["chat"] == "passed 1,1,1,1,1,1")
        #expect(local["bye"] == "passed 1,1")
        #expect(local["feed"] == "passed 1,1")
        #expect(local["steps"] == "passed 1,1,1,1")
        #expect(try outcomes(overSocket) == local)
        #expect(try outcomes(replayed) == local)
        #expect(plain.hasPrefix("HTTP/1.1 426"), "\(plain)")
        #expect(stopped.stdout.contains("GET /ws/chat → GET /ws/chat 101"), "\(stopped.stdout)")
        #expect(stopped.stdout.contains("GET /ws/echo → GET /ws/echo 426"), "\(stopped.stdout)")
    }
}

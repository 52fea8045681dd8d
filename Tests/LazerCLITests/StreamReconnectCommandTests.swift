import Foundation
import LoopbackTesting
import Testing

/// `stream.reconnect` in the real binary: `lazer run` reads a stream the server closes every two
/// events as one (against a live loopback server and a mock environment's sequence, in process),
/// `lazer mock` serves that sequence over HTTP to `lazer send --reconnect`, and `validate` bounds it.
@Suite("lazer run / mock / send: SSE streams connected again after the server closes them")
struct StreamReconnectCommandTests {
    static func collection(port: Int, reconnect: Int = 5) -> String {
        """
        {
          "formatVersion": 1, "id": "streams-0000-4000-8000-000000000031", "name": "Reconnect",
          "environments": [
            { "name": "live", "kind": "live", "baseURL": "http://127.0.0.1:\(port)" },
            { "name": "mock", "kind": "mock", "baseURL": "http://mock.test", "routes": [
              { "method": "GET", "path": "/feed", "cycle": true, "sequence": [
                { "status": 200, "events": [
                  { "id": "1", "data": { "n": 1 }, "retry": 20 }, { "id": "2", "data": { "n": 2 } } ] },
                { "failure": "connectionRefused" },
                { "status": 200, "events": [ { "id": "3", "data": { "n": 3 } } ] },
                { "status": 204 }
              ] }
            ] }
          ],
          "requests": [
            { "id": "all", "name": "All", "method": "GET", "url": "/stream?events=5&per=2&retry=20&partial=1",
              "stream": { "reconnect": \(reconnect) },
              "expectations": [
                { "subject": "events", "op": "equals", "value": 5 },
                { "subject": "event", "index": 2, "path": "$.n", "op": "equals", "value": 2 },
                { "subject": "event", "index": -1, "path": "$.n", "op": "equals", "value": 4 }
              ] },
            { "id": "once", "name": "Once", "method": "GET", "url": "/stream?events=5&per=2&retry=20&partial=1",
              "expectations": [ { "subject": "events", "op": "equals", "value": 2 } ] },
            { "id": "feed", "name": "Feed", "method": "GET", "url": "/feed", "stream": { "reconnect": 3 },
              "expectations": [
                { "subject": "events", "op": "equals", "value": 3 },
                { "subject": "event", "index": -1, "path": "$.n", "op": "equals", "value": 3 }
              ] }
          ]
        }
        """
    }

    @Test("lazer run checks every connection's events as one stream; without reconnect only the first's")
    func runLive() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(port: server.port), to: "reconnect.json")
        for request in ["all", "once"] {
            let run = try LazerBinary.run(
                ["run", file, "--env", "live", "--request", request, "--no-history"], environment: scratch.environment)
            #expect(run.status == 0, "\(request): \(run.stdout)\(run.stderr)")
        }
        // Fewer attempts than the server needs: the checks see only what came.
        let short = try scratch.write(Self.collection(port: server.port, reconnect: 1), to: "short.json")
        let run = try LazerBinary.run(
            ["run", short, "--env", "live", "--request", "all", "--no-history"], environment: scratch.environment)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("events: expected 5, actual 4"), "\(run.stdout)")
    }

    @Test("a mock's sequence answers each connection, in process and over lazer mock; a refused one is tried again")
    func mockSequence() throws {
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(port: 1), to: "reconnect.json")
        let run = try LazerBinary.run(
            ["run", file, "--env", "mock", "--request", "feed", "--no-history"], environment: scratch.environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let mock = try MockCommandTests.MockProcess(
            [file, "--env", "mock", "--port", "0"], environment: scratch.environment)
        defer { _ = mock.stop() }
        let sent = try LazerBinary.run(["send", mock.url + "/feed", "--reconnect", "3", "--stream-json"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let events = try sent.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(events.map { $0?["id"] as? String } == ["1", "2", "3"], "\(sent.stdout)\(sent.stderr)")
        #expect(events.map { $0?["index"] as? Int } == [0, 1, 2])
    }

    @Test("validate: reconnect takes 1 to 1000, an event's retry 0 to 3,600,000 ms")
    func validateBounds() throws {
        let scratch = try RunCommandTests.Scratch()
        let broken = Self.collection(port: 1, reconnect: 0).replacing(#""retry": 20"#, with: #""retry": -5"#)
        let file = try scratch.write(broken, to: "broken.json")
        let validate = try LazerBinary.run(["validate", file], environment: scratch.environment)
        #expect(validate.status != 0)
        #expect(validate.stderr.contains("expected a number from 1 to 1000"), "\(validate.stderr)")
        #expect(validate.stderr.contains("expected a number from 0 to 3600000"), "\(validate.stderr)")
    }
}

import Foundation
import LoopbackTesting
import Testing

/// Streams from the command line: `lazer send` prints events as they arrive (lines or NDJSON) and
/// ends at a limit; `lazer run` checks a stream's events; `lazer mock` serves a saved stream that
/// `lazer send` reads back event by event.
@Suite("lazer send / run / mock: streamed responses")
struct StreamCommandTests {
    @Test("lazer send prints one line per SSE event and a summary on stderr")
    func sendLines() throws {
        let server = try LoopbackServer.shared()
        let result = try LazerBinary.run(["send", server.url("/stream?events=3").absoluteString])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasSuffix(#"tick #0 {"n": 0}"#) == true)
        #expect(result.stderr.contains("3 events; the server closed the stream"))
    }

    @Test("--stream-json prints NDJSON of {index, time, event, id, data}; --max-events ends an open stream cleanly")
    func sendJSONWithLimit() throws {
        let server = try LoopbackServer.shared()
        let result = try LazerBinary.run([
            "send", server.url("/stream?events=10&hold=30").absoluteString, "--stream-json", "--max-events", "2",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(first?["index"] as? Int == 0)
        #expect(first?["event"] as? String == "tick")
        #expect(first?["id"] as? String == "0")
        #expect(first?["data"] as? String == #"{"n": 0}"#)
        #expect(result.stderr.contains("2 events; stopped at --max-events"))
    }

    @Test("--join prints only the text a JSONPath selects in each event, joined, then a line break")
    func sendJoined() throws {
        let server = try LoopbackServer.shared()
        let result = try LazerBinary.run(["send", server.url("/stream?events=4").absoluteString, "--join", "$.n"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "0123\n")
        #expect(result.stderr.contains("4 events; the server closed the stream"))
        let bad = try LazerBinary.run(["send", server.url("/stream?events=1").absoluteString, "--join", "$.n["])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--join: invalid JSONPath at character"), "\(bad.stderr)")
        let both = try LazerBinary.run(
            ["send", server.url("/stream?events=1").absoluteString, "--join", "$.n", "--stream-json"])
        #expect(both.status == 2)
    }

    @Test("--until stops an SSE stream at the event that satisfies it; a stream that ends first exits 3")
    func sendUntil() throws {
        let port = try LoopbackServer.shared().port
        let url = "http://127.0.0.1:\(port)/stream?events=50&interval=0.01"
        let result = try LazerBinary.run(["send", url, "--until", "$.n >= 3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 4, "\(result.stdout)")
        #expect(result.stderr.contains("4 events; stopped at --until"), "\(result.stderr)")
        let missed = try LazerBinary.run(["send", "http://127.0.0.1:\(port)/stream?events=3", "--until", "count>=5"])
        #expect(missed.status == 3)
        #expect(missed.stderr.contains("--until 'count>=5' did not hold"), "\(missed.stderr)")
    }

    @Test("--stream ndjson reads NDJSON records")
    func sendNDJSON() throws {
        let server = try LoopbackServer.shared()
        let result = try LazerBinary.run(["send", server.url("/stream?events=2&format=ndjson").absoluteString])
        #expect(result.status == 0)
        #expect(
            result.stdout.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).last ?? "" } == [
                #"{"n": 0}"#, #"{"n": 1}"#,
            ])
    }

    @Test("--reconnect asks a closed SSE stream again from its Last-Event-ID after its retry time; 204 stops")
    func reconnect() throws {
        let server = try LoopbackServer.shared()
        let url = server.url("/stream?events=5&per=2&retry=20").absoluteString
        let result = try LazerBinary.run(["send", url, "--reconnect", "5", "--stream-json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let events = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(events.map { $0?["id"] as? String } == ["0", "1", "2", "3", "4"])
        #expect(events.map { $0?["index"] as? Int } == [0, 1, 2, 3, 4])
        #expect(result.stderr.contains("5 events; the server closed the stream"))
        // --max-events counts over the connections.
        let limited = try LazerBinary.run(["send", url, "--reconnect", "5", "--max-events", "3"])
        #expect(limited.stdout.split(separator: "\n").count == 3)
        #expect(limited.stderr.contains("3 events; stopped at --max-events"))
    }

    @Test("a stream cut in the middle of its body is connected again; every connection's events reach the checks")
    func brokenConnections() throws {
        let server = try LoopbackServer.shared()
        // Two events a connection, each connection closed without the chunked body's end.
        let path = "/stream?events=5&per=2&retry=20&broken=1"
        let sent = try LazerBinary.run(["send", server.url(path).absoluteString, "--reconnect", "5", "--stream-json"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let ids = try sent.stdout.split(separator: "\n").map {
            (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? String
        }
        #expect(ids == ["0", "1", "2", "3", "4"])
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            """
            {"formatVersion": 1, "id": "broken-streams", "name": "Broken", "defaultEnvironment": "live",
             "environments": [{"name": "live", "kind": "live", "baseURL": "http://127.0.0.1:\(server.port)"}],
             "requests": [{"id": "feed", "name": "Feed", "method": "GET", "url": "\(path)",
               "stream": {"reconnect": 5},
               "expectations": [{"subject": "events", "op": "equals", "value": 5},
                                {"subject": "event", "index": -1, "path": "$.n", "op": "equals", "value": 4}]}]}
            """, to: "broken.json")
        let run = try LazerBinary.run(["run", file, "--no-history"], environment: scratch.environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // Without reconnection the cut is the request's failure, as before.
        let once = try LazerBinary.run(["send", server.url(path).absoluteString, "--stream-json"])
        #expect(once.status != 0)
        #expect(once.stdout.split(separator: "\n").count == 2)
        // --timeout is the user's limit on the whole send: a stream still open then ends (exit 3),
        // it is not connected again.
        let slow = server.url("/stream?events=50&interval=0.5").absoluteString
        let timedOut = try LazerBinary.run(["send", slow, "--reconnect", "3", "--timeout", "1", "--trace"])
        #expect(timedOut.status == 3, "\(timedOut.stderr)")
        #expect(timedOut.stderr.split(separator: "\n").filter { $0.contains(" queued ") }.count == 1)
    }

    static func collection(port: Int) -> String {
        """
        {
          "formatVersion": 1, "id": "streams-run", "name": "Streams",
          "environments": [
            { "name": "live", "kind": "live", "baseURL": "http://127.0.0.1:\(port)" },
            { "name": "mock", "kind": "mock", "baseURL": "http://mock.test", "routes": [
              { "method": "GET", "path": "/stream", "response": { "status": 200, "events": [
                { "event": "tick", "id": "0", "data": { "n": 0 } },
                { "event": "tick", "id": "1", "data": { "n": 1 }, "delayMilliseconds": 50 },
                { "event": "done", "data": "bye", "delayMilliseconds": 50 }
              ] } },
              { "method": "GET", "path": "/hostile", "response": { "status": 200, "events": [
                { "event": "x\\u001b[2J", "data": "\\u001b]0;pwned\\u0007 \\u202egnp.exe \\u009b31m" }
              ] } }
            ] }
          ],
          "requests": [
            { "id": "events", "name": "Events", "method": "GET", "url": "/stream?events=5&hold=30",
              "stream": { "maxEvents": 3 },
              "expectations": [
                { "subject": "events", "op": "equals", "value": 3 },
                { "subject": "event", "index": -1, "path": "$.n", "op": "equals", "value": 2 }
              ] },
            { "id": "mocked", "name": "Mocked", "method": "GET", "url": "/stream",
              "expectations": [
                { "subject": "events", "op": "equals", "value": 3 },
                { "subject": "event", "index": 0, "path": "$.n", "op": "equals", "value": 0 },
                { "subject": "event", "index": 2, "op": "equals", "value": "bye" }
              ] }
          ]
        }
        """
    }

    @Test("lazer run ends a stream at maxEvents and checks its events; a mock's stream in process too")
    func run() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(port: server.port), to: "streams.json")
        let live = try LazerBinary.run(
            ["run", file, "--env", "live", "--request", "events", "--no-history"], environment: scratch.environment)
        #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
        let mock = try LazerBinary.run(
            ["run", file, "--env", "mock", "--request", "mocked", "--no-history"], environment: scratch.environment)
        #expect(mock.status == 0, "\(mock.stdout)\(mock.stderr)")
    }

    @Test("lazer mock serves a saved stream over HTTP, chunked, event by event; lazer send reads it")
    func mockServesStream() throws {
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(port: 1), to: "streams.json")
        let mock = try MockCommandTests.MockProcess(
            [file, "--env", "mock", "--port", "0"], environment: scratch.environment)
        defer { _ = mock.stop() }
        let result = try LazerBinary.run(["send", mock.url + "/stream", "--stream-json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let last = try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any]
        #expect(last?["event"] as? String == "done")
        #expect(last?["data"] as? String == "bye")
        // Escape sequences, bidi and C1 controls in an event reach no terminal, in either form.
        for json in [false, true] {
            let hostile = try LazerBinary.run(["send", mock.url + "/hostile"] + (json ? ["--stream-json"] : []))
            #expect(hostile.status == 0, "\(hostile.stderr)")
            #expect(hostile.stdout.contains("pwned"))
            for raw in ["\u{1B}", "\u{07}", "\u{202E}", "\u{9B}"] { #expect(!hostile.stdout.contains(raw)) }
        }
        // The events came apart in time, as the route says (50 ms each).
        let time = last?["time"] as? Double ?? 0
        #expect(time > 0)
    }

    @Test("a mock's events repeat N times or forever (until the client stops), in process and over lazer mock")
    func repeatedEvents() throws {
        let collection = """
            {
              "formatVersion": 1, "id": "streams-0000-4000-8000-000000000021", "name": "Repeat",
              "defaultEnvironment": "mock",
              "environments": [{ "name": "mock", "kind": "mock", "baseURL": "http://mock.test", "routes": [
                { "method": "GET", "path": "/three", "response": {
                  "events": [{ "data": { "n": 0 } }, { "data": { "n": 1 } }], "repeat": 3 } },
                { "method": "GET", "path": "/forever", "response": {
                  "events": [{ "data": { "n": 0 } }, { "data": { "n": 1 }, "delayMilliseconds": 10 }], "repeat": "forever" } }
              ] }],
              "requests": [
                { "id": "three", "name": "Three", "method": "GET", "url": "/three", "expectations": [
                  { "subject": "events", "op": "equals", "value": 6 },
                  { "subject": "event", "index": -1, "path": "$.n", "op": "equals", "value": 1 } ] },
                { "id": "forever", "name": "Forever", "method": "GET", "url": "/forever", "stream": { "maxEvents": 7 },
                  "expectations": [
                  { "subject": "events", "op": "equals", "value": 7 },
                  { "subject": "event", "index": 6, "path": "$.n", "op": "equals", "value": 0 } ] }
              ]
            }
            """
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(collection, to: "repeat.json")
        let run = try LazerBinary.run(["run", file, "--no-history"], environment: scratch.environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let mock = try MockCommandTests.MockProcess([file, "--port", "0"], environment: scratch.environment)
        defer { _ = mock.stop() }
        let three = try LazerBinary.run(["send", mock.url + "/three"])
        #expect(three.stdout.split(separator: "\n").count == 6, "\(three.stdout)")
        let forever = try LazerBinary.run(["send", mock.url + "/forever", "--max-events", "25"])
        #expect(forever.status == 0, "\(forever.stderr)")
        #expect(forever.stdout.split(separator: "\n").count == 25, "\(forever.stdout)")
        // Forever needs a pause somewhere; `repeat` needs events.
        let broken = try scratch.write(
            collection.replacing(#", "delayMilliseconds": 10"#, with: "").replacing(
                #""repeat": 3"#, with: #""repeat": 0"#),
            to: "broken.json")
        let validate = try LazerBinary.run(["validate", broken], environment: scratch.environment)
        #expect(validate.status != 0)
        #expect(validate.stderr.contains("need a delayMilliseconds somewhere"), "\(validate.stderr)")
        #expect(validate.stderr.contains("expected a number from 1 to 100000"), "\(validate.stderr)")
    }

    @Test("lazer record writes a live SSE stream as a route's events with their waits; lazer mock plays them so")
    func recordKeepsTheTiming() throws {
        let server = try LoopbackServer.shared()
        let collection = """
            { "formatVersion": 1, "id": "streams-0000-4000-8000-000000000022", "name": "Record",
              "environments": [{ "name": "live", "kind": "live", "baseURL": "http://127.0.0.1:\(server.port)" }],
              "requests": [{ "id": "s", "name": "Stream", "method": "GET", "url": "/stream?events=4&interval=0.1",
                "expectations": [{ "subject": "events", "op": "equals", "value": 4 }] }] }
            """
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(collection, to: "record.json")
        let record = try LazerBinary.run(
            ["record", file, "--from", "live", "--into", "recorded"], environment: scratch.environment)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let saved = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        let environments = try #require(saved["environments"] as? [[String: Any]])
        let route = try #require((environments.last?["routes"] as? [[String: Any]])?.first)
        let events = try #require((route["response"] as? [String: Any])?["events"] as? [[String: Any]])
        #expect(events.map { $0["event"] as? String } == ["tick", "tick", "tick", "tick"])
        #expect(events.map { ($0["data"] as? [String: Any])?["n"] as? Int } == [0, 1, 2, 3])
        // Each later event came about 100 ms after the one before it.
        let waits = events.dropFirst().compactMap { $0["delayMilliseconds"] as? Int }
        #expect(waits.count == 3 && waits.allSatisfy { (60...400).contains($0) }, "\(waits)")
        let mock = try MockCommandTests.MockProcess(
            [file, "--env", "recorded", "--port", "0"], environment: scratch.environment)
        defer { _ = mock.stop() }
        let sent = try LazerBinary.run(["send", mock.url + "/stream?events=4&interval=0.1", "--stream-json"])
        let lines = sent.stdout.split(separator: "\n")
        #expect(lines.count == 4, "\(sent.stdout)\(sent.stderr)")
        let last = try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any]
        #expect((last?["time"] as? Double ?? 0) >= 0.2, "\(sent.stdout)")
    }

    @Test("a stream of 20,000 events without delays: lazer mock writes them all, lazer run checks them in process")
    func manyEventsWithoutDelays() throws {
        let events = (0..<20_000).map { #"{ "event": "tick", "data": { "n": \#($0) } }"# }.joined(separator: ",")
        let collection = """
            {
              "formatVersion": 1, "id": "streams-0000-4000-8000-000000000020", "name": "Many",
              "defaultEnvironment": "mock",
              "environments": [{ "name": "mock", "kind": "mock", "baseURL": "http://mock.test", "routes": [
                { "method": "GET", "path": "/many", "response": { "status": 200, "events": [\(events)] } }
              ] }],
              "requests": [{ "id": "many", "name": "Many", "method": "GET", "url": "/many", "expectations": [
                { "subject": "events", "op": "equals", "value": 20000 },
                { "subject": "event", "index": -1, "path": "$.n", "op": "equals", "value": 19999 }
              ] }]
            }
            """
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(collection, to: "many.json")
        let run = try LazerBinary.run(["run", file, "--no-history"], environment: scratch.environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let mock = try MockCommandTests.MockProcess([file, "--port", "0"], environment: scratch.environment)
        defer { _ = mock.stop() }
        let sent = try LazerBinary.run(["send", mock.url + "/many"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let lines = sent.stdout.split(separator: "\n")
        #expect(lines.count == 20_000)
        #expect(lines.last?.hasSuffix(#"{"n":19999}"#) == true)
    }
}

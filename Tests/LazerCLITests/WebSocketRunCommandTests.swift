import Foundation
import LoopbackTesting
import Testing

/// `lazer run` on WebSocket requests against the loopback peer: the saved messages go out in
/// order, received messages are checked with the stream expectations (a message that ends in spaces
/// or is only spaces read back as sent, at its index), `stream.maxEvents` closes cleanly, and an
/// abnormal close is an error (exit 3).
@Suite("lazer run: WebSocket requests")
struct WebSocketRunCommandTests {
    static func collection(port: Int) -> String {
        """
        {
          "formatVersion": 1, "id": "ws-run", "name": "Sockets",
          "environments": [{ "name": "local", "baseURL": "http://127.0.0.1:\(port)" }],
          "defaultEnvironment": "local",
          "requests": [
            {
              "id": "echo", "name": "Echo", "url": "/ws/echo",
              "websocket": { "messages": [
                { "name": "hello", "text": "hello" },
                { "name": "n", "json": { "n": 2 } },
                { "name": "blob", "file": "blob.bin" },
                { "name": "spaced", "text": "ends in spaces  " },
                { "name": "blank", "text": "   " }
              ] },
              "stream": { "maxEvents": 5 },
              "expectations": [
                { "subject": "status", "op": "equals", "value": 101 },
                { "subject": "events", "op": "equals", "value": 5 },
                { "subject": "event", "index": 3, "op": "equals", "value": "ends in spaces  " },
                { "subject": "anyEvent", "path": "$.n", "op": "equals", "value": 2 },
                { "subject": "event", "index": 4, "op": "equals", "value": "   " },
                { "subject": "event", "index": 0, "op": "equals", "value": "hello" },
                { "subject": "event", "index": 1, "path": "$.n", "op": "equals", "value": 2 },
                { "subject": "event", "index": 2, "op": "equals", "value": "AAEC/w==" }
              ]
            },
            {
              "id": "bad", "name": "Bad text", "url": "ws://127.0.0.1:\(port)/ws/bad-utf8",
              "websocket": {}
            }
          ]
        }
        """
    }

    @Test("saved messages are sent, received ones checked; a 1007 close is an error")
    func run() throws {
        let port = try LoopbackServer.shared().port
        let folder = try RunFolder(Self.collection(port: port), files: ["blob.bin": Data([0, 1, 2, 255])])
        let (result, results) = try folder.run()
        #expect(result.status == 3, "\(result.stdout)\n\(result.stderr)")
        #expect(results.map { $0["status"] as? String } == ["passed", "error"], "\(result.stdout)")
        let failure = results.last?["error"] as? [String: Any]
        #expect("\(failure ?? [:])".contains("1007 invalid UTF-8"), "\(result.stdout)")
        // Translated as what 1007 means, not as a broken download.
        #expect(failure?["title"] as? String == "The server sent text that is not UTF-8", "\(result.stdout)")
        // The report has the upgrade and the open connection as phases.
        let phases = (results.first?["phases"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(phases == ["upgrade", "open"], "\(result.stdout)")
        // History keeps the conversation, as the explorer does: 101, the received messages as json-seq.
        let history = try folder.lazer(["history", "list", "--json"])
        #expect(history.status == 0, "\(history.stderr)")
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(entries.contains { $0["status"] as? Int == 101 }, "\(history.stdout)")
    }

    @Test("a capture from a received message reaches the next request")
    func captureFromAMessage() throws {
        let port = try LoopbackServer.shared().port
        let collection = """
            {
              "formatVersion": 1, "id": "ws-capture", "name": "Capture",
              "environments": [{ "name": "local", "baseURL": "http://127.0.0.1:\(port)" }],
              "defaultEnvironment": "local",
              "requests": [
                {
                  "id": "login", "name": "Login", "url": "/ws/echo",
                  "websocket": { "messages": [{ "name": "hello", "json": { "session": "s-42", "n": 1 } }] },
                  "stream": { "maxEvents": 1 },
                  "captures": [{ "variable": "session", "from": "event", "index": 0, "path": "$.session" }]
                },
                {
                  "id": "use", "name": "Use", "method": "GET", "url": "/echo",
                  "headers": [{ "name": "X-Session", "value": "{{session}}" }],
                  "expectations": [{ "subject": "body", "op": "contains", "value": "s-42" }]
                }
              ]
            }
            """
        let (result, results) = try RunFolder(collection).run()
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(results.map { $0["status"] as? String } == ["passed", "passed"], "\(result.stdout)")
    }
}

/// `lazer run` playing a WebSocket request's `steps` against the loopback echo: a send waits for
/// the expect before it, a value captured from one message fills the next (and reaches the next
/// request), saved messages have their `{{variables}}` filled, messages that do not match are
/// passed over, and an expect that nothing satisfies in time fails the request with what it saw.
@Suite("lazer run: WebSocket steps")
struct WebSocketStepsRunTests {
    static func collection(port: Int) -> String {
        """
        {
          "formatVersion": 1, "id": "ws-steps", "name": "Steps",
          "environments": [{ "name": "local", "baseURL": "http://127.0.0.1:\(port)",
            "variables": [{ "name": "room", "value": "blue" }] }],
          "defaultEnvironment": "local",
          "requests": [
            {
              "id": "chat", "name": "Chat", "url": "/ws/echo",
              "websocket": {
                "messages": [
                  { "name": "login", "json": { "type": "welcome", "session": "s-{{room}}-7" } },
                  { "name": "noise", "text": "noise" },
                  { "name": "subscribe", "json": { "op": "subscribe", "session": "{{session}}" } }
                ],
                "steps": [
                  { "send": "noise" },
                  { "send": "login" },
                  { "expect": { "path": "$.type", "op": "equals", "value": "welcome" }, "seconds": 5,
                    "captures": [{ "variable": "session", "path": "$.session" }] },
                  { "send": "subscribe" },
                  { "expect": { "path": "$.op", "op": "equals", "value": "subscribe" } }
                ]
              },
              "expectations": [
                { "subject": "events", "op": "equals", "value": 3 },
                { "subject": "event", "index": 2, "path": "$.session", "op": "equals", "value": "s-blue-7" }
              ]
            },
            {
              "id": "use", "name": "Use", "method": "GET", "url": "/echo",
              "headers": [{ "name": "X-Session", "value": "{{session}}" }],
              "expectations": [{ "subject": "body", "op": "contains", "value": "s-blue-7" }]
            },
            {
              "id": "never", "name": "Never", "url": "/ws/echo",
              "websocket": {
                "messages": [{ "name": "hi", "text": "hi" }],
                "steps": [
                  { "send": "hi" },
                  { "expect": { "op": "equals", "value": "bye" }, "seconds": 0.4 },
                  { "send": "hi" }
                ]
              }
            }
          ]
        }
        """
    }

    @Test("steps send, wait, capture and fill in order; an unmet expect fails with what passed")
    func steps() throws {
        let port = try LoopbackServer.shared().port
        let (result, results) = try RunFolder(Self.collection(port: port)).run()
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(results.map { $0["status"] as? String } == ["passed", "passed", "failed"], "\(result.stdout)")
        let checks = try #require(results.first?["checks"] as? [[String: Any]])
        #expect(
            checks.map { $0["label"] as? String } == [
                "step 1 ↑ noise", "step 2 ↑ login", "step 3 ↓ $.type", "step 4 ↑ subscribe", "step 5 ↓ $.op",
                "events", "event[2] $.session",
            ], "\(result.stdout)")
        #expect(checks.first?["subject"] as? String == "step")
        #expect(checks[2]["expected"] as? String == "welcome within 5 s", "\(result.stdout)")
        let captures = results.first?["captures"] as? [[String: Any]]
        #expect(captures?.first?["value"] as? String == "s-blue-7", "\(result.stdout)")
        let failed = try #require(results.last?["checks"] as? [[String: Any]])
        // The step that waited in vain, and nothing after it.
        #expect(failed.map { $0["label"] as? String } == ["step 1 ↑ hi", "step 2 ↓ message"], "\(result.stdout)")
        #expect(
            failed.last?["actual"] as? String == "nothing matched within 0.4 s (1 message passed over)",
            "\(result.stdout)")
    }

    @Test("validate names a step's unknown message and a step with neither send nor expect")
    func validation() throws {
        let collection = """
            {
              "formatVersion": 1, "id": "ws-bad-steps", "name": "Bad",
              "requests": [{
                "id": "chat", "name": "Chat", "url": "ws://127.0.0.1:1/ws",
                "websocket": {
                  "messages": [{ "name": "hello", "text": "hi" }],
                  "steps": [{ "send": "helo" }, { "pause": 1 }, { "expect": { "op": "equals" } }]
                }
              }]
            }
            """
        let folder = try RunFolder(collection)
        let validate = try folder.lazer(["validate", folder.file.path])
        #expect(validate.status != 0)
        let output = validate.stdout + validate.stderr
        #expect(output.contains(#"no saved message is named "helo"; the messages are "hello""#), "\(output)")
        #expect(output.contains(#"a step has one of "send""#), "\(output)")
        #expect(output.contains(#"missing required field "value""#), "\(output)")
    }
}

/// `lazer run` against a compressing server (the peer's `/ws/deflate`: permessage-deflate agreed,
/// every echo compressed): messages go out compressed and come back inflated; with
/// `"compression": false` nothing is offered and both directions travel as plain frames.
@Suite("lazer run: WebSocket compression")
struct WebSocketCompressionRunTests {
    static let long = String(repeating: "compress me ", count: 20) + "end"

    static func request(_ id: String, compression: Bool?, offer: String, compressedIn: Int) -> String {
        let setting = compression.map { ", \"compression\": \($0)" } ?? ""
        return """
            {
              "id": "\(id)", "name": "\(id)", "url": "/ws/deflate",
              "websocket": { "messages": [{ "name": "long", "text": "\(long)" }, { "name": "stats", "text": "stats?" }]\(setting) },
              "stream": { "maxEvents": 2 },
              "expectations": [
                { "subject": "event", "index": 0, "op": "equals", "value": "\(long)" },
                { "subject": "event", "index": 1, "path": "$.offer", "op": "equals", "value": "\(offer)" },
                { "subject": "event", "index": 1, "path": "$.compressedIn", "op": "equals", "value": \(compressedIn) }
              ]
            }
            """
    }

    @Test("messages are deflated both ways when agreed, and not offered when the request says so")
    func compressingServer() throws {
        let port = try LoopbackServer.shared().port
        let collection = """
            {
              "formatVersion": 1, "id": "ws-deflate", "name": "Deflate",
              "environments": [{ "name": "local", "baseURL": "http://127.0.0.1:\(port)" }],
              "defaultEnvironment": "local",
              "requests": [
                \(Self.request("deflated", compression: nil, offer: "permessage-deflate; client_max_window_bits", compressedIn: 1)),
                \(Self.request("plain", compression: false, offer: "", compressedIn: 0))
              ]
            }
            """
        let (result, results) = try RunFolder(collection).run()
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(results.map { $0["status"] as? String } == ["passed", "passed"], "\(result.stdout)")
    }

    @Test("a close expectation reads the server's close code, which is then no error")
    func closeExpectation() throws {
        let port = try LoopbackServer.shared().port
        func request(_ id: String, _ expectations: String) -> String {
            """
            { "id": "\(id)", "name": "\(id)", "url": "/ws/close?code=4001&reason=bad%20token",
              "websocket": {}, "expectations": [\(expectations)] }
            """
        }
        let collection = """
            {
              "formatVersion": 1, "id": "ws-close", "name": "Close",
              "environments": [{ "name": "local", "baseURL": "http://127.0.0.1:\(port)" }],
              "defaultEnvironment": "local",
              "requests": [
                \(request("expected", #"{ "subject": "close", "op": "equals", "value": 4001 }"#)),
                \(request("other", #"{ "subject": "close", "op": "oneOf", "value": [1000, 1001] }"#)),
                \(request("unchecked", ""))
              ]
            }
            """
        let (result, results) = try RunFolder(collection).run()
        // Checked: passed, or failed with the code seen; unchecked, the 4001 is the error it was.
        #expect(results.map { $0["status"] as? String } == ["passed", "failed", "error"], "\(result.stdout)")
        let failed = (results[1]["checks"] as? [[String: Any]])?.first
        #expect(failed?["actual"] as? String == "4001", "\(result.stdout)")
        #expect(result.status == 3, "\(result.stderr)")
    }
}

/// A collection in a folder and a home of its own for `lazer` runs, removed when released.
final class RunFolder {
    let folder: URL
    let file: URL
    let environment: [String: String]

    init(_ collection: String, files: [String: Data] = [:]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ws-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent("c.json")
        try Data(collection.utf8).write(to: file)
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
        let home = folder.appendingPathComponent("home").path
        environment = ProcessInfo.processInfo.environment.merging(
            ["HOME": home, "XDG_STATE_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config"]
        ) { $1 }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func lazer(_ arguments: [String]) throws -> LazerBinary.Output {
        try LazerBinary.run(arguments, environment: environment)
    }

    /// `lazer validate` (which must pass), then `lazer run --reporter json`: the run and the
    /// report's requests.
    func run() throws -> (result: LazerBinary.Output, requests: [[String: Any]]) {
        let validate = try lazer(["validate", file.path])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let result = try lazer(["run", file.path, "--reporter", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (result, try #require(report["requests"] as? [[String: Any]]))
    }
}

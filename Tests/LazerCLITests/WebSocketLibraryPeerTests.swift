import Foundation
import LoopbackTesting
import Testing

/// Lazer's WebSocket client against a server it did not write (issue 25): Python `websockets`
/// (PyPI) on loopback. Its permessage-deflate (agreed with a 12-bit window) carries messages both
/// ways, a message it sends in fragments arrives whole, its close code reaches `lazer send` and a
/// `close` expectation, and `lazer run` plays steps against it with the subprotocol it chose.
@Suite("lazer and a WebSocket library server")
struct WebSocketLibraryPeerTests {
    @Test("echo through its permessage-deflate, a fragmented message, its close code")
    func send() throws {
        let server = try WebSocketLibraryServer.shared()
        let long = String(repeating: "compress me ", count: 40)
        let echo = try LazerBinary.run([
            "send", server.url("/echo"), "--message", "hello", "--message", long, "--max-messages", "2",
        ])
        #expect(echo.status == 0, "\(echo.stderr)")
        #expect(echo.stderr.contains("permessage-deflate"), "\(echo.stderr)")
        let received = echo.stdout.split(separator: "\n").filter { $0.contains("↓") && !$0.contains("close") }
        #expect(received.map { $0.split(separator: " ", maxSplits: 2).last.map(String.init) } == ["hello", long])
        let fragmented = try LazerBinary.run(["send", server.url("/fragmented"), "--max-messages", "1"])
        #expect(fragmented.stdout.contains("↓ Hello world"), "\(fragmented.stdout)\(fragmented.stderr)")
        let closed = try LazerBinary.run(["send", server.url("/close")])
        #expect(closed.status == 3)
        #expect(closed.stderr.contains("4001 bye"), "\(closed.stderr)")
    }

    @Test("lazer run: steps with its subprotocol, and its close code as a check")
    func run() throws {
        let server = try WebSocketLibraryServer.shared()
        let collection = """
            {
              "formatVersion": 1, "id": "ws-library", "name": "Library",
              "environments": [{ "name": "local", "baseURL": "http://127.0.0.1:\(server.port)" }],
              "defaultEnvironment": "local",
              "requests": [
                { "id": "chat", "name": "Chat", "url": "/chat",
                  "websocket": {
                    "subprotocols": ["chat.v2"],
                    "messages": [
                      { "name": "login", "json": { "op": "login" } },
                      { "name": "echo", "json": { "session": "{{session}}", "pad": "\(String(repeating: "p", count: 64))" } }
                    ],
                    "steps": [
                      { "send": "login" },
                      { "expect": { "path": "$.type", "op": "equals", "value": "welcome" },
                        "captures": [{ "variable": "session", "path": "$.session" }] },
                      { "send": "echo" },
                      { "expect": { "path": "$.session", "op": "equals", "value": "s-7" } }
                    ] },
                  "expectations": [
                    { "subject": "header", "name": "Sec-WebSocket-Protocol", "op": "equals", "value": "chat.v2" }
                  ] },
                { "id": "close", "name": "Close", "url": "/close", "websocket": {},
                  "expectations": [{ "subject": "close", "op": "equals", "value": 4001 }] }
              ]
            }
            """
        let (result, results) = try RunFolder(collection).run()
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(results.map { $0["status"] as? String } == ["passed", "passed"], "\(result.stdout)")
        let checks = (results.first?["checks"] as? [[String: Any]])?.map { $0["passed"] as? Bool }
        #expect(checks == [true, true, true, true, true], "\(result.stdout)")
    }
}

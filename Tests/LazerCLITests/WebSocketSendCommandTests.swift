import Foundation
import LoopbackTesting
import Testing

/// `lazer send ws://…` against the loopback WebSocket peer: messages both ways as lines or NDJSON,
/// the limits that close cleanly, `wss://` with HTTPS's TLS options, and exit statuses for a
/// refused upgrade, a protocol error, an untrusted certificate and a body option.
@Suite("lazer send ws://")
struct WebSocketSendCommandTests {
    private func url(_ path: String) throws -> String {
        "ws://127.0.0.1:\(try LoopbackServer.shared().port)\(path)"
    }

    @Test("sends each --message, prints both directions, closes at --max-messages (exit 0)")
    func echoLines() throws {
        let result = try LazerBinary.run([
            "send", try url("/ws/echo"), "--message", "hello", "--message", #"{"n":1}"#, "--max-messages", "2",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).last ?? "" }
        // The echo may answer "hello" before the second message goes out: each direction keeps its own order.
        // The close is this client's (at --max-messages): it went out, ↑.
        #expect(
            lines.filter { $0.hasPrefix("↑") } == [
                "↑ hello", #"↑ {"n":1}"#, "↑ close this client closed the connection (1000)",
            ])
        #expect(lines.filter { $0.hasPrefix("↓") } == ["↓ hello", #"↓ {"n":1}"#])
        #expect(lines.last == "↑ close this client closed the connection (1000)")
        #expect(result.stderr.contains("Connected: 101 Switching Protocols"))
        #expect(result.stderr.contains("2 messages received, 2 sent"))
    }

    @Test("--until ends at the message that satisfies it (count or a check); with --timeout, not holding exits 3")
    func until() throws {
        let flood = try url("/ws/flood?count=5000")
        let counted = try LazerBinary.run(["send", flood, "--until", "count>=10", "--timeout", "30"])
        #expect(counted.status == 0, "\(counted.stderr)")
        #expect(counted.stdout.split(separator: "\n").filter { $0.contains("↓ {") }.count == 10, "\(counted.stdout)")
        #expect(counted.stderr.contains("--until held"), "\(counted.stderr)")
        let checked = try LazerBinary.run(["send", flood, "--until", "$.n == 41", "--stream-json"])
        #expect(checked.status == 0, "\(checked.stderr)")
        let received = checked.stdout.split(separator: "\n").filter { $0.contains(#""direction":"received""#) }
        // 42 messages; the close that --until made is this client's, sent.
        #expect(received.count == 42, "\(received.suffix(3))")
        #expect(received.last?.contains(#"\"n\": 41"#) == true, "\(received.suffix(2))")
        // The echo never says "never": 1 s of --timeout, then exit 3 saying why.
        let never = try LazerBinary.run([
            "send", try url("/ws/echo"), "--message", "hi", "--until", "text ~ ^never", "--timeout", "1",
        ])
        #expect(never.status == 3)
        #expect(never.stderr.contains("--until 'text ~ ^never' did not hold within 1 s (--timeout)"), "\(never.stderr)")
        let bad = try LazerBinary.run(["send", flood, "--until", "soon"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--until takes count>=N"), "\(bad.stderr)")
    }

    @Test("--join prints the text a JSONPath selects in each received message, joined; sent ones add nothing")
    func echoJoined() throws {
        let result = try LazerBinary.run([
            "send", try url("/ws/echo"), "--message", #"{"t":"Hel"}"#, "--message", "not JSON", "--message",
            #"{"t":"lo"}"#, "--max-messages", "3", "--join", "$.t",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Hello\n")
    }

    @Test("--stream-json prints NDJSON; the upgrade carries -H headers")
    func json() throws {
        let result = try LazerBinary.run([
            "send", try url("/ws/echo"), "--message", "hello?", "--max-messages", "1", "--stream-json", "-H",
            "X-Room: 7",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let objects = try lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        // --max-messages closed it: the close is this client's, sent (it read "received").
        #expect(objects.map { $0["direction"] as? String } == ["sent", "received", "sent"])
        #expect(result.stderr.contains("1 message received, 1 sent"), "\(result.stderr)")
        #expect(objects.map { $0["kind"] as? String } == ["text", "text", "close"])
        #expect((objects[1]["data"] as? String)?.contains(#"["X-Room", "7"]"#) == true)
    }

    @Test("a protocol error exits 3, a refused upgrade 4, a body option 2")
    func failures() throws {
        let badText = try LazerBinary.run(["send", try url("/ws/bad-utf8")])
        #expect(badText.status == 3)
        #expect(badText.stdout.contains("1007 invalid UTF-8 in a text message"))
        #expect(badText.stderr.contains("lazer send: The server sent text that is not UTF-8: A text message from"))
        let refused = try LazerBinary.run(["send", try url("/ws/refuse?status=403")])
        #expect(refused.status == 4)
        #expect(refused.stderr.contains("the upgrade was answered 403 Forbidden: no token, no socket"))
        let body = try LazerBinary.run(["send", try url("/ws/echo"), "--json", "{}"])
        #expect(body.status == 2)
        #expect(body.stderr.contains("a WebSocket upgrade has no body"))
    }

    @Test("wss:// trusts --cacert, refuses an untrusted certificate (exit 3), and -k skips the check")
    func secure() throws {
        let server = try LoopbackServer.shared()
        let url = "wss://127.0.0.1:\(server.tlsPort)/ws/echo"
        let trusted = try LazerBinary.run([
            "send", url, "--cacert", server.certificate.certificateFile.path, "--message", "über TLS",
            "--max-messages", "1",
        ])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stdout.contains("↓ über TLS"))
        #expect(trusted.stderr.contains("Connected: 101 Switching Protocols"))
        let untrusted = try LazerBinary.run(["send", url, "--message", "x"])
        #expect(untrusted.status == 3)
        #expect(untrusted.stderr.contains("Certificate not trusted"))
        let insecure = try LazerBinary.run(["send", url, "-k", "--message", "x", "--max-messages", "1"])
        #expect(insecure.status == 0, "\(insecure.stderr)")
        #expect(insecure.stdout.contains("↓ x"))
    }
}

import Foundation
import LoopbackTesting
import Testing

/// The status line as the server sent it: `lazer send` and `lazer run` show the server's own
/// reason phrase (not the standard one for the code), with any control character in it made
/// visible — the phrase is the server's text, so a hostile server must not reach the terminal.
@Suite("The server's reason phrase")
struct ReasonPhraseCommandTests {
    @Test("lazer send shows the server's reason phrase on the status line, controls made visible")
    func send() throws {
        let server = try LoopbackServer.shared()
        let made = try LazerBinary.run(["send", server.url("/status/201?reason=Made%20It").absoluteString, "--include"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("HTTP/1.1 201 Made It\n"), "\(made.stdout)")

        let hostileURL = server.url("/status/200?reason=Fine%1B%5D0;pwned%07").absoluteString
        let hostile = try LazerBinary.run(["send", hostileURL])
        #expect(hostile.status == 0, "\(hostile.stderr)")
        #expect(hostile.stderr.hasPrefix("HTTP/1.1 200 Fine␛]0;pwned␇"), "\(hostile.stderr.debugDescription)")
        #expect(!hostile.stderr.contains("\u{1B}"))
    }

    @Test("lazer run's report shows the server's reason phrase, controls made visible")
    func run() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            """
            {"formatVersion": 1, "id": "reasons", "name": "Reasons", "defaultEnvironment": "local",
             "environments": [{"name": "local", "baseURL": "http://127.0.0.1:\(server.port)"}],
             "requests": [
               {"id": "made", "name": "Made", "method": "GET", "url": "/status/201?reason=Made%20It",
                "expectations": [{"subject": "status", "op": "equals", "value": 201}]},
               {"id": "hostile", "name": "Hostile", "method": "GET", "url": "/status/200?reason=Fine%1B%5B2J",
                "expectations": [{"subject": "status", "op": "equals", "value": 200}]}]}
            """, to: "reasons.json")
        let result = try LazerBinary.run(
            ["run", file, "--no-history"], environment: scratch.environment, currentDirectory: scratch.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Made · 201 Made It"), "\(result.stdout)")
        #expect(result.stdout.contains("Hostile · 200 Fine␛[2J"), "\(result.stdout.debugDescription)")
        #expect(!result.stdout.contains("\u{1B}"))
    }
}

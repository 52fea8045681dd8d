import Foundation
import LoopbackTesting
import Testing

/// `lazer send --trace`: one line per stage on stderr as it happens, then a waterfall; stdout keeps
/// only the body.
@Suite("lazer send --trace")
struct SendTraceTests {
    private func send(_ arguments: [String]) throws -> LazerBinary.Output {
        try LazerBinary.run(["send"] + arguments)
    }

    /// The event name of each trace line ("*  1.2 ms  resolved  …"), in order.
    private func stages(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("*") }.map { line in
            String(line.split(separator: " ", omittingEmptySubsequences: true)[3])
        }
    }

    @Test("every stage in order on stderr, then the waterfall; stdout is exactly the body")
    func plain() throws {
        let server = try LoopbackServer.shared()
        let result = try send([server.url("/json").absoluteString, "--trace"])
        #expect(result.status == 0)
        #expect(result.stdout == #"{"id": 1, "name": "lazer", "tags": ["a", "b"], "ok": true}"#)
        #expect(stages(result.stderr) == ["queued", "resolved", "connected", "sent", "head", "body", "completed"])
        #expect(result.stderr.contains("127.0.0.1:\(server.port) (new connection"))
        #expect(result.stderr.contains("HTTP/1.1 200 OK"))
        #expect(result.stderr.contains("Waterfall ("))
        #expect(result.stderr.contains("waiting for the first byte"))
        #expect(!result.stderr.contains("\u{1B}["))
    }

    @Test("HTTPS: the TLS line names the version, the certificate and the verification")
    func https() throws {
        let server = try LoopbackServer.shared()
        let result = try send([
            server.tlsURL("/json").absoluteString, "--trace", "--cacert", server.certificate.certificateFile.path,
        ])
        #expect(result.status == 0)
        #expect(
            stages(result.stderr) == ["queued", "resolved", "connected", "TLS", "sent", "head", "body", "completed"])
        let tls = result.stderr.split(separator: "\n").first { $0.contains(" TLS ") } ?? ""
        #expect(tls.contains("TLSv1."))
        #expect(tls.contains("subject CN=Lazer loopback test"))
        #expect(tls.contains("verified"))
        #expect(result.stderr.contains("TLS handshake"))
    }

    @Test("a stream sent again (--reconnect): each connection's events, then its own waterfall once")
    func reconnections() throws {
        let server = try LoopbackServer.shared()
        let url = server.url("/stream?events=5&per=2&retry=20").absoluteString
        let result = try send([url, "--reconnect", "5", "--trace"])
        #expect(result.status == 0, "\(result.stderr)")
        let traced = stages(result.stderr)
        let connections = traced.filter { $0 == "queued" }.count
        #expect(connections >= 3)
        #expect(traced.filter { $0 == "completed" }.count == connections)
        // One waterfall per connection, each written when that connection ended (it was written
        // again after every later event of the send).
        #expect(result.stderr.components(separatedBy: "Waterfall (").count - 1 == connections)
    }

    @Test("redirects followed are traced hop by hop")
    func redirects() throws {
        let server = try LoopbackServer.shared()
        let result = try send([server.url("/redirect/1").absoluteString, "--trace", "--follow"])
        #expect(result.status == 0)
        #expect(stages(result.stderr).filter { $0 == "redirect" }.count == 1)
        #expect(result.stderr.contains("302 → /redirect/0"))
    }

    @Test("a failure says where it failed, in the trace and in the error's detail; exit 3")
    func failure() throws {
        let port = try closedPort()
        let result = try send(["http://127.0.0.1:\(port)/", "--trace"])
        #expect(result.status == 3)
        #expect(stages(result.stderr) == ["queued", "resolved", "failed"])
        #expect(result.stderr.contains("failed while connecting after"))
        #expect(result.stdout.isEmpty)
    }

    @Test("server text in the trace is made visible, never sent raw to the terminal")
    func hostile() throws {
        let server = try LoopbackServer.shared()
        let result = try send(["http://127.0.0.1:\(server.port)/hostile?type=text/plain%1B]0;pwned%07", "--trace"])
        #expect(result.status == 0)
        let trace = result.stderr.split(separator: "\n").filter { $0.hasPrefix("*") }.joined(separator: "\n")
        #expect(trace.contains("␛]0;pwned␇"))
        #expect(!trace.contains("\u{1B}"))
        #expect(!trace.contains("\u{07}"))
    }
}

import Foundation
import Glibc
import LoopbackTesting
import Testing

/// `lazer send` run as a process against the loopback server (stdout is a pipe, so bodies are raw).
@Suite("lazer send")
struct SendCommandTests {
    private func send(_ arguments: [String]) throws -> LazerBinary.Output {
        try LazerBinary.run(["send"] + arguments)
    }

    @Test("GET prints the body on stdout and the status line on stderr; exit 0")
    func get() throws {
        let server = try LoopbackServer.shared()
        let result = try send([server.url("/json").absoluteString])
        #expect(result.status == 0)
        #expect(result.stdout == #"{"id": 1, "name": "lazer", "tags": ["a", "b"], "ok": true}"#)
        #expect(result.stderr.hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test("METHOD, headers and a JSON body are sent; a host:port URL gets http://")
    func postJSON() throws {
        let server = try LoopbackServer.shared()
        let result = try send([
            "PATCH", "127.0.0.1:\(server.port)/echo", "--json", #"{"a": [1, 2]}"#, "-H", "X-One: 1", "-H", "x-one: 2",
        ])
        #expect(result.status == 0)
        let echo = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(echo?["method"] as? String == "PATCH")
        let headers = echo?["headers"] as? [[String]] ?? []
        #expect(headers.contains(["Content-Type", "application/json"]))
        #expect(headers.contains(["Accept", "application/json"]))
        #expect(headers.contains(["X-One", "1"]) && headers.contains(["x-one", "2"]))
        let body = (echo?["body"] as? String).flatMap { Data(base64Encoded: $0) }
        #expect(body == Data(#"{"a": [1, 2]}"#.utf8))
    }

    @Test(
        "-H, --header and --header= in any mix are sent in order; 90 of them too (the echo server takes 100); a value after -- is not one"
    )
    func manyHeadersInOrder() throws {
        let server = try LoopbackServer.shared()
        var arguments = [server.url("/echo").absoluteString, "-H", "X-A: 1", "--header", "X-B: 2", "--header=X-C: 3"]
        for index in 0..<90 { arguments += ["-H", "X-N\(index): \(index)"] }
        let result = try send(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let echo = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let names = (echo?["headers"] as? [[String]] ?? []).map { $0[0] }.filter { $0.hasPrefix("X-") }
        #expect(names == ["X-A", "X-B", "X-C"] + (0..<90).map { "X-N\($0)" })
        let separated = try send(["-H", "X-A: 1", "--", server.url("/echo").absoluteString, "-H"])
        #expect(separated.status != 0)
    }

    @Test("-d implies POST and form-urlencoded; --data-file streams a file")
    func dataAndDataFile() throws {
        let server = try LoopbackServer.shared()
        let form = try send([server.url("/echo").absoluteString, "-d", "a=1&b=2"])
        #expect(form.stdout.contains(#""method": "POST""#))
        #expect(form.stdout.contains(#"["Content-Type", "application/x-www-form-urlencoded"]"#))

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-send-\(UUID().uuidString).bin")
        try Data(repeating: 7, count: 100_000).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let upload = try send(["PUT", server.url("/echo").absoluteString, "--data-file", file.path])
        #expect(upload.status == 0)
        #expect(upload.stdout.contains(#""length": 100000"#))
    }

    @Test("-F sends multipart text and file fields")
    func multipart() throws {
        let server = try LoopbackServer.shared()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-form-\(UUID().uuidString).txt")
        try Data("attached\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try send([
            server.url("/multipart").absoluteString, "-F", "title=Report", "--form", "doc=@\(file.path)",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""name": "title""#))
        #expect(result.stdout.contains(#""text": "Report""#))
        #expect(result.stdout.contains(#""filename": "\#(file.lastPathComponent)""#))
        #expect(result.stdout.contains(#""text": "attached\n""#))
    }

    @Test("-F takes curl's ;type= and ;filename= (a text keeps a ';' otherwise); another parameter is named")
    func multipartParameters() throws {
        let server = try LoopbackServer.shared()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-form-\(UUID().uuidString).txt")
        try Data("a,b\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try send([
            server.url("/multipart").absoluteString, "-F", "doc=@\(file.path);type=text/csv;filename=report.csv",
            "-F", #"meta={"a":1};type=application/json"#, "-F", "note=a;b",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""filename": "report.csv""#), "\(result.stdout)")
        #expect(result.stdout.contains(#""contentType": "text/csv""#))
        #expect(result.stdout.contains(#""contentType": "application/json""#))
        #expect(result.stdout.contains(#""text": "{\"a\":1}""#))
        #expect(result.stdout.contains(#""text": "a;b""#))
        let headers = try send([server.url("/multipart").absoluteString, "-F", "doc=@\(file.path);headers=X-A: 1"])
        #expect(headers.status == 2)
        #expect(headers.stderr.contains(";headers= is not supported"), "\(headers.stderr)")
    }

    @Test("exit status 4 for a 4xx, 5 for a 5xx or a status past 599, 0 for a 3xx not followed")
    func statusExitCodes() throws {
        let server = try LoopbackServer.shared()
        #expect(try send([server.url("/status/404").absoluteString]).status == 4)
        #expect(try send([server.url("/status/503").absoluteString]).status == 5)
        let unknown = try send([server.url("/status/999").absoluteString])
        #expect(unknown.status == 5 && unknown.stderr.hasPrefix("HTTP/1.1 999"), "\(unknown.stderr)")
        let redirect = try send([server.url("/redirect/1").absoluteString, "--no-follow"])
        #expect(redirect.status == 0)
        #expect(redirect.stderr.hasPrefix("HTTP/1.1 302 Found"))
    }

    @Test(
        "--follow follows redirects (DELETE → 303 becomes GET, counted in --timings); --include puts the status line and headers before the body"
    )
    func followAndInclude() throws {
        let server = try LoopbackServer.shared()
        let result = try send([server.url("/redirect/2").absoluteString, "--follow", "--include"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("HTTP/1.1 200 OK\n"))
        #expect(result.stdout.contains("\nContent-Type: application/json\n"))
        #expect(result.stdout.contains("\n\n{"))
        #expect(result.stdout.contains(#""path": "/redirect/0""#))

        let timed = try send(["DELETE", server.url("/see-other").absoluteString, "--follow", "--timings"])
        #expect(timed.status == 0)
        #expect(timed.stdout.contains(#""method": "GET""#))
        #expect(timed.stderr.contains("(1 redirect)"))
    }

    @Test(
        "redirects are followed by default: a 307 → 302 → 303 chain ends in a GET of /echo, each hop traced with its status and Location"
    )
    func redirectsFollowedByDefault() throws {
        let server = try LoopbackServer.shared()
        let chain = Self.chain(server, statuses: [307, 302, 303], to: "/echo")
        let result = try send(["PUT", chain, "--data", "x=1", "--trace", "--timings"])
        #expect(result.status == 0, "\(result.stderr)")
        let echo = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(echo?["method"] as? String == "GET")
        #expect(echo?["path"] as? String == "/echo")
        #expect(result.stderr.contains("(3 redirects)"), "\(result.stderr)")
        for status in ["307", "302", "303"] {
            #expect(result.stderr.contains("\(status) → /"), "hop \(status) missing: \(result.stderr)")
        }
        #expect(result.stderr.contains("303 → /echo"), "\(result.stderr)")
        let plainGet = try send([server.url("/redirect/3").absoluteString])
        #expect(plainGet.status == 0)
        #expect(plainGet.stdout.contains(#""path": "/redirect/0""#))
    }

    @Test(
        "--no-follow prints the redirect itself; a loop and a chain past --max-redirects fail as too many redirects, exit 3"
    )
    func redirectLimitAndNoFollow() throws {
        let server = try LoopbackServer.shared()
        let first = try send([server.url("/temporary-redirect").absoluteString, "--no-follow", "--include"])
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("HTTP/1.1 307 Temporary Redirect\n"), "\(first.stdout)")
        #expect(first.stdout.contains("\nLocation: /echo\n"))
        let loop = try send([server.url("/redirect-loop").absoluteString, "--timeout", "10"])
        #expect(loop.status == 3)
        #expect(loop.stderr.contains("Too many redirects"), "\(loop.stderr)")
        let limited = try send([server.url("/redirect/3").absoluteString, "--max-redirects", "2"])
        #expect(limited.status == 3)
        #expect(limited.stderr.contains("Too many redirects"), "\(limited.stderr)")
        let within = try send([server.url("/redirect/2").absoluteString, "--max-redirects", "2"])
        #expect(within.status == 0, "\(within.stderr)")
        #expect(try send([server.url("/echo").absoluteString, "--max-redirects", "101"]).status == 2)
        #expect(try send([server.url("/echo").absoluteString, "--follow", "--no-follow"]).status == 2)
    }

    /// A URL on `server` that redirects with each of `statuses` in turn (`/redirect-to` nested), then to `target`.
    static func chain(_ server: LoopbackServer, statuses: [Int], to target: String) -> String {
        var location = target
        for status in statuses.reversed() {
            let encoded = location.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? location
            location = "/redirect-to?status=\(status)&location=\(encoded)"
        }
        return server.url(location).absoluteString
    }

    @Test("--follow refuses a redirect to ftp:// or file://: exit 3, the error names the scheme, nothing fetched")
    func followRefusesOtherSchemes() throws {
        let server = try LoopbackServer.shared()
        for scheme in ["ftp", "file"] {
            for method in ["GET", "PUT"] {
                let result = try send([
                    method, server.url("/redirect-off-http/\(scheme)").absoluteString, "--follow", "--timeout", "5",
                ])
                #expect(result.status == 3, "\(method) → \(scheme): \(result.stderr)")
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.contains("Redirect refused"), "\(result.stderr)")
                #expect(result.stderr.contains("scheme \"\(scheme)\""))
                #expect(!result.stderr.contains("root:"))
            }
        }
    }

    @Test("no escape from the server reaches the output raw: a Location in an error, headers with -i (one per line)")
    func hostileTextIsVisible() throws {
        let server = try LoopbackServer.shared()
        let location = "/x\u{1B}]0;pwned\u{07}\u{1B}]52;c;cHduZWQ=\u{07}\u{9B}2J\u{202E}"
        let encoded = location.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? location
        let followed = try send([server.url("/redirect-to?status=302&location=\(encoded)").absoluteString, "--follow"])
        #expect(!Self.hasRawControl(followed.stderr), "\(followed.stderr.debugDescription)")
        // A Location libcurl cannot parse came from the server: no response (3), not a usage error.
        let unparsable = "\u{1B}]0;pwned\u{07}http://127.0.0.1:1/\u{1B}[2J"
        let encodedUnparsable = unparsable.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? unparsable
        let refused = try send([
            server.url("/redirect-to?status=302&location=\(encodedUnparsable)").absoluteString, "--follow",
        ])
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(!Self.hasRawControl(refused.stderr), "\(refused.stderr.debugDescription)")

        let included = try send([server.url("/hostile").absoluteString, "-i"])
        #expect(included.status == 0)
        let head = included.stdout.components(separatedBy: "\n\n")[0]
        #expect(!Self.hasRawControl(head), "\(head.debugDescription)")
        #expect(head.contains("\nX-Evil: a␛]0;pwned␇b␛[2J\nX-Next: c"))
    }

    /// Whether `text` holds ESC, BEL, a C1 control or a bidi control (line feeds allowed).
    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
        }
    }

    @Test("-F f=@FIFO and --data-file from a FIFO or a device are usage errors, not a hang or an empty body")
    func uploadsThatHang() throws {
        let server = try LoopbackServer.shared()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-send-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let url = server.url("/echo").absoluteString
        for arguments in [["-F", "f=@\(fifo)"], ["--data-file", fifo], ["--data-file", "/dev/zero"]] {
            let result = try send([url, "--timeout", "3"] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("not a regular file"), "\(arguments): \(result.stderr)")
        }
    }

    @Test("-o to a path that cannot be created names that path, not the temporary folder")
    func outputToUnwritablePath() throws {
        let server = try LoopbackServer.shared()
        let missing = "/nonexistent-\(UUID().uuidString)/body.bin"
        let result = try send([server.url("/json").absoluteString, "-o", missing])
        #expect(result.status == 3)
        #expect(result.stderr.contains("Could not save the body"))
        #expect(result.stderr.contains("cannot create \(missing): No such file or directory"), "\(result.stderr)")
        #expect(!result.stderr.contains("TMPDIR"))
    }

    @Test("-o keeps the old file when the transfer fails, and leaves no part of the new body behind")
    func outputIsReplacedOnlyByAWholeBody() throws {
        let server = try LoopbackServer.shared()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-o-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("keep.txt")
        try Data("GOOD\n".utf8).write(to: file)
        // 100 of the 1,000 bytes promised, then the connection closes.
        let failed = try send([server.url("/close-mid-body").absoluteString, "-o", file.path])
        #expect(failed.status == 3)
        #expect(try String(contentsOf: file, encoding: .utf8) == "GOOD\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["keep.txt"])
        // A whole body replaces it, keeping its permissions.
        chmod(file.path, 0o600)
        let saved = try send([server.url("/bytes?size=777").absoluteString, "-o", file.path])
        #expect(saved.status == 0)
        #expect(try Data(contentsOf: file).count == 777)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["keep.txt"])
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A device is written, not replaced.
        #expect(try send([server.url("/bytes?size=10").absoluteString, "-o", "/dev/null"]).status == 0)
    }

    @Test("existing %XX escapes in the URL are kept; only what must be is encoded")
    func urlEscapesKept() throws {
        let server = try LoopbackServer.shared()
        let result = try send(["http://127.0.0.1:\(server.port)/echo?q=%41|b&r=%2F"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""target": "/echo?q=%41%7Cb&r=%2F""#), "\(result.stdout)")
    }

    /// Issue 35: SIGTERM and SIGHUP left the 165 MB `lazer-body-*` spill file in `$TMPDIR`.
    @Test(
        "SIGINT, SIGTERM or SIGHUP during a download to a temporary file exits 128 + the signal, no file left behind",
        arguments: [SIGINT, SIGTERM, SIGHUP])
    func interruptRemovesTemporaryFile(signalNumber: Int32) throws {
        let server = try LoopbackServer.shared()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = LazerBinary.productsDirectory.appendingPathComponent("lazer")
        // Declared far over the memory limit, so the body goes to a temporary file from its first byte.
        process.arguments = ["send", server.url("/stall?sent=65536&declared=1000000000000&seconds=60").absoluteString]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder.path]) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline,
            (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty ?? true
        {
            usleep(5_000)
        }
        #expect(try !FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "no temporary file appeared")
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signalNumber)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test("--timings prints the breakdown on stderr; --output writes the body to a file")
    func timingsAndOutput() throws {
        let server = try LoopbackServer.shared()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try send([server.url("/bytes?size=123456").absoluteString, "--timings", "-o", file.path])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Timings:"))
        #expect(result.stderr.contains("Total"))
        #expect(result.stderr.contains("Saved 123456 bytes to \(file.path)"))
        #expect(try Data(contentsOf: file).count == 123_456)
    }

    @Test("transport failures exit 3 with the translated error on stderr")
    func transportFailures() throws {
        let server = try LoopbackServer.shared()
        let port = try closedPort()
        let refused = try send(["http://127.0.0.1:\(port)/"])
        #expect(refused.status == 3)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("lazer send: Connection refused"))
        #expect(refused.stderr.contains("Hint: "))

        let slow = try send([server.url("/slow?seconds=10").absoluteString, "--timeout", "0.3"])
        #expect(slow.status == 3)
        #expect(slow.stderr.contains("Request timed out"))
    }

    @Test("HTTPS with a self-signed certificate: exit 3 untrusted; 0 with --cacert; 0 with --insecure")
    func tls() throws {
        let server = try LoopbackServer.shared()
        let url = server.tlsURL("/json").absoluteString
        let untrusted = try send([url])
        #expect(untrusted.status == 3)
        #expect(untrusted.stderr.contains("Certificate not trusted"))
        #expect(try send([url, "--cacert", server.certificate.certificateFile.path]).status == 0)
        #expect(try send([url, "--insecure"]).status == 0)
    }

    @Test("a server that asks for a client certificate: refused without, answered with --cert and --key")
    func clientCertificate() throws {
        let server = try LoopbackServer.shared()
        let url = server.mutualTLSURL("/json").absoluteString
        let ca = server.certificate.certificateFile.path
        #expect(try send([url, "--cacert", ca]).status == 3)
        let answered = try send([
            url, "--cacert", ca, "--cert", server.clientCertificate.certificateFile.path, "--key",
            server.clientCertificate.keyFile.path,
        ])
        #expect(answered.status == 0, "\(answered.stderr)")
        let lonelyKey = try send([url, "--key", server.clientCertificate.keyFile.path])
        #expect(lonelyKey.status == 2)
        #expect(lonelyKey.stderr.contains("--key needs --cert"))
    }

    @Test("an expired certificate and one for another host: exit 3 with their own translated errors")
    func certificateFailures() throws {
        let server = try LoopbackServer.shared()
        let authority = server.certificateAuthority.certificateFile.path
        let expired = try send([server.expiredTLSURL("/json").absoluteString, "--cacert", authority])
        #expect(expired.status == 3)
        #expect(expired.stdout.isEmpty)
        #expect(expired.stderr.contains("lazer send: Certificate expired"))
        #expect(expired.stderr.contains("certificate has expired"))
        let wrongHost = try send([server.wrongHostTLSURL("/json").absoluteString, "--cacert", authority])
        #expect(wrongHost.status == 3)
        #expect(wrongHost.stderr.contains("lazer send: Certificate is for another host"))
        #expect(try send([server.expiredTLSURL("/json").absoluteString, "--insecure"]).status == 0)
    }

    @Test("--proxy socks5h:// and socks5:// send through the SOCKS5 proxy; a dead one exits 3 with its translation")
    func socksProxy() throws {
        let server = try LoopbackServer.shared()
        let url = "http://lazer-cli-socks.invalid:\(server.port)/echo"
        let proxied = try send([url, "--proxy", server.socksProxy(scheme: "socks5h")])
        #expect(proxied.status == 0)
        #expect(proxied.stdout.contains(#""target": "/echo""#))
        let authenticated = try send([url, "--proxy", server.authenticatedSocksProxy()])
        #expect(authenticated.status == 0)
        let local = try send([server.url("/json").absoluteString, "--proxy", server.socksProxy(scheme: "socks5")])
        #expect(local.status == 0)
        #expect(local.stdout.contains(#""name": "lazer""#))

        let dead = try send([url, "--proxy", "socks5h://127.0.0.1:\(try closedPort())"])
        #expect(dead.status == 3)
        #expect(dead.stderr.contains("lazer send: Proxy failed"))
    }

    @Test("--proxy https:// with --proxy-cacert goes through a TLS proxy; without the CA it exits 3 'Proxy failed'")
    func httpsProxy() throws {
        let server = try LoopbackServer.shared()
        let url = "http://lazer-cli-https-proxy.invalid:\(server.port)/json"
        let proxy = "https://127.0.0.1:\(server.tlsPort)"
        let trusted = try send([url, "--proxy", proxy, "--proxy-cacert", server.certificate.certificateFile.path])
        #expect(trusted.status == 0)
        #expect(trusted.stdout.contains(#""name": "lazer""#))
        let untrusted = try send([url, "--proxy", proxy])
        #expect(untrusted.status == 3)
        #expect(untrusted.stderr.contains("lazer send: Proxy failed"))
    }

    @Test("--http2 against a real h2 server (nginx) prints an HTTP/2 status line")
    func http2() throws {
        let server = try HTTP2Server.shared()
        let caFile = server.backend.certificate.certificateFile.path
        let result = try send([server.url("/json").absoluteString, "--http2", "--cacert", caFile])
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("HTTP/2 200"))
        #expect(result.stdout.contains(#""name": "lazer""#))
    }

    @Test(
        "usage errors exit 2 with a message naming the problem",
        arguments: [
            (["--json", "{bad", "http://127.0.0.1:1/"], "--json is not valid JSON"),
            (["http://127.0.0.1:1/", "-d", "a", "--json", "{}"], "Give only one of"),
            (["http://127.0.0.1:1/", "-H", "NoColon"], "expected 'Name: value'"),
            (["http://127.0.0.1:1/", "--data-file", "/nonexistent/file"], "no such readable file"),
            (["http://127.0.0.1:1/", "--proxy-cacert", "/nonexistent/ca.pem"], "--proxy-cacert /nonexistent/ca.pem"),
            (["ftp://127.0.0.1/x"], "only http:// and https://"),
            (["GET"], "Missing URL after GET"),
            (["GET", "http://127.0.0.1:1/", "extra"], "Expected [METHOD] URL"),
            (["http://127.0.0.1:1/", "--timeout", "0"], "--timeout must be a positive"),
            (["http://127.0.0.1:1/", "--timeout", "1e16"], "--timeout must be a positive number of seconds, at most"),
            (["http://127.0.0.1:1/", "--timeout", "nan"], "--timeout must be a positive"),
            (["http://127.0.0.1:1/", "--timeout", "inf"], "--timeout must be a positive"),
            (["http://127.0.0.1:99999/"], "the port 99999 is not between 0 and 65535"),
            (["http://127.0.0.1:1/", "-H", "X: a\u{01}b"], "Invalid header value"),
            (["http://127.0.0.1:1/", "-H", "X: a\u{1B}]0;t\u{07}"], "Invalid header value"),
            (["http://127.0.0.1:1/", "-H", "X: a\u{7F}"], "Invalid header value"),
            (["http://127.0.0.1:1/", "--bogus"], "--bogus"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try send(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message))
        // Its own usage, not the root's `lazer <subcommand>` (-H's errors showed that).
        #expect(result.stderr.contains("Usage: lazer send "), "\(result.stderr)")
    }

    @Test("http_proxy and https_proxy from the environment are honoured, and no_proxy bypasses them")
    func environmentProxy() throws {
        let server = try LoopbackServer.shared()
        var environment = ProcessInfo.processInfo.environment
        environment["http_proxy"] = "http://127.0.0.1:\(server.port)"
        environment["no_proxy"] = ""
        let proxied = try LazerBinary.run(["send", "http://lazer-proxy-test.invalid/echo"], environment: environment)
        #expect(proxied.status == 0)
        #expect(proxied.stdout.contains(#""target": "http://lazer-proxy-test.invalid/echo""#))

        // https_proxy: an HTTPS URL goes through the proxy's CONNECT tunnel (the name resolves only there).
        environment["https_proxy"] = "http://127.0.0.1:\(server.port)"
        let tunnelled = try LazerBinary.run(
            ["send", "https://lazer-env-proxy.invalid:\(server.tlsPort)/json", "--insecure"], environment: environment)
        #expect(tunnelled.status == 0)
        #expect(tunnelled.stdout.contains(#""name": "lazer""#))

        environment["http_proxy"] = "http://127.0.0.1:\(try closedPort())"
        environment["no_proxy"] = "127.0.0.1"
        let bypassed = try LazerBinary.run(["send", server.url("/json").absoluteString], environment: environment)
        #expect(bypassed.status == 0)
        #expect(bypassed.stdout.contains(#""name": "lazer""#))
    }

    @Test("--help documents the exit codes")
    func help() throws {
        let result = try send(["--help"])
        #expect(result.status == 0)
        for line in [
            "0  a 1xx, 2xx or 3xx response", "4  a 4xx response", "5  a 5xx response (or a status above 599)",
            "3  no response", "2  usage error",
        ] {
            #expect(result.stdout.contains(line))
        }
    }
}

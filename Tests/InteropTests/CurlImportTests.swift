import HTTPCore
import Interop
import Testing
import Workspace

/// The curl importer on the quirks of pasted commands (what is sent is checked against the real
/// curl in `CurlVersusLazerTests`).
@Suite struct CurlImportTests {
    private func requests(_ text: String) throws -> [SavedRequest] {
        try CurlImport.requests(from: Fixtures.source(text, name: "paste")).requests
    }

    private func report(_ text: String) throws -> [String] {
        try CurlImport.requests(from: Fixtures.source(text, name: "paste")).report.items.map(\.description)
    }

    @Test func schemeLessURLsGetHTTP() throws {
        #expect(try requests("curl example.com/api?x=1").first?.url == "http://example.com/api?x=1")
        #expect(try requests("curl localhost:8080").first?.url == "http://localhost:8080")
    }

    @Test func methodsFollowCurl() throws {
        #expect(try requests("curl -I example.com")[0].method == .head)
        #expect(try requests("curl -d a=1 example.com")[0].method == .post)
        #expect(try requests("curl -T f.txt example.com/up/")[0].method == .put)
        #expect(try requests("curl -T f.txt example.com/up/")[0].url == "http://example.com/up/f.txt")
        #expect(try requests("curl -G -d a=1 example.com")[0].method == .get)
        #expect(try requests("curl -X PATCH example.com")[0].method == .patch)
        // curl puts -X on the request line exactly as written, so `-X patch` is not PATCH.
        #expect(try requests("curl -X patch example.com")[0].method.rawValue == "patch")
        #expect(try requests("curl --request DELETE example.com")[0].method == .delete)
    }

    @Test func aCustomMethodIsImportedAsWritten() throws {
        let request = try requests("curl -X PURGE example.com/cache/a")[0]
        #expect(request.method.rawValue == "PURGE" && !request.method.isStandard)
        #expect(request.url == "http://example.com/cache/a")
        #expect(try requests("curl --request PROPFIND -d '<x/>' example.com")[0].method.rawValue == "PROPFIND")
    }

    @Test func aMethodThatIsNoTokenIsAPositionedError() throws {
        let error = try #require(throws: ImportError.self) { try requests("curl \\\n  -X 'GE T' example.com") }
        #expect(error.location.line == 2 && error.location.column == 6)
        #expect(error.description.hasPrefix("paste:2:6: method GE T is not an HTTP token"))
    }

    @Test func unterminatedQuotesArePositioned() throws {
        let single = try #require(throws: ImportError.self) { try requests("curl 'example.com") }
        #expect(single.description == "paste:1:6: unterminated single quote")
        let double = try #require(throws: ImportError.self) { try requests("curl -H \"X: y") }
        #expect(double.description == "paste:1:9: unterminated double quote")
        let ansi = try #require(throws: ImportError.self) { try requests("curl $'abc") }
        #expect(ansi.description == "paste:1:6: unterminated $'…' quote")
    }

    @Test func quotingAndContinuations() throws {
        let text =
            "curl \\\r\n  'https://x.test/a b' \\\n  -H \"X-A: \\\"1\\\"\" -H $'X-B: \\x41\\u00e9\\n' -H X-C:\\ d"
        let request = try #require(try requests(text).first)
        #expect(request.url == "https://x.test/a b")
        #expect(request.headers.map(\.value) == ["\"1\"", "Aé", "d"])
    }

    @Test func aTerminalPasteWithCarriageReturns() throws {
        let made = try requests("curl -X POST \\\r  -H 'X-A: 1' \\\r  https://a.test/1\rcurl https://a.test/2\r")
        #expect(made.map(\.url) == ["https://a.test/1", "https://a.test/2"])
        #expect(made[0].headers == [KeyValueRow(name: "X-A", value: "1")])
    }

    @Test func severalCommandsInOnePaste() throws {
        let text = """
            $ curl https://a.test/1
            curl https://a.test/2 && curl https://a.test/3; echo done
            curl https://a.test/4 | jq .
            # a comment
            curl https://a.test/5 > out.json 2>&1
            """
        #expect(try requests(text).map(\.url) == (1...5).map { "https://a.test/\($0)" })
        let items = try report(text)
        #expect(
            items == [
                "paste:2: shell command echo (not a curl command) (skipped)",
                "paste:3: shell command jq (not a curl command) (skipped)",
            ])
    }

    @Test func nextStartsAnotherRequest() throws {
        let made = try requests("curl -X POST -d a=1 https://a.test/1 --next https://a.test/2")
        #expect(made.map(\.method) == [.post, .get])
        #expect(made[1].body == .empty)
    }

    @Test func shellVariablesBecomeLazerVariables() throws {
        let text = "TOKEN=abc curl -H \"Authorization: Bearer $TOKEN\" \"$BASE/users/${ID}\""
        let request = try #require(try requests(text).first)
        #expect(request.url == "http://{{BASE}}/users/{{ID}}")
        #expect(request.headers == [KeyValueRow(name: "Authorization", value: "Bearer {{TOKEN}}")])
        let items = try report(text)
        #expect(items.count == 3)
        #expect(
            items.contains(
                "paste:1:19: shell variable $TOKEN (as {{TOKEN}}: define it in the collection or set LAZER_VAR_TOKEN)"))
    }

    @Test func authenticationAndOptions() throws {
        let request = try #require(
            try requests(
                "curl -k -L --max-redirs 3 -m 2.5 --connect-timeout 1 -x proxy:3128 --cacert certs/ca.pem --http2 "
                    + "-u ada:pw https://a.test"
            ).first)
        #expect(request.auth == SavedAuth(.basic(username: "ada", password: "pw")))
        #expect(
            request.options
                == SavedOptions(
                    timeoutSeconds: 2.5, connectTimeoutSeconds: 1, followRedirects: true, maxRedirects: 3,
                    verifyTLS: false,
                    proxy: "http://proxy:3128", caFile: "certs/ca.pem", httpVersion: .http2))
        #expect(
            try requests("curl --digest -u ada:pw a.test")[0].auth
                == SavedAuth(.digest(username: "ada", password: "pw")))
        #expect(try requests("curl --oauth2-bearer t0k a.test")[0].auth == SavedAuth(.bearer(token: "t0k")))
        let inURL = try requests("curl https://ada:p%40ss@a.test/x")[0]
        #expect(inURL.url == "https://a.test/x")
        #expect(inURL.auth == SavedAuth(.basic(username: "ada", password: "p@ss")))
    }

    @Test func headersFromShortOptions() throws {
        let request = try #require(
            try requests("curl -A 'agent/1' -e 'https://ref.test/;auto' -b 'a=1' -b 'b=2' -r 0-9 a.test").first)
        #expect(
            request.headers == [
                KeyValueRow(name: "User-Agent", value: "agent/1"),
                KeyValueRow(name: "Referer", value: "https://ref.test/"),
                KeyValueRow(name: "Range", value: "bytes=0-9"), KeyValueRow(name: "Cookie", value: "a=1; b=2"),
            ])
    }

    @Test func bodiesKeepTheirBytes() throws {
        #expect(
            try requests("curl -d 'a=1&b=x+y' a.test")[0].body
                == SavedBody(.formURLEncoded([.init(name: "a", value: "1"), .init(name: "b", value: "x y")])))
        #expect(
            try requests("curl -d 'a=1 2' a.test")[0].body
                == SavedBody(.text("a=1 2", contentType: "application/x-www-form-urlencoded")))
        #expect(try requests("curl --json '{\"a\": 1}' a.test")[0].body == SavedBody(.jsonText("{\"a\": 1}")))
        #expect(
            try requests("curl --json '{}' a.test")[0].headers == [
                KeyValueRow(name: "Accept", value: "application/json")
            ])
        let xml = try requests("curl -H 'Content-Type: application/xml' -d '<a/>' a.test")[0]
        #expect(xml.body == SavedBody(.text("<a/>", contentType: nil)))
        #expect(xml.headers == [KeyValueRow(name: "Content-Type", value: "application/xml")])
    }

    @Test func whatCannotBeCarriedIsReported() throws {
        let items = try report(
            "curl --capath c/x --resolve a.test:443:127.0.0.1 --frobnicate -H 'Accept:' -b jar.txt -d @missing.txt a.test"
        )
        #expect(
            items == [
                "paste:1:6: curl option --capath c/x: CA folders are not stored in collections (--cacert files are)",
                "paste:1:19: curl option --resolve a.test:443:127.0.0.1: host overrides are not stored in collections",
                "paste:1:50: curl option --frobnicate (unknown) (ignored)",
                "paste:1:66: -H 'Accept:' removes curl's own Accept header (not carried)",
                "paste:1:79: cookie file jar.txt (-b) (not read)",
                "paste:1:90: file missing.txt (not found) (sent empty)",
            ])
    }

    @Test func headersLazerCannotSendAreReported() throws {
        let text = "curl -H 'Bad Name: 1' -H $'X-Split: a\\nb' -H 'X-{{part}}: ok' https://a.test"
        #expect(try requests(text)[0].headers == [KeyValueRow(name: "X-{{part}}", value: "ok")])
        #expect(
            try report(text) == [
                "paste:1:9: header name \"Bad Name\" is not a valid HTTP field name (not carried)",
                "paste:1:26: header X-Split has a line break or control character in its value (not carried)",
            ])
    }

    @Test func outputOptionsChangeNothing() throws {
        let plain = try requests("curl https://a.test")[0]
        var noisy = try requests("curl -sSfv -o out.json -w '%{http_code}' --compressed https://a.test")[0]
        noisy.id = plain.id
        #expect(noisy == plain)
        #expect(try report("curl -sSfv -o out.json -w '%{http_code}' https://a.test").isEmpty)
    }

    @Test func noURLIsAnError() throws {
        let error = try #require(throws: ImportError.self) { try requests("curl -X POST") }
        #expect(error.message == "no curl command with a URL found")
        #expect(throws: ImportError.self) { try requests("") }
        #expect(throws: ImportError.self) { try requests("curl -H") }
    }

    @Test func looksLikeACommand() {
        #expect(CurlImport.looksLikeCommand("curl https://a.test"))
        #expect(CurlImport.looksLikeCommand("  $ curl -X POST a"))
        #expect(!CurlImport.looksLikeCommand("https://a.test/curl"))
        #expect(!CurlImport.looksLikeCommand("curly"))
    }

    @Test func importIsByteStable() throws {
        let source = Fixtures.source("curl https://a.test/1\ncurl -d x=1 https://a.test/2", name: "paste.txt")
        let first = try CurlImport.importCollection(source, options: ImportOptions()).collection.fileText()
        let second = try CurlImport.importCollection(source, options: ImportOptions()).collection.fileText()
        #expect(first == second)
        #expect(CollectionLoader.load(Array(first.utf8), file: "x.json").collection != nil)
    }

    @Test func aCAFileExportsAsCacertAndImportsBack() throws {
        var collection = RequestCollection(id: "c", name: "C")
        collection.requests = [SavedRequest(id: "r", name: "R", method: .get, url: "https://intranet.example/x")]
        collection.requests[0].options.caFile = "certs/corp-ca.pem"
        let output = CurlExport.output(
            ExportInput(
                document: CollectionDocument(
                    path: "/tmp/c.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))))
        let text = String(decoding: output.bytes, as: UTF8.self)
        // Resolved against the collection's folder: the command works from any directory.
        #expect(text.contains("--cacert '/tmp/certs/corp-ca.pem'"), "\(text)")
        let command = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")
        #expect(try requests(command)[0].options.caFile == "/tmp/certs/corp-ca.pem")
    }

    @Test func aClientCertificateImportsAndExportsBackWithoutItsPassphrase() throws {
        let imported = try requests(#"curl -E 'certs/me\:2026.pem:hunter22' --key certs/me-key.pem https://a.test/x"#)[
            0]
        #expect(imported.options.clientCertificate == "certs/me:2026.pem")
        #expect(imported.options.clientKey == "certs/me-key.pem")
        #expect(imported.options.clientKeyPassphrase == nil)
        let items = try report(#"curl --cert me.pem:hunter22 --pass hunter23 --proxy-user u:hunter24 https://a.test"#)
        #expect(items.count == 3, "\(items)")
        #expect(items.first?.contains("--cert me.pem:••••••: the passphrase is not stored") == true, "\(items)")
        #expect(items.allSatisfy { !$0.contains("hunter") }, "\(items)")

        var collection = RequestCollection(id: "c", name: "C")
        collection.variables = [Variable(name: "keyPass", value: "s3cret-pass", secret: true)]
        collection.requests = [SavedRequest(id: "r", name: "R", method: .get, url: "https://intranet.example/x")]
        collection.requests[0].options.clientCertificate = "certs/me:2026.pem"
        collection.requests[0].options.clientKey = "certs/me-key.pem"
        collection.requests[0].options.clientKeyPassphrase = "{{keyPass}}"
        let output = CurlExport.output(
            ExportInput(
                document: CollectionDocument(
                    path: "/tmp/c.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))))
        let text = String(decoding: output.bytes, as: UTF8.self)
        #expect(text.contains(#"--cert '/tmp/certs/me\:2026.pem'"#), "\(text)")
        #expect(text.contains("--key '/tmp/certs/me-key.pem'"), "\(text)")
        #expect(text.contains("--pass \"$LAZER_VAR_keyPass\""), "\(text)")
        #expect(!text.contains("s3cret-pass"))
        let command = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")
        let back = try requests(command)[0]
        #expect(back.options.clientCertificate == "/tmp/certs/me:2026.pem")
        #expect(back.options.clientKey == "/tmp/certs/me-key.pem")
    }
}

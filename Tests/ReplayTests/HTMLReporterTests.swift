import Foundation
import Replay
import Testing
import Workspace

/// `lazer run --reporter html`: the numbers, hostile text shown as text, secrets masked, bodies cut.
@Suite struct HTMLReporterTests {
    static let hostile = "<script>document.title='pwned'</script></textarea><img src=x onerror=alert(1)>"

    /// A failed request whose every text came from a hostile server or collection.
    static func hostileReport() -> RunReport {
        var result = RequestResult(
            collectionName: "Evil <b>", collectionID: "c", collectionFile: "evil.json", folderPath: ["<i>f</i>"],
            requestID: "r", name: "\(hostile)", method: "GET", url: "javascript:alert(1)//\u{1B}[31m",
            environment: nil, status: .failed, responseStatus: 200, responseReason: "OK \(hostile)",
            duration: .milliseconds(5), attempts: 1,
            checks: [
                CheckResult(
                    subject: "body", path: nil, op: "equals", label: "body", passed: false, expected: "safe",
                    actual: hostile + "\u{7}\u{202E}")
            ])
        result.phases = [ExchangePhase(name: "Wait</text><script>x()</script>", milliseconds: 3)]
        result.details = ExchangeDetails(
            requestHeaders: [.init(name: "X-Evil", value: hostile)], requestBody: nil,
            responseHeaders: [.init(name: "Content-Type", value: "text/html")],
            responseBody: .init(text: hostile + "\n\u{0}\u{1B}]0;title\u{7}", size: 120, binary: false))
        return RunReport(
            results: [result], environment: nil, startedAt: Date(timeIntervalSince1970: 0), duration: .zero)
    }

    @Test("markup, javascript: URLs and control characters from a server or a collection show as text")
    func escapesEverything() {
        let html = HTMLReporter().report(Self.hostileReport())
        // The only tags are the report's own: none of the hostile ones, not even escaped inside a tag.
        #expect(!html.contains("<script"))
        #expect(!html.contains("</textarea"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>") && !html.contains("<i>"))
        #expect(!html.contains("href=\"javascript:"))
        #expect(html.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;&lt;/textarea&gt;"))
        #expect(html.contains("javascript:alert(1)//"))
        // No control, bidi or NUL character reaches the page raw.
        #expect(!html.unicodeScalars.contains { [0x1B, 0x07, 0x00, 0x202E].contains($0.value) })
        // Scripts are forbidden by the page's policy whatever it holds.
        #expect(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'\""))
    }

    @Test("a request's scripts: what pm.sendRequest sent and the console, as text")
    func scriptsSentAndLogged() {
        var report = Self.hostileReport()
        var sent = ScriptSentRequest(url: "http://127.0.0.1:9/token?q=<b>")
        sent.method = "POST"
        sent.status = 201
        sent.duration = .milliseconds(3)
        report.results[0].scriptRequests = [
            ScriptRequestRecord(stage: .test, sent, redactor: Redactor(secrets: [String]()))
        ]
        report.results[0].scriptConsole = ["log: first line", "warn: \(Self.hostile)"]
        let html = HTMLReporter().report(report)
        #expect(html.contains("<h3>Scripts</h3>"))
        #expect(
            html.contains(
                "<li>test pm.sendRequest POST http://127.0.0.1:9/token?q=&lt;b&gt; → 201 (3 ms)</li>"))
        #expect(html.contains("<pre class=\"script-console\">log: first line\nwarn: &lt;script&gt;"))
        #expect(!html.contains("<script"))
        #expect(!HTMLReporter().report(Self.hostileReport()).contains("<h3>Scripts</h3>"))
    }

    @Test("the summary's numbers and a failed check's expected and actual values")
    func numbers() {
        let html = HTMLReporter().report(ReporterTests.sample)
        for (id, value) in [
            ("requests", "5"), ("passed", "1"), ("failed", "1"), ("errors", "1"), ("not-sent", "1"),
            ("skipped", "1"), ("checks", "3"), ("checks-failed", "2"), ("duration", "1.56 s"),
            ("environment", "mock"),
        ] {
            #expect(html.contains("<td id=\"summary-\(id)\">\(value)</td>"), "\(id)")
        }
        #expect(html.contains("4 of 5 requests did not pass (exit status 2)"))
        #expect(html.contains("<td class=\"expected\">10.50</td><td class=\"actual\">10.5000001</td>"))
        #expect(html.contains("Connection refused"))
        #expect(html.contains("Cart &lt;items&gt; &amp; &quot;totals&quot;"))
        // One exchange each, the failed ones open.
        #expect(html.components(separatedBy: "<details class=\"exchange").count == 6)
        #expect(html.contains("<details class=\"exchange failed\" id=\"x-2\" open>"))
        #expect(html.contains("<details class=\"exchange passed\" id=\"x-1\">"))
    }

    @Test("past the limit of exchanges in full, those that did not pass are kept first; every request keeps its row")
    func exchangeLimit() {
        var report = ReporterTests.sample
        let passed = report.results[0]
        report.results = [passed, passed, passed, report.results[1], passed]
        let html = HTMLReporter(exchangeLimit: 2).report(report)
        #expect(html.components(separatedBy: "<details class=\"exchange").count == 3)
        #expect(html.contains("<details class=\"exchange failed\" id=\"x-4\" open>"))
        #expect(html.contains("<details class=\"exchange passed\" id=\"x-1\">"))
        #expect(!html.contains("id=\"x-2\"") && !html.contains("href=\"#x-2\""))
        #expect(html.components(separatedBy: "<tr class=\"passed\">").count == 5)
        #expect(html.contains("3 passing exchanges are left out (at most 2 are shown in full"))
        #expect(!HTMLReporter().report(ReporterTests.sample).contains("left out"))
    }

    @Test("a long run's rows and exchanges come in blocks a browser lays out when scrolled to, the header once")
    func blocks() {
        var report = ReporterTests.sample
        let passed = report.results[0]
        report.results = Array(repeating: passed, count: 250)
        let html = HTMLReporter(exchangeLimit: 150).report(report)
        // 250 rows in three blocks of at most 100, 150 exchanges in two: five blocks.
        let blocks = html.components(separatedBy: "<div class=\"block\">").dropFirst()
        #expect(blocks.count == 5)
        #expect(html.components(separatedBy: "<th>result</th>").count == 2)
        let rowCounts = blocks.prefix(3).map { $0.components(separatedBy: "<tr class=\"passed\">").count - 1 }
        #expect(rowCounts == [100, 100, 50])
        let exchangeCounts = blocks.suffix(2).map { $0.components(separatedBy: "<details class=\"exchange").count - 1 }
        #expect(exchangeCounts == [100, 50])
        // Every block is closed, each row table with the same fixed columns.
        #expect(html.components(separatedBy: "</div>").count - 1 == 5)
        #expect(html.components(separatedBy: "<colgroup>").count - 1 == 3)
        #expect(html.contains("div.block{content-visibility:auto"))
    }

    @Test("a body past the limit is cut, and the report says how large it was")
    func cutBodies() {
        let big = [UInt8](repeating: UInt8(ascii: "a"), count: 10_000)
        let body = ExchangeDetails.Body.shown(big, redactor: .init(secrets: []))
        #expect(body.text.utf8.count == ExchangeDetails.bodyLimit && body.size == 10_000 && body.cut)
        var report = ReporterTests.sample
        report.results[0].details = ExchangeDetails(requestHeaders: [], requestBody: nil, responseBody: body)
        let html = HTMLReporter().report(report)
        #expect(html.contains("Cut after 2048 bytes: the body has 10000 bytes in all."))
        #expect(!html.contains(String(repeating: "a", count: 2049)))
        // A cut never splits a character; a body that is not text is not shown.
        let accents = Array(String(repeating: "é", count: 2000).utf8)
        #expect(
            ExchangeDetails.Body.shown(accents, redactor: .init(secrets: [])).text
                == String(repeating: "é", count: 1024))
        let binary = ExchangeDetails.Body.shown([0xFF, 0x00, 0x10], redactor: .init(secrets: []))
        #expect(binary.binary && binary.size == 3 && binary.text.isEmpty)
    }

    @Test("a secret cut by the limit is masked whole: masked before the cut")
    func maskedBeforeCut() {
        let secret = "s3cr3t-value-42"
        let text = String(repeating: "x", count: ExchangeDetails.bodyLimit - 5) + secret
        let body = ExchangeDetails.Body.shown(Array(text.utf8), redactor: .init(secrets: [secret]))
        #expect(!body.text.contains("s3cr3"))
        // A masked secret changes the length: a body shorter than the limit is still whole.
        let short = ExchangeDetails.Body.shown(Array("key=\(secret)".utf8), redactor: .init(secrets: [secret]))
        #expect(short.text == "key=••••••" && !short.cut && short.size == 19)
    }

    @Test("a real run's report masks every secret, in headers, URLs and bodies, and shows the exchanges")
    func realRunMasked() async throws {
        let fixture = try ReplayFixture(processEnvironment: ["LAZER_VAR_password": ChainCollection.password])
        let file = try fixture.write(ChainCollection.text, to: "chain.json")
        var configuration = RunConfiguration(recordHistory: false)
        configuration.keepsExchangeDetails = true
        let report = try await fixture.run(
            [file], requests: ["login", "me", "wrong-name"], configuration: configuration)
        #expect(report.results.map(\.status) == [.passed, .passed, .failed])
        #expect(report.results.allSatisfy { $0.details != nil })
        let html = HTMLReporter().report(report)
        #expect(!html.contains(ChainCollection.token))
        #expect(!html.contains(ChainCollection.password))
        #expect(!html.contains("SECRET"))
        #expect(html.contains("<tr><th>Authorization</th><td>••••••</td></tr>"))
        #expect(html.contains("\"name\":\"Ada\""))
        #expect(html.contains("<h3>Response</h3>"))
        // The JSON report carries the same details (what `report merge` turns into HTML), masked too.
        let json = JSONReporter().report(report)
        #expect(!json.contains(ChainCollection.token) && json.contains("\"exchange\""))
    }
}

import Foundation
import Load
import Replay
import Testing

/// `lazer load --html`: the report of a run built from fixed results (no timing in it) is the
/// golden file a person has read (`RECORD_GOLDEN=1` rewrites it); the page loads nothing and runs
/// nothing; hostile request names, check labels and error texts show as text, their control and
/// bidi characters visible.
@Suite struct LoadHTMLReportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Golden/"

    static func result(name: String, status: RequestResult.Status, code: Int?, check: String = "status")
        -> RequestResult
    {
        RequestResult(
            collectionName: "Shop", collectionID: "shop", collectionFile: "shop.json", folderPath: [], requestID: name,
            name: name, method: "GET", url: "http://127.0.0.1/", environment: nil, status: status,
            responseStatus: code,
            checks: code == nil
                ? []
                : [
                    .init(
                        subject: "status", path: nil, op: "equals", label: check, passed: code == 200, expected: "200",
                        actual: "\(code ?? 0)")
                ],
            failure: status == .error
                ? .init(
                    kind: "refused", stage: "connect", title: "Connection refused", explanation: "", hint: "",
                    detail: "")
                : nil)
    }

    /// Three seconds of a known run: 10, 20 and 200 ms latencies, a 500, a refused connection.
    static func summary(name: String = "Shop/List", check: String = "status", error: String? = nil) -> LoadSummary {
        let stats = LoadStats()
        let model = LoadModel.open(startRate: 10, stages: [.init(duration: .seconds(3), rate: 10)])
        for index in 0..<30 {
            let latency: Duration =
                index % 10 == 9 ? .milliseconds(200) : index % 3 == 0 ? .milliseconds(20) : .milliseconds(10)
            stats.started(at: .milliseconds(100 * index))
            var result = result(name: name, status: .passed, code: index == 14 ? 500 : 200, check: check)
            if index == 14 { result.status = .failed }
            if index == 22 {
                result = Self.result(name: name, status: .error, code: nil)
                if let error { result.failure?.title = error }
            }
            stats.finished(name, result, latency: latency, at: .milliseconds(100 * index) + latency)
        }
        stats.received(bytes: 4_096)
        return stats.summary(model: model, elapsed: .seconds(3))
    }

    static func report(_ summary: LoadSummary, thresholds: [String] = ["p99<100ms", "errors<5%"]) throws -> String {
        let verdicts = try thresholds.map { try LoadThreshold.parse($0).judge(summary) }
        return LoadHTMLReport(summary: summary, verdicts: verdicts, title: "Shop").html()
    }

    @Test func theReportIsTheGoldenFile() throws {
        let html = try Self.report(Self.summary())
        let path = Self.folder + "load-report.html"
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try Data(html.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html == golden, "the report differs from Golden/load-report.html:\n\(html)")
    }

    @Test func theReportHasEverySectionAndLoadsNothing() throws {
        let html = try Self.report(Self.summary())
        for id in [
            "summary", "thresholds", "latency-over-time", "throughput", "histogram", "percentiles", "statuses",
            "errors", "checks",
        ] {
            #expect(html.contains("<section id=\"\(id)\">"), "no \(id) section")
        }
        #expect(html.contains("<tr class=\"fail\"><td>p99&lt;100ms</td><td>FAILED</td>"))
        #expect(html.contains("<tr class=\"pass\"><td>errors&lt;5%</td><td>passed</td>"))
        #expect(html.contains("<tr><td>Connection refused</td><td>1</td></tr>"))
        #expect(html.contains("<tr><td>500</td><td>1</td></tr>") && html.contains("<tr><td>200</td><td>28</td></tr>"))
        // Self-contained: no script, no link, no URL it could fetch; the policy forbids them anyway.
        for banned in ["<script", "<link", "src=", "href=", "@import", "url("] {
            #expect(!html.contains(banned), "the report holds \(banned)")
        }
        #expect(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'\""))
    }

    @Test func hostileNamesShowAsText() throws {
        let name = "<script>alert(1)</script>\u{202E}gnp.exe\u{9B}2J"
        let summary = Self.summary(name: name, check: "\"><img onerror=x>", error: "</table><b>\u{1B}[31m")
        let html = try Self.report(summary, thresholds: [])
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("<b>"))
        #expect(!html.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{9B}" || $0 == "\u{1B}" })
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;U+202E&gt;gnp.exe&lt;U+009B&gt;2J"))
        #expect(html.contains("&quot;&gt;&lt;img onerror=x&gt;"))
        #expect(html.contains("&lt;/table&gt;&lt;b&gt;\u{241B}[31m"))
    }

    @Test func theHistogramCountsEveryRequestOnce() throws {
        let summary = Self.summary()
        let bars = LoadCharts.histogram(summary.overall, bars: 40)
        #expect(bars.map(\.count).reduce(0, +) == 30)
        #expect(bars.first?.lowerMs ?? 0 <= 10 && bars.last?.upperMs ?? 0 >= 200)
        // By completion second: the 200 ms ones finish in the next second.
        #expect(summary.timeline.map(\.count) == [9, 10, 10, 1])
        #expect(summary.timeline.map(\.errors) == [0, 0, 1, 0])
        #expect(summary.timeline[3].maxMs >= 200 && summary.timeline[0].maxMs < 21)
    }
}

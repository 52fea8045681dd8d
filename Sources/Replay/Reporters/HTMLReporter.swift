import Foundation

/// `lazer run --reporter html`: the run as one self-contained page that works offline (inline CSS,
/// the waterfalls as inline SVG, no script: its policy forbids any). A summary, a table of every
/// request, then each exchange: its checks (expected against actual), failure, captures, timeline
/// and the request and response as sent and received (masked, bodies cut with their size). All text
/// from collections and servers goes through `HTMLText.escape`: a hostile body shows as text.
package struct HTMLReporter: RunReporter {
    /// When the report was written, shown under the summary (nil leaves it out: golden tests).
    package var generated: String?
    /// The most exchanges shown in full (`shownInFull`); every request keeps its row.
    package var exchangeLimit: Int

    package init(generated: String? = nil, exchangeLimit: Int = 1000) {
        self.generated = generated
        self.exchangeLimit = exchangeLimit
    }

    package func finished(_ result: RequestResult, previous: RequestResult?) -> String { "" }

    package func report(_ report: RunReport) -> String {
        var collections: [String] = []
        for result in report.results where !collections.contains(result.collectionName) {
            collections.append(result.collectionName)
        }
        var title = "lazer run"
        if !collections.isEmpty { title += " · " + collections.prefix(3).joined(separator: ", ") }
        if collections.count > 3 { title += " and \(collections.count - 3) more" }
        var page = HTMLText.pageStart(title: title, style: Self.style)
        let shown = Self.shownInFull(report.results, limit: exchangeLimit)
        page.reserveCapacity(report.results.count * 150 + shown.count * 1500)
        page += summary(report)
        page += requestTable(report.results, shown: shown)
        var exchanges = ""
        var inBlock = 0
        for (index, result) in report.results.enumerated() where shown[index] {
            if inBlock == 0 { exchanges += "<div class=\"block\">\n" }
            exchanges += exchange(result, number: index + 1)
            inBlock += 1
            if inBlock == Self.blockSize {
                exchanges += "</div>\n"
                inBlock = 0
            }
        }
        if inBlock > 0 { exchanges += "</div>\n" }
        let left = report.results.count - shown.count { $0 }
        if left > 0 {
            exchanges +=
                "<p class=\"note\" id=\"exchanges-left-out\">\(left) passing exchanges are left out (at most "
                + "\(exchangeLimit) are shown in full, those that did not pass first); their rows above say how "
                + "they went, and the JSON report holds them all.</p>\n"
        }
        page += HTMLText.section(
            "exchanges", "Exchanges", exchanges.isEmpty ? "<p>The run had no requests.</p>\n" : exchanges)
        return page + HTMLText.pageEnd
    }

    /// Which results get their exchange in full: every one that did not pass (up to `limit`), then
    /// passing ones in run order until `limit` — a 10,000-request run stays a page a browser opens
    /// at once (issue 29: ≤ 5 MB), and what went wrong is never the part left out.
    static func shownInFull(_ results: [RequestResult], limit: Int) -> [Bool] {
        var shown = [Bool](repeating: false, count: results.count)
        var count = 0
        for pass in [false, true] {
            for (index, result) in results.enumerated() where count < limit && !shown[index] {
                guard (result.status == .passed || result.status == .skipped) == pass else { continue }
                shown[index] = true
                count += 1
            }
        }
        return shown
    }

    private func summary(_ report: RunReport) -> String {
        let summary = report.summary
        let notPassing = summary.requests - summary.passed
        let verdict =
            report.exitStatus == RunExitStatus.passed
            ? "<p class=\"verdict pass\" id=\"verdict\">Every request passed.</p>\n"
            : "<p class=\"verdict fail\" id=\"verdict\">\(notPassing) of \(summary.requests) requests did not pass "
                + "(exit status \(report.exitStatus)).</p>\n"
        var rows: [(id: String, name: String, value: String)] = [
            ("requests", "Requests", "\(summary.requests)"), ("passed", "Passed", "\(summary.passed)"),
            ("failed", "Failed", "\(summary.failed)"), ("errors", "Without response", "\(summary.errors)"),
            ("not-sent", "Not sent", "\(summary.notSent)"), ("skipped", "Skipped", "\(summary.skipped)"),
            ("checks", "Checks", "\(summary.checks)"), ("checks-failed", "Checks failed", "\(summary.checksFailed)"),
            ("duration", "Time", ReportText.duration(RequestResult.milliseconds(report.duration))),
            ("started", "Started", report.startedAt.formatted(.iso8601)),
        ]
        if let environment = report.environment {
            rows.append(("environment", "Environment", HTMLText.escape(environment)))
        }
        if let generated { rows.append(("generated", "Written", HTMLText.escape(generated))) }
        let cells = rows.map { "<tr><th>\($0.name)</th><td id=\"summary-\($0.id)\">\($0.value)</td></tr>" }
        return HTMLText.section(
            "summary", "Summary",
            verdict + RunWaterfall.outcomeBar(summary) + "<table class=\"facts\">\n" + cells.joined(separator: "\n")
                + "\n</table>\n")
    }

    /// Rows and exchanges go in blocks of this many, each a `div.block` the browser lays out only
    /// when it is scrolled near (`content-visibility: auto`; find in page still reaches them): a
    /// 10,000-request report opened in headless Chromium in 3.4–3.8 s as one table, 1.6–1.8 s so
    /// (`make bench-report`). The row tables share fixed column widths, so the blocks line up.
    static let blockSize = 100

    private static let requestColumns =
        "<colgroup><col class=\"c-result\"><col class=\"c-method\"><col><col class=\"c-response\">"
        + "<col class=\"c-time\"><col class=\"c-checks\"></colgroup>\n"

    private func requestTable(_ results: [RequestResult], shown: [Bool]) -> String {
        guard !results.isEmpty else { return "" }
        var rows = ""
        for (index, result) in results.enumerated() {
            if index % Self.blockSize == 0 {
                rows += index == 0 ? "" : "</table></div>\n"
                rows += "<div class=\"block\"><table class=\"requests\">\n" + Self.requestColumns
                if index == 0 {
                    rows +=
                        "<tr><th>result</th><th>method</th><th>request</th><th>response</th><th>time</th>"
                        + "<th>checks</th></tr>\n"
                }
            }
            let passedChecks = result.checks.count { $0.passed }
            rows +=
                "<tr class=\"\(result.status.rawValue)\"><td>\(Self.symbol(result.status)) \(result.status.rawValue)</td>"
                + "<td>\(HTMLText.escape(result.method))</td>"
                + (shown[index]
                    ? "<td><a href=\"#x-\(index + 1)\">\(HTMLText.escape(name(of: result)))</a></td>"
                    : "<td>\(HTMLText.escape(name(of: result)))</td>")
                + "<td>\(responseText(result))</td><td>\(ReportText.duration(result.milliseconds))</td>"
                + "<td>\(passedChecks)/\(result.checks.count)</td></tr>\n"
        }
        return HTMLText.section("requests", "Requests", rows + "</table></div>\n")
    }

    private func exchange(_ result: RequestResult, number: Int) -> String {
        let open = result.status == .passed || result.status == .skipped ? "" : " open"
        var html =
            "<details class=\"exchange \(result.status.rawValue)\" id=\"x-\(number)\"\(open)>\n<summary>"
            + "\(Self.symbol(result.status)) \(HTMLText.escape(result.method)) \(HTMLText.escape(name(of: result)))"
            + " · \(responseText(result)) · \(ReportText.duration(result.milliseconds))"
            + (result.attempts > 1 ? " · \(result.attempts) attempts" : "") + "</summary>\n"
        html += "<p class=\"url\">\(HTMLText.escape(result.method)) \(HTMLText.escape(result.url))</p>\n"
        if let failure = result.failure {
            html +=
                "<div class=\"failure\"><p><strong>\(HTMLText.escape(failure.title))</strong> (while "
                + "\(HTMLText.escape(failure.stage)), \(HTMLText.escape(failure.kind)))</p>\n"
            for text in [failure.explanation, failure.hint, failure.detail] where !text.isEmpty {
                html += "<p>\(HTMLText.escape(text))</p>\n"
            }
            html += "</div>\n"
        }
        if !result.problems.isEmpty {
            html +=
                "<ul class=\"problems\">"
                + result.problems.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul>\n"
        }
        if !result.checks.isEmpty { html += checks(result.checks) }
        if !result.captures.isEmpty {
            html += "<table class=\"captures\"><tr><th>captured</th><th>value</th></tr>\n"
            for capture in result.captures {
                html +=
                    "<tr><td>\(HTMLText.escape(capture.variable))</td><td>"
                    + (capture.value.map { HTMLText.escape($0) } ?? "<em>not in the response</em>") + "</td></tr>\n"
            }
            html += "</table>\n"
        }
        html += scripts(result)
        if result.status == .passed || result.status == .failed || result.status == .error {
            html += RunWaterfall.svg(result.phases, totalMs: result.milliseconds)
        }
        if let details = result.details {
            html += "<h3>Request</h3>\n"
            if details.requestHeaders.isEmpty, details.requestBody == nil {
                html += "<p class=\"note\">No headers or body of its own (the transport adds Host, User-Agent…).</p>\n"
            }
            html += headers(details.requestHeaders) + body(details.requestBody)
            if result.responseStatus != nil {
                html += "<h3>Response</h3>\n" + headers(details.responseHeaders) + body(details.responseBody)
            }
        }
        return html + "</details>\n"
    }

    /// What the request's scripts sent with `pm.sendRequest` and wrote to their console (both
    /// already masked when the run recorded them).
    private func scripts(_ result: RequestResult) -> String {
        guard !result.scriptRequests.isEmpty || !result.scriptConsole.isEmpty else { return "" }
        var html = "<h3>Scripts</h3>\n"
        if !result.scriptRequests.isEmpty {
            html +=
                "<ul class=\"script-requests\">"
                + result.scriptRequests.map { "<li>\(HTMLText.escape($0.line))</li>" }.joined() + "</ul>\n"
        }
        if !result.scriptConsole.isEmpty {
            let console = result.scriptConsole.joined(separator: "\n")
            html +=
                "<pre class=\"script-console\">\(HTMLText.escape(console, keepingLines: true, quotes: false))</pre>\n"
        }
        return html
    }

    private func checks(_ checks: [CheckResult]) -> String {
        var html =
            "<table class=\"checks\"><tr><th></th><th>check</th><th>operator</th><th>expected</th><th>actual</th></tr>\n"
        for check in checks {
            html +=
                "<tr class=\"\(check.passed ? "pass" : "fail")\"><td>\(check.passed ? "✓" : "✗")</td>"
                + "<td>\(HTMLText.escape(ReportText.subject(check)))</td><td>\(HTMLText.escape(check.op))</td>"
                + "<td class=\"expected\">\(HTMLText.escape(check.expected, keepingLines: true))</td>"
                + "<td class=\"actual\">\(HTMLText.escape(check.actual, keepingLines: true))</td></tr>\n"
        }
        return html + "</table>\n"
    }

    private func headers(_ headers: [ExchangeDetails.Header]) -> String {
        guard !headers.isEmpty else { return "" }
        return "<table class=\"headers\">"
            + headers.map { "<tr><th>\(HTMLText.escape($0.name))</th><td>\(HTMLText.escape($0.value))</td></tr>" }
            .joined() + "</table>\n"
    }

    private func body(_ body: ExchangeDetails.Body?) -> String {
        guard let body else { return "" }
        if body.binary { return "<p class=\"body-size\">Binary body, \(body.size) bytes (not shown).</p>\n" }
        var html = "<pre class=\"body\">\(HTMLText.escape(body.text, keepingLines: true, quotes: false))</pre>\n"
        if body.cut {
            html +=
                "<p class=\"body-size\">Cut after \(ExchangeDetails.bodyLimit) bytes: the body has \(body.size) "
                + "bytes in all.</p>\n"
        }
        return html
    }

    private func name(of result: RequestResult) -> String {
        var name = result.collectionName + " › " + result.path
        if result.iteration > 1 { name += " (pass \(result.iteration))" }
        return name
    }

    /// `200 OK`, or what happened instead of a response.
    private func responseText(_ result: RequestResult) -> String {
        switch result.status {
        case .passed, .failed:
            HTMLText.escape(
                [result.responseStatus.map(String.init), result.responseReason].compactMap { $0 }.joined(
                    separator: " "))
        case .error: "no response"
        case .notSent: "not sent"
        case .skipped: "skipped"
        }
    }

    private static func symbol(_ status: RequestResult.Status) -> String {
        switch status {
        case .passed: "✓"
        case .failed: "✗"
        case .error, .notSent: "!"
        case .skipped: "-"
        }
    }

    static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:2em auto;max-width:72em;padding:0 1em;color:#222;background:#fff}
        h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.6em}h3{font-size:1em;margin:.8em 0 .3em}
        table{border-collapse:collapse;margin:.3em 0}th,td{padding:.2em .7em;text-align:left;border-bottom:1px solid #ddd;vertical-align:top}
        td{font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
        .verdict.pass,tr.passed td:first-child,tr.pass td:first-child{color:#17693a}
        .verdict.fail,tr.failed td:first-child,tr.error td:first-child,tr.notSent td:first-child,tr.fail td{color:#b3261e}
        .verdict{font-weight:600}tr.skipped{color:#777}
        details.exchange{border:1px solid #ddd;border-radius:4px;margin:.5em 0;padding:.3em .8em}
        details.exchange>summary{cursor:pointer;font-weight:600}
        details.failed,details.error,details.notSent{border-color:#b3261e}
        .url{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
        pre.body{background:#f6f8fa;padding:.5em;overflow:auto;max-height:24em;white-space:pre-wrap;overflow-wrap:anywhere}
        .body-size,.note{color:#555;font-style:italic}.failure{color:#b3261e}
        svg{max-width:100%;height:auto;font:11px sans-serif}svg text{fill:#555}
        .phase{fill:#1f6feb}.phase.Wait{fill:#8250df}.phase.Download{fill:#2da44e}.phase.Total{fill:#999}
        div.block{content-visibility:auto;contain-intrinsic-size:auto 3000px}
        table.requests{table-layout:fixed;width:100%}col.c-result{width:7.5em}col.c-method{width:5.5em}
        col.c-response{width:10em}col.c-time{width:6em}col.c-checks{width:4.5em}
        .o-passed{fill:#2da44e}.o-failed{fill:#b3261e}.o-error{fill:#d4a72c}.o-notSent{fill:#8250df}.o-skipped{fill:#bbb}
        """
}

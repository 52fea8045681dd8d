import TerminalText

/// JUnit XML, as Jenkins, GitLab and GitHub test reporters read it: a `testsuite` per collection
/// folder (`Collection/Folder/Sub`), a `testcase` per request, a `failure` per failed expectation,
/// an `error` for a request without response or not sent, `skipped` for requests `--bail` skipped.
package struct JUnitReporter: RunReporter {
    package init() {}

    package func finished(_ result: RequestResult, previous: RequestResult?) -> String { "" }

    package func report(_ report: RunReport) -> String {
        var suites: [(name: String, results: [RequestResult])] = []
        for result in report.results {
            var name = ([result.collectionName] + result.folderPath).joined(separator: "/")
            if result.iteration > 1 { name += " (pass \(result.iteration))" }
            if let index = suites.firstIndex(where: { $0.name == name }) {
                suites[index].results.append(result)
            } else {
                suites.append((name, [result]))
            }
        }
        let summary = report.summary
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml +=
            "<testsuites name=\"lazer run\" tests=\"\(summary.requests)\" failures=\"\(summary.failed)\" "
            + "errors=\"\(summary.errors + summary.notSent)\" "
            + "time=\"\(ReportText.seconds(RequestResult.milliseconds(report.duration)))\">\n"
        for suite in suites {
            let failures = suite.results.count { $0.status == .failed }
            let errors = suite.results.count { $0.status == .error || $0.status == .notSent }
            let skipped = suite.results.count { $0.status == .skipped }
            let time = suite.results.reduce(0) { $0 + $1.milliseconds }
            xml +=
                "  <testsuite name=\"\(Self.escape(suite.name))\" tests=\"\(suite.results.count)\" "
                + "failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" "
                + "time=\"\(ReportText.seconds(time))\">\n"
            for result in suite.results { xml += testCase(result, suite: suite.name) }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    private func testCase(_ result: RequestResult, suite: String) -> String {
        let name = "\(result.method) \(result.name)"
        let xml =
            "    <testcase name=\"\(Self.escape(name))\" classname=\"\(Self.escape(suite))\" "
            + "time=\"\(ReportText.seconds(result.milliseconds))\""
        var body = ""
        switch result.status {
        case .passed:
            break
        case .failed:
            for check in result.checks where !check.passed {
                var message = "\(ReportText.subject(check)): \(ReportText.failure(check))"
                if result.attempts > 1 { message += " (after \(result.attempts) attempts)" }
                body +=
                    "      <failure message=\"\(Self.escape(message))\" type=\"\(check.subject)\">"
                    + Self.escape("\(result.method) \(result.url)\n\(message)") + "</failure>\n"
            }
        case .error:
            let failure = result.failure
            let text = [failure?.explanation, failure?.hint, failure?.detail].compactMap { $0 }.filter { !$0.isEmpty }
            body +=
                "      <error message=\"\(Self.escape(failure?.title ?? "no response"))\" "
                + "type=\"\(Self.escape(failure?.kind ?? "other"))\">"
                + Self.escape(([result.method + " " + result.url] + text).joined(separator: "\n")) + "</error>\n"
        case .notSent:
            body +=
                "      <error message=\"not sent\" type=\"notSent\">"
                + Self.escape(result.problems.joined(separator: "\n")) + "</error>\n"
        case .skipped:
            body += "      <skipped message=\"an earlier request failed (--bail)\"/>\n"
        }
        // What the request's scripts logged, where CI systems show a test case's output.
        let output = result.scriptConsole + result.scriptRequests.map(\.line)
        if !output.isEmpty {
            body += "      <system-out>" + Self.escape(output.joined(separator: "\n")) + "</system-out>\n"
        }
        if body.isEmpty { return xml + "/>\n" }
        return xml + ">\n" + body + "    </testcase>\n"
    }

    /// XML text: markup characters escaped, characters XML 1.0 cannot hold shown in their visible
    /// forms (`␛`, `<U+0085>`, as the other reports and commands show them), bidi
    /// and invisible format characters as character references (the same text, never raw).
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\r": result += "&#13;"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF {
                    result += TerminalText.visibleForm(of: scalar)
                } else if ReportText.isFormatControl(scalar, after: previous) {
                    // Bidi and invisible format characters: a character reference, never raw on a terminal.
                    result += "&#x\(String(value, radix: 16, uppercase: true));"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

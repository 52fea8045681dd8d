/// TAP version 13: a plan, an `ok` / `not ok` line per request (skipped ones with `# SKIP`), and
/// for those that did not pass a YAML block with the failing checks or the translated failure.
package struct TAPReporter: RunReporter {
    package init() {}

    package func finished(_ result: RequestResult, previous: RequestResult?) -> String { "" }

    package func report(_ report: RunReport) -> String {
        var text = "TAP version 13\n1..\(report.results.count)\n"
        for (index, result) in report.results.enumerated() {
            var description = "\(result.method) \(result.collectionName)/\(result.path)"
            if result.iteration > 1 { description += " (pass \(result.iteration))" }
            // TAP escapes `#` and the backslash itself: a name ending `\` before `#` must not make a directive.
            description = ReportText.visible(description).replacing("\\", with: "\\\\")
                .replacing("#", with: "\\#")
            let number = index + 1
            switch result.status {
            case .passed:
                text += "ok \(number) - \(description)\n"
            case .skipped:
                text += "ok \(number) - \(description) # SKIP an earlier request failed (--bail)\n"
            case .failed, .error, .notSent:
                text += "not ok \(number) - \(description)\n" + diagnostics(result)
            }
        }
        return text
    }

    private func diagnostics(_ result: RequestResult) -> String {
        var lines = ["  ---", "  url: \(Self.quoted(result.url))"]
        if result.attempts > 1 { lines.append("  attempts: \(result.attempts)") }
        switch result.status {
        case .failed:
            if let status = result.responseStatus { lines.append("  status: \(status)") }
            lines.append("  checks:")
            for check in result.checks where !check.passed {
                lines.append("    - subject: \(Self.quoted(ReportText.subject(check)))")
                if let path = check.path, check.subject == "contract" || check.subject == "schema" {
                    lines.append("      path: \(Self.quoted(path))")
                    lines.append("      keyword: \(Self.quoted(check.op))")
                }
                lines.append("      expected: \(Self.quoted(check.expected))")
                lines.append("      actual: \(Self.quoted(check.actual))")
            }
        case .error:
            if let failure = result.failure {
                lines.append("  message: \(Self.quoted(failure.title))")
                lines.append("  kind: \(failure.kind)")
                lines.append("  stage: \(Self.quoted(failure.stage))")
                if !failure.hint.isEmpty { lines.append("  hint: \(Self.quoted(failure.hint))") }
            }
        case .notSent:
            lines.append("  message: \"not sent\"")
            lines.append("  problems:")
            lines += result.problems.map { "    - \(Self.quoted($0))" }
        case .passed, .skipped:
            break
        }
        lines.append("  ...")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        var result = "\""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\x" + (hex.count < 2 ? "0" : "") + hex
                } else if ReportText.isFormatControl(scalar, after: previous) {
                    // Bidi and invisible format characters: YAML's \uXXXX (\UXXXXXXXX above U+FFFF),
                    // never raw (they reorder or hide a line).
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    let digits = scalar.value > 0xFFFF ? 8 : 4
                    result += (digits == 8 ? "\\U" : "\\u") + String(repeating: "0", count: digits - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

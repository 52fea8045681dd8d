import Foundation
import TerminalText

/// Turns a run into text: a line per request as it finishes (the human reporter), and the whole
/// report at the end (all of them). Every text it is given is already redacted.
package protocol RunReporter: Sendable {
    /// Written when `result` finishes (empty: nothing until the end).
    func finished(_ result: RequestResult, previous: RequestResult?) -> String
    /// Written when the run is over.
    func report(_ report: RunReport) -> String
}

/// The reporters `--reporter` names.
package enum ReporterKind: String, Sendable, CaseIterable {
    case human, junit, json, tap, html

    /// The reporter, `colored` (ANSI colours) for the human one on a terminal without `NO_COLOR`.
    package func reporter(colored: Bool = false) -> any RunReporter {
        switch self {
        case .human: HumanReporter(colored: colored)
        case .junit: JUnitReporter()
        case .json: JSONReporter()
        case .tap: TAPReporter()
        case .html: HTMLReporter(generated: Date().formatted(.iso8601))
        }
    }
}

/// Text helpers the reporters share.
enum ReportText {
    /// The scalars `TerminalText.isUnsafe` names (controls, bidi and invisible format characters)
    /// but tab and, when asked, newline, shown in their visible forms (`␛`, `␇`, `<U+202E>`), as
    /// every other command and the explorer show them — so text from a server or a file can never
    /// drive a terminal, disguise a line or break a line-based format.
    static func visible(_ text: String, keepNewlines: Bool = false) -> String {
        // Printable ASCII (most names, statuses and values) has nothing to show differently: a
        // run writes several such texts per request.
        let printable = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        }
        if printable == true { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if TerminalText.isUnsafe(scalar, after: previous), scalar != "\t", !(keepNewlines && scalar == "\n") {
                result += TerminalText.visibleForm(of: scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return result
    }

    /// The bidi controls and invisible format characters among `TerminalText`'s unsafe scalars
    /// (those above the C1 range), where they stand after `previous`: a format that escapes
    /// controls itself (JSON, XML, YAML) escapes these too.
    static func isFormatControl(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
        scalar.value > 0x9F && TerminalText.isUnsafe(scalar, after: previous)
    }

    /// `12 ms` under a second, `1.25 s` above.
    static func duration(_ milliseconds: Double) -> String {
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        let hundredths = Int((milliseconds / 10).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }

    /// `0.42 ms`, `12.3 ms`, `1.25 s`: a phase's time, where short ones matter.
    static func milliseconds(_ value: Double) -> String {
        if value < 10 { return String(format: "%.2f ms", value) }
        if value < 1000 { return String(format: "%.1f ms", value) }
        return String(format: "%.2f s", value / 1000)
    }

    /// Seconds with three decimals, for JUnit's `time` attributes.
    static func seconds(_ milliseconds: Double) -> String {
        let thousandths = Int(milliseconds.rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// What a check compared: `status`, `header Location`, `jsonPath $.id`.
    static func subject(_ check: CheckResult) -> String {
        check.subject == "jsonPath" ? "jsonPath \(check.label)" : check.label
    }

    /// What went wrong: `expected 200, actual 404`; a contract finding with nothing expected said
    /// apart is its message alone (`missing the required property "name"`).
    static func failure(_ check: CheckResult) -> String {
        // A script's test says its assertion's message; a script's error says where it stopped.
        check.subject == "script"
            || check.expected.isEmpty && (check.subject == "contract" || check.subject == "schema")
            ? check.actual : "expected \(check.expected), actual \(check.actual)"
    }
}

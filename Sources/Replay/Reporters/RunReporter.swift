/// Turns a run into text: a line per request as it finishes (the human reporter), and the whole
/// report at the end (all of them). Every text it is given is already redacted.
public protocol RunReporter: Sendable {
    /// Written when `result` finishes (empty: nothing until the end).
    func finished(_ result: RequestResult, previous: RequestResult?) -> String
    /// Written when the run is over.
    func report(_ report: RunReport) -> String
}

/// The reporters `--reporter` names.
public enum ReporterKind: String, Sendable, CaseIterable {
    case human, junit, json, tap

    /// The reporter, `colored` (ANSI colours) for the human one on a terminal without `NO_COLOR`.
    public func reporter(colored: Bool = false) -> any RunReporter {
        switch self {
        case .human: HumanReporter(colored: colored)
        case .junit: JUnitReporter()
        case .json: JSONReporter()
        case .tap: TAPReporter()
        }
    }
}

/// Text helpers the reporters share.
enum ReportText {
    /// Control characters (C0 but tab and, when asked, newline; DEL; C1) and the bidi and
    /// invisible format characters that reorder or hide text (the set `TerminalText.isUnsafe`
    /// names; Replay does not depend on that module) shown as `\u{…}`, so text from a server or a
    /// file can never drive a terminal, disguise a line or break a line-based format.
    static func visible(_ text: String, keepNewlines: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && scalar != "\t" && !(keepNewlines && scalar == "\n")) || (0x7F...0x9F).contains(value)
                || isFormatControl(value)
            {
                result += "\\u{\(String(value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and invisible format
    /// characters (U+180E, U+200B, U+2028, U+2029, U+2060–U+2064, U+206A–U+206F, U+FEFF,
    /// U+FFF9–U+FFFB); joiners (U+200C, U+200D) stay, scripts and emoji need them.
    static func isFormatControl(_ value: UInt32) -> Bool {
        guard value >= 0x61C else { return false }
        switch value {
        case 0x61C, 0x180E, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2060...0x2064,
            0x2066...0x206F, 0xFEFF, 0xFFF9...0xFFFB:
            return true
        default:
            return false
        }
    }

    /// `12 ms` under a second, `1.25 s` above.
    static func duration(_ milliseconds: Double) -> String {
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        let hundredths = Int((milliseconds / 10).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
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
}

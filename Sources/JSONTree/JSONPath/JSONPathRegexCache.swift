/// I-Regexp (RFC 9485) patterns for `match()` and `search()`, compiled once per pattern to an
/// `IRegexp`: matched in linear time (no backtracking), `.` excluding line breaks, per Unicode scalar.
struct JSONPathRegexCache {
    private var compiled: [String: IRegexp?] = [:]

    mutating func matches(_ subject: String, pattern: String, whole: Bool) -> Bool {
        let regex: IRegexp?
        if let cached = compiled[pattern] {
            regex = cached
        } else {
            regex = IRegexp(pattern)
            compiled[pattern] = regex
        }
        guard let regex else { return false }
        return whole ? regex.wholeMatch(subject) : regex.firstMatch(subject)
    }
}

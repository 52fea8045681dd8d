/// I-Regexp (RFC 9485) patterns for `match()` and `search()`, compiled once per pattern.
/// `.` is translated to "any character but line breaks" and matching is per Unicode scalar.
struct JSONPathRegexCache {
    private var compiled: [String: Regex<AnyRegexOutput>?] = [:]

    mutating func matches(_ subject: String, pattern: String, whole: Bool) -> Bool {
        let regex: Regex<AnyRegexOutput>?
        if let cached = compiled[pattern] {
            regex = cached
        } else {
            regex = JSONPathRegexCache.compile(pattern)
            compiled[pattern] = regex
        }
        guard let regex else { return false }
        if whole { return (try? regex.wholeMatch(in: subject)) != nil }
        return (try? regex.firstMatch(in: subject)) != nil
    }

    /// Translates I-Regexp to Swift's syntax; an invalid pattern yields nil (the function is false).
    static func compile(_ pattern: String) -> Regex<AnyRegexOutput>? {
        var translated = ""
        var inClass = false
        var escaped = false
        for scalar in pattern.unicodeScalars {
            if escaped {
                translated.unicodeScalars.append(scalar)
                escaped = false
                continue
            }
            switch scalar {
            case "\\":
                escaped = true
                translated += "\\"
            case "[":
                inClass = true
                translated += "["
            case "]":
                inClass = false
                translated += "]"
            case "." where !inClass:
                translated += "[^\\n\\r]"
            default:
                translated.unicodeScalars.append(scalar)
            }
        }
        guard !escaped, let regex = try? Regex(translated) else { return nil }
        return regex.matchingSemantics(.unicodeScalar)
    }
}

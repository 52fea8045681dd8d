/// Substring search over UTF-8 bytes, for the `contains` checks: a body check on a 100 MB response
/// took seconds with `String.contains` (it compares by Character). Bytes match what API tools
/// compare (Postman's `includes` works on code units): a needle matches where its bytes occur.
enum UTF8Search {
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        if needle.isEmpty { return true }
        var haystack = haystack
        var needle = needle
        return haystack.withUTF8 { text in
            needle.withUTF8 { pattern in firstIndex(of: pattern, in: text) != nil }
        }
    }

    /// Where `pattern` first occurs in `text`. Scans for the pattern's first byte, then compares the
    /// rest: simple and fast for short needles (the scan for one byte is the loop the optimiser
    /// vectorises best).
    static func firstIndex(of pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard pattern.count <= text.count, let first = pattern.first else { return pattern.isEmpty ? 0 : nil }
        let last = text.count - pattern.count
        var index = 0
        while index <= last {
            guard let found = text[index...last].firstIndex(of: first) else { return nil }
            var matched = 1
            while matched < pattern.count, text[found + matched] == pattern[matched] { matched += 1 }
            if matched == pattern.count { return found }
            index = found + 1
        }
        return nil
    }

    /// The same for a literal pattern.
    static func firstIndex(of pattern: StaticString, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        firstIndex(of: UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount), in: text)
    }
}

/// `TextMatch` over ASCII text, on its bytes: the same answers, without a `String` per character
/// and five arrays per candidate. The collections filter scores every request of a collection on
/// each key typed; a million of them took three seconds a key. Each function returns nil when
/// the text is not plain ASCII (or holds a carriage return, which with a line feed is one
/// character), and `TextMatch` answers as before.
enum ASCIIMatch {
    /// `.some(nil)`: no match; nil: not ASCII, ask `TextMatch`.
    static func substring(_ needle: String, in haystack: String) -> Range<Int>?? {
        var needle = needle
        var haystack = haystack
        return needle.withUTF8 { pattern in
            haystack.withUTF8 { text -> Range<Int>?? in
                guard isPlain(pattern), isPlain(text) else { return nil }
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: pattern.count) { lowered in
                    for index in pattern.indices { lowered[index] = lower(pattern[index]) }
                    return .some(
                        firstOccurrence(UnsafeBufferPointer(lowered), in: text).map { $0..<($0 + pattern.count) })
                }
            }
        }
    }

    /// Whether `pattern` (lower-cased, plain) occurs in `text` (plain), ignoring case.
    static func contains(_ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        firstOccurrence(pattern, in: text) != nil
    }

    /// Where `pattern` (lower-cased, plain) first occurs in `text` (plain), ignoring case.
    private static func firstOccurrence(_ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>)
        -> Int?
    {
        guard !pattern.isEmpty else { return 0 }
        guard text.count >= pattern.count else { return nil }
        let first = pattern[0]
        for start in 0...(text.count - pattern.count) where lower(text[start]) == first {
            var matched = true
            for i in 1..<pattern.count where lower(text[start + i]) != pattern[i] {
                matched = false
                break
            }
            if matched { return start }
        }
        return nil
    }

    /// `TextMatch.fuzzy` on bytes: `.some(nil)` no match; nil: not ASCII, ask `TextMatch`.
    static func fuzzy(_ query: String, in candidate: String) -> (score: Int, positions: [Int])?? {
        var query = query
        var candidate = candidate
        return query.withUTF8 { query in
            candidate.withUTF8 { text -> (score: Int, positions: [Int])?? in
                guard isPlain(query), isPlain(text) else { return nil }
                let spaces = query.reduce(0) { $0 + ($1 == 0x20 ? 1 : 0) }
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: query.count - spaces) { pattern in
                    var count = 0
                    for byte in query where byte != 0x20 {
                        pattern[count] = lower(byte)
                        count += 1
                    }
                    return .some(fuzzy(UnsafeBufferPointer(rebasing: pattern[0..<count]), text))
                }
            }
        }
    }

    /// `positions`: whether the matched offsets are wanted (a filter scoring a million requests
    /// asks for the score alone, and so makes no array per match).
    static func fuzzy(
        _ pattern: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, positions wanted: Bool = true
    ) -> (score: Int, positions: [Int])? {
        guard !pattern.isEmpty else { return (0, []) }
        guard pattern.count <= text.count, isSubsequence(pattern, of: text) else { return nil }
        let none = Int.min / 2
        let width = text.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: pattern.count * width * 2) { cells in
            // best[p * width + i]: the best score with pattern[p] matched at i; from: where pattern[p - 1] was.
            let best = UnsafeMutableBufferPointer(rebasing: cells[0..<(pattern.count * width)])
            let from = UnsafeMutableBufferPointer(rebasing: cells[(pattern.count * width)...])
            best.initialize(repeating: none)
            from.initialize(repeating: -1)
            for i in 0..<width where lower(text[i]) == pattern[0] {
                best[i] = bonus(text, i) - min(i, TextMatch.longestLead)
            }
            let farthest = TextMatch.farthest
            for p in 1..<pattern.count {
                let previous = (p - 1) * width
                var farBest = none
                var farAt = -1
                for i in 0..<width {
                    if i - farthest - 1 >= 0, best[previous + i - farthest - 1] > farBest {
                        farBest = best[previous + i - farthest - 1]
                        farAt = i - farthest - 1
                    }
                    guard lower(text[i]) == pattern[p] else { continue }
                    var score = farAt >= 0 ? farBest - TextMatch.gapPenalty(farthest) : none
                    var at = farAt
                    for k in max(0, i - farthest)..<max(0, i - 1) where best[previous + k] > none {
                        let candidate = best[previous + k] - TextMatch.gapPenalty(i - k - 1)
                        if candidate >= score {
                            score = candidate
                            at = k
                        }
                    }
                    if i >= 1, best[previous + i - 1] > none, best[previous + i - 1] + TextMatch.consecutive >= score {
                        score = best[previous + i - 1] + TextMatch.consecutive
                        at = i - 1
                    }
                    guard at >= 0, score > none else { continue }
                    best[p * width + i] = score + bonus(text, i)
                    from[p * width + i] = at
                }
            }
            let last = (pattern.count - 1) * width
            var end = -1
            for i in 0..<width where best[last + i] > none && (end < 0 || best[last + i] > best[last + end]) {
                end = i
            }
            guard end >= 0 else { return nil }
            guard wanted else { return (best[last + end], []) }
            var positions = [Int](repeating: 0, count: pattern.count)
            var i = end
            for p in stride(from: pattern.count - 1, through: 0, by: -1) {
                positions[p] = i
                if p > 0 { i = from[p * width + i] }
            }
            return (best[last + end], positions)
        }
    }

    /// Whether `pattern` (lowercased) appears in order in `text`: most candidates fail here.
    private static func isSubsequence(_ pattern: UnsafeBufferPointer<UInt8>, of text: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        var p = 0
        for byte in text where lower(byte) == pattern[p] {
            p += 1
            if p == pattern.count { return true }
        }
        return false
    }

    private static func bonus(_ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        var points = TextMatch.perCharacter
        if i == 0 || isSeparator(text[i - 1]) { points += TextMatch.wordStart }
        if isUpper(text[i]), i > 0, isLower(text[i - 1]) { points += TextMatch.camelHump }
        return points
    }

    /// ASCII without a carriage return: one byte is one character.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// The characters a word starts after: space - _ . / : (
    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x2F || byte == 0x3A || byte == 0x28
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    static func lower(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte | 0x20 : byte }
}

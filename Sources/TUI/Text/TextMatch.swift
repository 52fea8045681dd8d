/// Case-insensitive matching for filters and the command palette (no Foundation, no locale).
package enum TextMatch {
    /// Character offsets of the first case-insensitive occurrence of `needle` in `haystack`.
    package static func substring(_ needle: String, in haystack: String) -> Range<Int>? {
        let pattern = needle.map { $0.lowercased() }
        guard !pattern.isEmpty else { return 0..<0 }
        let text = haystack.map { $0.lowercased() }
        guard text.count >= pattern.count else { return nil }
        for start in 0...(text.count - pattern.count) {
            var matched = true
            for i in 0..<pattern.count where text[start + i] != pattern[i] {
                matched = false
                break
            }
            if matched { return start..<(start + pattern.count) }
        }
        return nil
    }

    /// A fuzzy match: every character of `query` appears in `candidate` in order. Returns the
    /// matched character offsets and a score (higher is better: consecutive runs, word starts and
    /// an early first hit count), or `nil` when it does not match.
    package static func fuzzy(_ query: String, in candidate: String) -> (score: Int, positions: [Int])? {
        let pattern = query.filter { $0 != " " }.map { $0.lowercased() }
        let text = Array(candidate)
        let lower = text.map { $0.lowercased() }
        guard !pattern.isEmpty else { return (0, []) }
        var positions: [Int] = []
        var score = 0
        var p = 0
        var previous = -2
        for (i, c) in lower.enumerated() where p < pattern.count && c == pattern[p] {
            positions.append(i)
            score += 10
            if i == previous + 1 { score += 15 }
            if i == 0 || " -_./:".contains(text[i - 1]) { score += 20 }
            if text[i].isUppercase, i > 0, text[i - 1].isLowercase { score += 10 }
            previous = i
            p += 1
        }
        guard p == pattern.count else { return nil }
        score -= positions.first ?? 0
        score -= text.count / 8
        return (score, positions)
    }
}

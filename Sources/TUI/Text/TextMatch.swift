/// Case-insensitive matching for filters and the command palette (no Foundation, no locale).
package enum TextMatch {
    /// Character offsets of the first case-insensitive occurrence of `needle` in `haystack`.
    package static func substring(_ needle: String, in haystack: String) -> Range<Int>? {
        if let range = ASCIIMatch.substring(needle, in: haystack) { return range }
        return characterSubstring(needle, in: haystack)
    }

    /// `substring` over characters (any text).
    static func characterSubstring(_ needle: String, in haystack: String) -> Range<Int>? {
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

    /// Points for each matched character, what raises them, and what a gap costs.
    static let perCharacter = 10
    static let consecutive = 15
    static let wordStart = 15
    static let camelHump = 10
    /// A gap between two matched characters costs 3, and 1 more per skipped character, at most 10.
    static func gapPenalty(_ skipped: Int) -> Int { 3 + min(skipped - 1, 7) }
    /// Characters before the first match cost 1 each, at most 15.
    static let longestLead = 15
    /// A gap of this many characters or more costs the most.
    static let farthest = 8

    /// A fuzzy match: every character of `query` (spaces aside) appears in `candidate` in order
    /// (`updte` finds "Update project"). Returns the matched character offsets and a score —
    /// higher is better: consecutive runs and word starts count, gaps and a late first hit cost —
    /// or `nil` when it does not match. Length does not count: two candidates matched alike tie,
    /// and callers keep their own order then (the palette's "Copy as curl (secrets as shell
    /// variables)" stays above "… (secrets revealed)", whatever their lengths).
    ///
    /// The best placement is chosen, not the first: `tree` in "Unfold the tree" is the word
    /// `tree`, not the `t` of "the" and letters scattered after it; `pr` in "Update project" is
    /// the start of "project". A small dynamic programme over (query character, candidate
    /// position), O(query × candidate): names and titles are short.
    package static func fuzzy(_ query: String, in candidate: String) -> (score: Int, positions: [Int])? {
        if let match = ASCIIMatch.fuzzy(query, in: candidate) { return match }
        return characterFuzzy(query, in: candidate)
    }

    /// `fuzzy` over characters (any text).
    static func characterFuzzy(_ query: String, in candidate: String) -> (score: Int, positions: [Int])? {
        let pattern = query.filter { $0 != " " }.map { $0.lowercased() }
        let text = Array(candidate)
        guard !pattern.isEmpty else { return (0, []) }
        guard pattern.count <= text.count else { return nil }
        let lower = text.map { $0.lowercased() }
        let bonus = text.indices.map { i -> Int in
            var points = perCharacter
            if i == 0 || " -_./:(".contains(text[i - 1]) { points += wordStart }
            if text[i].isUppercase, i > 0, text[i - 1].isLowercase { points += camelHump }
            return points
        }
        let none = Int.min / 2
        // best[p][i]: the best score with pattern[p] matched at i; from[p][i]: where pattern[p - 1] was.
        var best = [[Int]](repeating: [Int](repeating: none, count: text.count), count: pattern.count)
        var from = [[Int]](repeating: [Int](repeating: -1, count: text.count), count: pattern.count)
        for i in text.indices where lower[i] == pattern[0] {
            best[0][i] = bonus[i] - min(i, longestLead)
        }
        for p in 1..<pattern.count {
            let previous = best[p - 1]
            // The best of previous[0...i - farthest - 1] so far (a gap that costs the most), and where.
            var farBest = none
            var farAt = -1
            for i in text.indices {
                if i - farthest - 1 >= 0, previous[i - farthest - 1] > farBest {
                    farBest = previous[i - farthest - 1]
                    farAt = i - farthest - 1
                }
                guard lower[i] == pattern[p] else { continue }
                var score = farAt >= 0 ? farBest - gapPenalty(farthest) : none
                var at = farAt
                // Nearer gaps, closer ones preferred on a tie, then the run.
                for k in max(0, i - farthest)..<max(0, i - 1) where previous[k] > none {
                    let candidate = previous[k] - gapPenalty(i - k - 1)
                    if candidate >= score {
                        score = candidate
                        at = k
                    }
                }
                if i >= 1, previous[i - 1] > none, previous[i - 1] + consecutive >= score {
                    score = previous[i - 1] + consecutive
                    at = i - 1
                }
                guard at >= 0, score > none else { continue }
                best[p][i] = score + bonus[i]
                from[p][i] = at
            }
        }
        let last = pattern.count - 1
        guard let end = text.indices.filter({ best[last][$0] > none }).max(by: { best[last][$0] < best[last][$1] })
        else { return nil }
        var positions = [end]
        var p = last
        var i = end
        while p > 0 {
            i = from[p][i]
            p -= 1
            positions.append(i)
        }
        return (best[last][end], positions.reversed())
    }
}

/// Finds the allowed word a typo most likely meant, for "did you mean" hints.
enum Suggestion {
    static func closest(to text: String, in candidates: [String]) -> String? {
        let lowered = text.lowercased()
        if let exact = candidates.first(where: { $0.lowercased() == lowered }) { return exact }
        let scored = candidates.map { ($0, distance(Array(lowered), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, text.count / 3) else { return nil }
        return best.0
    }

    /// Optimal string alignment distance: like Levenshtein, with swapped neighbours costing 1.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}

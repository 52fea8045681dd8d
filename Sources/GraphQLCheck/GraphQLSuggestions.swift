/// "Did you mean …?" for a name that is not in the schema: the candidates within about half the
/// name's length in edits (insert, delete, replace, swap two neighbours), nearest first, then in
/// alphabetical order; at most five are named. The same choice and wording as GraphQLSwift's rules
/// (issue 28's checks must say what the library says, so the tests can hold one to the other).
enum GraphQLSuggestions {
    /// The candidates near enough to `input`, nearest first.
    static func list(_ input: String, _ options: [String]) -> [String] {
        let typed = Array(input.utf8)
        var near: [(String, Int)] = []
        var seen: Set<String> = []
        for option in options where seen.insert(option).inserted {
            let bytes = Array(option.utf8)
            let threshold = max(typed.count / 2, bytes.count / 2, 1)
            // The distance is at least the difference of the lengths: most options stop here.
            guard abs(typed.count - bytes.count) <= threshold else { continue }
            let distance = Self.distance(typed, bytes)
            if distance <= threshold { near.append((option, distance)) }
        }
        return near.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.lexicographicallyPrecedes($1.0) }.map(\.0)
    }

    /// ` Did you mean "a", "b", or "c"?` (with `qualifier` after "mean"), or "" for no suggestion.
    static func didYouMean(_ suggestions: [String], qualifier: String? = nil) -> String {
        guard !suggestions.isEmpty else { return "" }
        let quoted = suggestions.prefix(5).map { "\"\($0)\"" }
        let listed =
            switch quoted.count {
            case 1: quoted[0]
            case 2: quoted.joined(separator: " or ")
            default: quoted.dropLast().joined(separator: ", ") + ", or " + quoted[quoted.count - 1]
            }
        return " Did you mean " + (qualifier.map { $0 + " " } ?? "") + listed + "?"
    }

    /// The optimal string alignment distance of two byte strings.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        let width = b.count + 1
        var rows = [Int](repeating: 0, count: (a.count + 1) * width)
        for j in 0...b.count { rows[j] = j }
        for i in 1...a.count {
            rows[i * width] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(rows[i * width + j - 1] + 1, rows[(i - 1) * width + j - 1] + cost)
                best = min(best, rows[(i - 1) * width + j] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, rows[(i - 2) * width + j - 2] + cost)
                }
                rows[i * width + j] = best
            }
        }
        return rows[a.count * width + b.count]
    }
}

extension Keymap {
    /// The known action name nearest to a mistyped one (`request.sned` → `request.send`), when it
    /// is close enough to be what was meant: at most a third of its letters differ.
    static func closest(to name: String, among known: Set<String>) -> String? {
        guard name.count <= 64 else { return nil }
        let lowered = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in known.sorted() {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, name.count / 3) else { return nil }
        return best.name
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

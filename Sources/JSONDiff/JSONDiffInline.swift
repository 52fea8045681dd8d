/// A character diff of two short strings: the common start and end are kept, the middle is
/// aligned by a longest common subsequence (at most `limit`² steps, so only for short strings).
enum JSONDiffInline {
    static func segments(_ old: String, _ new: String, limit: Int) -> [JSONDiffSegment]? {
        let a = Array(old)
        let b = Array(new)
        guard a.count <= limit, b.count <= limit else { return nil }
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        var builder = SegmentBuilder()
        builder.add(.same, a[0..<prefix])
        for (kind, character) in align(middleA, middleB) { builder.add(kind, character) }
        builder.add(.same, a[(a.count - suffix)...])
        return builder.finish()
    }

    /// The edit script turning `a` into `b`, removals before additions within a run.
    private static func align(_ a: [Character], _ b: [Character]) -> [(JSONDiffSegment.Kind, Character)] {
        let n = a.count
        let m = b.count
        // lengths[i][j]: LCS of a[i...] and b[j...], flattened.
        var lengths = [Int](repeating: 0, count: (n + 1) * (m + 1))
        if n > 0, m > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lengths[i * (m + 1) + j] =
                        a[i] == b[j]
                        ? lengths[(i + 1) * (m + 1) + j + 1] + 1
                        : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
                }
            }
        }
        var script: [(JSONDiffSegment.Kind, Character)] = []
        var i = 0
        var j = 0
        var added: [Character] = []
        func flush() {
            for character in added { script.append((.added, character)) }
            added.removeAll()
        }
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                flush()
                script.append((.same, a[i]))
                i += 1
                j += 1
            } else if j < m, i == n || lengths[i * (m + 1) + j + 1] >= lengths[(i + 1) * (m + 1) + j] {
                added.append(b[j])
                j += 1
            } else {
                script.append((.removed, a[i]))
                i += 1
            }
        }
        flush()
        return script
    }

    /// Joins characters of one kind into runs.
    private struct SegmentBuilder {
        var segments: [JSONDiffSegment] = []
        var kind: JSONDiffSegment.Kind = .same
        var text = ""

        mutating func add(_ kind: JSONDiffSegment.Kind, _ characters: some Sequence<Character>) {
            for character in characters { add(kind, character) }
        }

        mutating func add(_ kind: JSONDiffSegment.Kind, _ character: Character) {
            if kind != self.kind, !text.isEmpty {
                segments.append(JSONDiffSegment(self.kind, text))
                text = ""
            }
            self.kind = kind
            text.append(character)
        }

        mutating func finish() -> [JSONDiffSegment] {
            if !text.isEmpty { segments.append(JSONDiffSegment(kind, text)) }
            return segments
        }
    }
}

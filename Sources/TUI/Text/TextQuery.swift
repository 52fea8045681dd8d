/// A filter's text prepared once for matching many candidates: what `TextMatch.fuzzy` and
/// `TextMatch.substring` answer, without lower-casing the query and checking it again for each
/// candidate, and without the matched positions nobody draws. The collections filter asks it of
/// every request on each key typed.
package struct TextQuery: Sendable {
    /// The query as typed.
    package let text: String
    /// Lower-cased bytes, spaces dropped (fuzzy) and kept (substring); nil when the query is not
    /// plain ASCII (then `TextMatch` answers).
    private let fuzzyPattern: [UInt8]?
    private let substringPattern: [UInt8]?

    package init(_ text: String) {
        self.text = text
        let bytes = Array(text.utf8)
        let plain = bytes.withUnsafeBufferPointer { ASCIIMatch.isPlain($0) }
        substringPattern = plain ? bytes.map(ASCIIMatch.lower) : nil
        fuzzyPattern = substringPattern?.filter { $0 != 0x20 }
    }

    /// Whether the query holds a space (a substring match may then span two joined fields).
    package var hasSpace: Bool { text.utf8.contains(0x20) }

    /// `TextMatch.fuzzy(text, in: candidate)?.score`.
    package func fuzzyScore(in candidate: String) -> Int? {
        if let pattern = fuzzyPattern {
            let answer = pattern.withUnsafeBufferPointer { pattern in
                candidate.utf8.withContiguousStorageIfAvailable { text -> Int?? in
                    guard ASCIIMatch.isPlain(text) else { return nil }
                    return .some(ASCIIMatch.fuzzy(pattern, text, positions: false)?.score)
                }
            }
            if let answer, let known = answer { return known }
        }
        return TextMatch.fuzzy(text, in: candidate)?.score
    }

    /// Whether `TextMatch.substring(text, in: candidate)` finds the query.
    package func occurs(in candidate: String) -> Bool {
        if let pattern = substringPattern {
            let answer = pattern.withUnsafeBufferPointer { pattern in
                candidate.utf8.withContiguousStorageIfAvailable { text -> Bool? in
                    ASCIIMatch.isPlain(text) ? ASCIIMatch.contains(pattern, in: text) : nil
                }
            }
            if let answer, let known = answer { return known }
        }
        return TextMatch.substring(text, in: candidate) != nil
    }
}

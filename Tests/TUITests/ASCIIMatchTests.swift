import Testing

@testable import TUI

/// The byte-wise matcher the collections filter runs a million times a key gives the answers the
/// character-wise one gives: the same hit or miss, score and positions, on generated names.
@Suite struct ASCIIMatchTests {
    /// Names and queries from a small alphabet (cases, separators, digits), so that hits, misses,
    /// ties, runs, word starts and camel humps all occur.
    private static func generated(count: Int, seed: UInt64) -> [(String, String)] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("aAbBcCeEpPrRtT -_./:(01")
        func text(_ length: Int) -> String { String((0..<length).map { _ in alphabet[next(alphabet.count)] }) }
        return (0..<count).map { _ in (text(next(5)), text(next(24))) }
    }

    @Test func fuzzyAnswersAsTheCharacterMatcherDoes() {
        for (query, name) in Self.generated(count: 20_000, seed: 7) {
            let bytes = TextMatch.fuzzy(query, in: name)
            let characters = TextMatch.characterFuzzy(query, in: name)
            #expect(bytes?.score == characters?.score, "\(query) in \(name)")
            #expect(bytes?.positions == characters?.positions, "\(query) in \(name)")
        }
    }

    @Test func substringAnswersAsTheCharacterMatcherDoes() {
        for (needle, haystack) in Self.generated(count: 20_000, seed: 11) {
            #expect(TextMatch.substring(needle, in: haystack) == TextMatch.characterSubstring(needle, in: haystack))
        }
    }

    /// A query prepared once (`TextQuery`, what the collections filter uses) scores and finds as
    /// `TextMatch` does, ASCII or not.
    @Test func aPreparedQueryAnswersAsTextMatchDoes() {
        for (query, name) in Self.generated(count: 20_000, seed: 13) + [("cafe", "Café menu"), ("é m", "Café menu")] {
            let prepared = TextQuery(query)
            #expect(prepared.fuzzyScore(in: name) == TextMatch.fuzzy(query, in: name)?.score, "\(query) in \(name)")
            #expect(prepared.occurs(in: name) == (TextMatch.substring(query, in: name) != nil), "\(query) in \(name)")
        }
        #expect(TextQuery("café").fuzzyScore(in: "Café menu") == TextMatch.fuzzy("café", in: "Café menu")?.score)
        #expect(TextQuery("CAFÉ").occurs(in: "le café") == (TextMatch.substring("CAFÉ", in: "le café") != nil))
    }

    @Test func textBeyondASCIIIsStillMatchedByCharacter() {
        #expect(TextMatch.fuzzy("cafe", in: "Café menu")?.positions == [0, 1, 2, 6], "é is not e")
        #expect(TextMatch.fuzzy("caf", in: "Café menu")?.positions == [0, 1, 2])
        #expect(TextMatch.substring("é m", in: "Café menu") == 3..<6)
        #expect(TextMatch.fuzzy("ab", in: "a\r\nb")?.positions == [0, 2])
    }
}

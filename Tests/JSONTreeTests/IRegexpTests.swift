import Testing

@testable import JSONTree

@Suite("I-Regexp (RFC 9485): linear-time matching")
struct IRegexpTests {
    private func whole(_ pattern: String, _ subject: String) -> Bool? {
        IRegexp(pattern)?.wholeMatch(subject)
    }

    private func search(_ pattern: String, _ subject: String) -> Bool? {
        IRegexp(pattern)?.firstMatch(subject)
    }

    @Test("whole matches: literals, ., classes, groups, alternation and every quantifier")
    func wholeMatches() {
        let cases: [(String, String, Bool)] = [
            ("a", "a", true), ("a", "b", false), ("a", "", false), ("", "", true), ("a.c", "abc", true),
            ("a.c", "a😀c", true), ("a.c", "a\nc", false), ("a.c", "ac", false), ("[a-c]+", "abcab", true),
            ("[^a-c]", "d", true), ("[^a-c]", "a", false), ("(ab|cd)*", "abcdab", true), ("(ab|cd)*", "abc", false),
            ("a{2,3}", "a", false), ("a{2,3}", "aa", true), ("a{2,3}", "aaaa", false), ("a{2}", "aa", true),
            ("a{2,}", "aaaaa", true), ("a?b+", "bbb", true), ("a?b+", "abb", true), ("\\.", ".", true),
            ("\\.", "a", false), ("[-a]", "-", true), ("[a-]", "-", true), ("\\p{Lu}\\p{Ll}+", "Ada", true),
            ("\\P{L}", "1", true), ("\\P{L}", "x", false), ("[\\p{N}x]+", "1x2", true), ("^a$", "^a$", true),
            ("2024-..-..", "2024-01-02", true), ("\\n\\t", "\n\t", true),
        ]
        for (pattern, subject, expected) in cases {
            #expect(whole(pattern, subject) == expected, "\(pattern) ~ \(subject.debugDescription)")
        }
    }

    @Test("search finds a match anywhere")
    func searches() {
        #expect(search("b", "abc") == true)
        #expect(search("x", "abc") == false)
        #expect(search("", "abc") == true)
        #expect(search("[0-9]{3}", "ab1234") == true)
        #expect(search("a.c", "xxa\ncxx") == false)
    }

    @Test("patterns outside I-Regexp do not compile")
    func invalid() {
        for pattern in ["(", ")", "[", "[]", "a**", "*", "a{2,1}", "\\d", "\\p{Xx}", "[z-a]", "a{1001}", "(?:a)", "\\"]
        {
            #expect(IRegexp(pattern) == nil, "\(pattern)")
        }
    }

    @Test("(a|a)*b on 30 a's, and nested quantifiers, take linear time")
    func noBacktracking() {
        let start = ContinuousClock.now
        let subject = String(repeating: "a", count: 30)
        #expect(whole("(a|a)*b", subject) == false)
        #expect(search("(a*)*b", String(repeating: "a", count: 5_000)) == false)
        #expect(whole("(a|aa)+c", String(repeating: "a", count: 5_000)) == false)
        #expect(ContinuousClock.now - start < .seconds(2))
    }
}

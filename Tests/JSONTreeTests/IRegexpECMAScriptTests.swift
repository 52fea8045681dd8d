import Testing

@testable import JSONTree

/// IRegexp's ECMA-262 dialect (JSON Schema `pattern`): anchors, shorthand classes, non-capturing
/// groups and lazy quantifiers, still matched in linear time; what needs backtracking is refused.
@Suite("I-Regexp, ECMA-262 dialect")
struct IRegexpECMAScriptTests {
    func search(_ pattern: String, _ subject: String) -> Bool? {
        IRegexp(pattern, dialect: .ecmaScript)?.firstMatch(subject)
    }

    @Test("^ and $ anchor at the subject's ends; without them the pattern is searched")
    func anchors() {
        #expect(search("^a+$", "aaa") == true)
        #expect(search("^a+$", "aab") == false)
        #expect(search("a+", "xxaxx") == true)
        #expect(search("^SKU-[0-9]+$", "SKU-12") == true)
        #expect(search("^SKU-[0-9]+$", "xSKU-12") == false)
        // In I-Regexp, ^ and $ stay ordinary characters.
        #expect(IRegexp("^a")?.wholeMatch("^a") == true)
    }

    @Test("\\d \\w \\s and negations, (?:…), lazy quantifiers, \\x and \\u escapes")
    func escapes() {
        #expect(search("^\\d{3}-\\w+\\s\\S$", "123-ab_9 x") == true)
        #expect(search("^[\\D]+$", "abc") == true)
        #expect(search("^(?:ab)+?$", "abab") == true)
        #expect(search("^\\x41\\u0042\\u{43}$", "ABC") == true)
        #expect(search("^\\/\\$$", "/$") == true)
    }

    @Test("the ASCII search table answers as the NFA does, on ASCII and non-ASCII subjects alike")
    func tableAgreesWithNFA() throws {
        let patterns = [
            "^a+$", "a+", "^SKU-[0-9]+$", "^[0-9]{5}$", "ab|cd$", "^$", "x*", "^(?:ab)+?$", "[^a-z]", "\\d{2,3}",
            "é+", "^.$", "^\\s*$", "(a|b)*a(a|b){8}",
        ]
        let subjects = [
            "", "a", "aaa", "xaay", "SKU-1", "SKU-", "12345", "123456", "abcd", "cd", "Zz", "é", "éé", "aé", "\n",
            "ab\ncd", "  ", "abababab", "aaaaaaaaab", "baaaaaaaaa",
        ]
        for pattern in patterns {
            let regex = try #require(IRegexp(pattern, dialect: .ecmaScript))
            _ = regex.hasSearchTable  // built now, not after the NFA has read its budget
            for subject in subjects {
                #expect(
                    regex.firstMatch(subject) == regex.searchWithoutTable(subject), "/\(pattern)/ on \"\(subject)\"")
            }
        }
        #expect(try #require(IRegexp("^[0-9]{5}$", dialect: .ecmaScript)).hasSearchTable)
        // Too many states for the table: the NFA answers alone.
        #expect(try #require(IRegexp("(a|b)*a(a|b){8}", dialect: .ecmaScript)).hasSearchTable == false)
    }

    @Test("a pattern answers the same before and after it has read enough text to build its table")
    func lazyTable() throws {
        let regex = try #require(IRegexp("^SKU-[0-9]+$", dialect: .ecmaScript))
        let subjects = ["SKU-1", "SKU-", "xSKU-12", "SKU-123456", "SKU-12a", ""]
        let before = subjects.map { regex.firstMatch($0) }
        // Five kilobytes through the NFA: past its budget, the ASCII table answers from now on.
        #expect(regex.firstMatch(String(repeating: "SKU-0", count: 1000)) == false)
        #expect(subjects.map { regex.firstMatch($0) } == before)
        #expect(before == [true, false, false, true, false, false])
    }

    @Test("backreferences, lookaround and \\b do not compile; catastrophic patterns stay linear")
    func refused() {
        #expect(IRegexp("(a)\\1", dialect: .ecmaScript) == nil)
        #expect(IRegexp("(?=a)", dialect: .ecmaScript) == nil)
        #expect(IRegexp("\\bword", dialect: .ecmaScript) == nil)
        #expect(search("^(a+)+$", String(repeating: "a", count: 10_000) + "!") == false)
    }
}

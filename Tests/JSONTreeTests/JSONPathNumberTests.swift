import JSONTree
import Testing

/// Filter comparisons of numbers are exact: by decimal value of the text as sent, never through
/// a Double (which would make 2⁵³ + 1 equal 2⁵³ and 0.1000000000000000055511151231257827 equal 0.1).
@Suite("JSONPath number comparisons are exact")
struct JSONPathNumberTests {
    /// The texts of the elements of `array` that `query` selects.
    func select(_ query: String, in array: String) throws -> [String] {
        let document = try JSONDocument(text: array)
        return try JSONPath(query).select(in: document).map { document.rawText($0) }
    }

    @Test("integers beyond 2^53 and beyond 64 bits compare by every digit")
    func bigIntegers() throws {
        let values = "[12345678901234567890, 12345678901234567891, 9007199254740992, 9007199254740993]"
        #expect(try select("$[?@ == 12345678901234567890]", in: values) == ["12345678901234567890"])
        #expect(try select("$[?@ < 12345678901234567891]", in: values).count == 3)
        #expect(try select("$[?@ > 12345678901234567890]", in: values) == ["12345678901234567891"])
        #expect(try select("$[?@ == 9007199254740993]", in: values) == ["9007199254740993"])
        #expect(try select("$[?@ > 9007199254740992 && @ < 10000000000000000]", in: values) == ["9007199254740993"])
        #expect(try select("$[?@ != 12345678901234567891]", in: values).count == 3)
    }

    @Test("decimal text: equal values written differently match, nearby ones do not")
    func decimals() throws {
        let values =
            "[0.1, 0.10, 1e-1, 0.01E1, 0.1000000000000000055511151231257827, 100, 1E2, 100.000, 99.99999999999999999]"
        #expect(try select("$[?@ == 0.1]", in: values) == ["0.1", "0.10", "1e-1", "0.01E1"])
        #expect(try select("$[?@ > 0.1 && @ < 1]", in: values) == ["0.1000000000000000055511151231257827"])
        #expect(try select("$[?@ == 1e2]", in: values) == ["100", "1E2", "100.000"])
        #expect(try select("$[?@ < 100 && @ > 99.9]", in: values) == ["99.99999999999999999"])
        #expect(try select("$[?@ >= 100]", in: values) == ["100", "1E2", "100.000"])
    }

    @Test("signs, zeros and huge exponents order like numbers")
    func signsAndExponents() throws {
        let values = "[-2, -1.5, -1, 0, -0, 0.0e7, 1e400, -1e400, 10e399, 1e-400, -1e-400]"
        #expect(try select("$[?@ < -1.5]", in: values) == ["-2", "-1e400"])
        #expect(try select("$[?@ == 0]", in: values) == ["0", "-0", "0.0e7"])
        #expect(try select("$[?@ == -0]", in: values) == ["0", "-0", "0.0e7"])
        #expect(try select("$[?@ == 1e400]", in: values) == ["1e400", "10e399"])
        #expect(try select("$[?@ > 0 && @ < 1]", in: values) == ["1e-400"])
        #expect(try select("$[?@ < 0 && @ > -1]", in: values) == ["-1e-400"])
    }

    @Test("counts from length() and count() compare with number literals")
    func functionResults() throws {
        let document = try JSONDocument(text: #"{"a": [1, 2], "b": "héllo", "c": {"x": 1, "y": 2, "z": 3}}"#)
        let keys = { (query: String) throws -> [String] in
            try JSONPath(query).select(in: document).map { document.jsonPath($0) }
        }
        #expect(try keys("$[?length(@) == 2]") == ["$['a']"])
        #expect(try keys("$[?length(@) == 5.0]") == ["$['b']"])
        #expect(try keys("$[?count(@.*) >= 3e0]") == ["$['c']"])
    }
}

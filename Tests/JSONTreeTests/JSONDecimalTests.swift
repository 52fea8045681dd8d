import Testing

@testable import JSONTree

@Suite("exact decimal order of number text")
struct JSONDecimalTests {
    func decimal(_ text: String) throws -> JSONDecimal { try #require(JSONDecimal(ArraySlice(Array(text.utf8)))) }

    @Test("a list written in increasing order sorts as written; equal neighbours compare equal")
    func order() throws {
        // Groups of equal values, groups in increasing order.
        let groups = [
            ["-1e1000000000000000000000"], ["-10e400", "-1e401"], ["-18446744073709551617"], ["-1.5"],
            ["-1e-400"], ["0", "-0", "0.000", "0e99"], ["1e-400"], ["0.1", "0.100", "1E-1"],
            ["0.1000000000000000055511151231257827"], ["9007199254740992"], ["9007199254740993"],
            ["12345678901234567890", "1234567890123456789e1", "12345678901234567890.0"],
            ["12345678901234567891"], ["1e400", "10E+399"],
        ]
        let values = try groups.map { try $0.map(decimal) }
        for (index, group) in values.enumerated() {
            for value in group {
                #expect(group.allSatisfy { $0 == value })
                for later in values[(index + 1)...].joined() {
                    #expect(value < later)
                    #expect(!(later < value))
                    #expect(value != later)
                }
            }
        }
    }

    @Test(
        "text that is not a number is rejected",
        arguments: ["", "-", "1.", ".5", "1e", "1e+", "--1", "1.2.3", "0x10", "1 "])
    func rejects(text: String) {
        #expect(JSONDecimal(ArraySlice(Array(text.utf8))) == nil)
    }

    @Test("counts are exact integers")
    func counts() throws {
        #expect(JSONDecimal(0) == (try decimal("0")))
        #expect(JSONDecimal(130_000) == (try decimal("1.3e5")))
        #expect(JSONDecimal(Int.max) < (try decimal("9223372036854775808")))
    }
}

/// `JSONNumberText.compare` answers short integers and decimals without buffers; every answer must
/// be `JSONDecimal`'s (the exact comparison), and text that is not a number must give nil.
@Suite struct JSONNumberTextTests {
    func decimalOrder(_ left: String, _ right: String) -> Int? {
        guard let a = JSONDecimal(ArraySlice(Array(left.utf8))), let b = JSONDecimal(ArraySlice(Array(right.utf8)))
        else { return nil }
        return JSONDecimal.order(a, b)
    }

    @Test func shortNumbersCompareAsTheExactDecimalsDo() {
        var generator = SystemRandomNumberGenerator()
        func number() -> String {
            let sign = Bool.random(using: &generator) ? "-" : ""
            let whole = String(Int.random(in: 0...999_999, using: &generator))
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: return sign + whole
            case 1: return sign + whole + "." + String(Int.random(in: 0...999, using: &generator))
            case 2: return sign + whole + "." + String(repeating: "0", count: Int.random(in: 1...4, using: &generator))
            case 3: return sign + String(repeating: "9", count: Int.random(in: 10...18, using: &generator)) + ".5"
            default: return sign + whole + "e" + String(Int.random(in: -3...3, using: &generator))
            }
        }
        for _ in 0..<20_000 {
            let (left, right) = (number(), number())
            #expect(JSONNumberText.compare(left, right) == decimalOrder(left, right), "\(left) vs \(right)")
            #expect(JSONNumberText.compare(left, left) == 0)
        }
        let pairs: [(String, String, Int?)] = [
            ("10.5", "10.50", 0), ("-0.0", "0", 0), ("0.1", "0.10000", 0), ("1.05", "1.5", -1),
            ("-1.5", "-1.25", -1), ("999999999999999999", "999999999999999999.5", -1),
            ("1.", "1", nil), (".5", "0.5", nil), ("1.2.3", "1", nil), ("-", "0", nil), ("1e2", "100", 0),
        ]
        for (left, right, expected) in pairs {
            #expect(JSONNumberText.compare(left, right) == expected, "\(left) vs \(right)")
        }
    }
}

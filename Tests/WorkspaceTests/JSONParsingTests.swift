import JSONTree
import Testing

@testable import Workspace

/// Collection files are parsed by JSONTree; these check what the Workspace relies on: order and
/// number text kept, positions of values and member names, clean errors, and the canonical writer.
@Suite struct JSONParsingTests {
    private func parse(_ text: String) throws -> SourceNode {
        try SourceNode.parse(Array(text.utf8))
    }

    private func syntaxError(_ text: String) -> JSONParseError? {
        do {
            _ = try SourceNode.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func keepsMemberOrderAndNumberText() throws {
        let value = try parse(#"{"b": 1.50, "a": [1e400, -0, 12345678901234567890], "c": null}"#).stored
        #expect(
            value
                == .object([
                    .init("b", .number("1.50")),
                    .init("a", .array([.number("1e400"), .number("-0"), .number("12345678901234567890")])),
                    .init("c", .null),
                ]))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\ud83d\ude00", "é"]"#).stored
        #expect(value == .array([.string("\"\\/\u{08}\u{0C}\n\r\t"), .string("é😀"), .string("é")]))
    }

    @Test func remembersWhereValuesAndNamesStart() throws {
        let text = "{\n  \"a\" : [1, {\"k\\\"ey\": true}],\n  \"b\": \"x\"\n}"
        let root = try parse(text)
        guard case .object(let members) = root.kind, case .array(let items) = members[0].value.kind,
            case .object(let inner) = items[1].kind
        else {
            Issue.record("unexpected shape")
            return
        }
        let bytes = Array(text.utf8)
        #expect(members.map(\.keyOffset).map { bytes[$0] } == [UInt8(ascii: "\""), UInt8(ascii: "\"")])
        #expect(members[0].keyOffset == 4)
        #expect(members[0].value.offset == 10)
        #expect(inner[0].key == "k\"ey")
        #expect(inner[0].keyOffset == 15)
        #expect(members[1].keyOffset == 34)
        #expect(SourceText(bytes).location(of: members[1].value.offset) == (3, 8))
    }

    @Test func errorsCarryLineColumnAndExcerpt() throws {
        let error = try #require(syntaxError("{\n  \"a\": 1,\n  \"b\" 2\n}"))
        #expect(error.line == 3)
        #expect(error.column == 7)
        #expect(error.excerpt.contains("\"b\" 2"))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\":1,}", "01", "\"abc", "[1] 2", "{'a':1}", "NaN"])
    func rejectsInvalidJSON(_ text: String) {
        #expect(syntaxError(text) != nil)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(syntaxError(deep)?.reason == .tooDeep)
    }

    @Test func prettyPrintingIsCanonical() throws {
        let value = try parse(#"{"a":[],"b":{},"c":[1,{"d":"x\u0001\u2028"}],"e":"é/"}"#).stored
        #expect(
            value.prettyPrinted() == """
                {
                  "a": [],
                  "b": {},
                  "c": [
                    1,
                    {
                      "d": "x\\u0001\\u2028"
                    }
                  ],
                  "e": "é/"
                }

                """)
        #expect(try parse(value.prettyPrinted()).stored == value)
        #expect(value.compact() == #"{"a":[],"b":{},"c":[1,{"d":"x\u0001\u2028"}],"e":"é/"}"#)
    }

    @Test func doublesAreWrittenShortest() {
        #expect(StoredJSON.double(30).compact() == "30")
        #expect(StoredJSON.double(2.5).compact() == "2.5")
        #expect(StoredJSON.double(0.1).compact() == "0.1")
    }
}

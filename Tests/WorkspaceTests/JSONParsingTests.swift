import Testing

@testable import Workspace

@Suite struct JSONParsingTests {
    private func parse(_ text: String) throws -> StoredJSON {
        try PositionedJSONParser.parse(Array(text.utf8)).stored
    }

    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try PositionedJSONParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func keepsMemberOrderAndNumberText() throws {
        let value = try parse(#"{"b": 1.50, "a": [1e400, -0, 12345678901234567890], "c": null}"#)
        #expect(
            value
                == .object([
                    .init("b", .number("1.50")),
                    .init("a", .array([.number("1e400"), .number("-0"), .number("12345678901234567890")])),
                    .init("c", .null),
                ]))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\ud83d\ude00", "é"]"#)
        #expect(value == .array([.string("\"\\/\u{08}\u{0C}\n\r\t"), .string("é😀"), .string("é")]))
    }

    @Test func errorsCarryLineColumnAndCaret() throws {
        let error = try #require(syntaxError("{\n  \"a\": 1,\n  \"b\" 2\n}"))
        #expect(error.line == 3)
        #expect(error.column == 7)
        #expect(error.expected == "expected ':' after the member name; found '2'")
        #expect(error.excerpt == "  \"b\" 2")
        #expect(error.caret == "      ^")
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "tru", "\"abc", "\"\u{01}\"", "\"\\x\"", "\"\\ud800\"",
        "\"\\udc00\"", "[1] 2", "{'a':1}", "NaN",
    ])
    func rejectsInvalidJSON(_ text: String) {
        #expect(syntaxError(text) != nil)
    }

    @Test func rejectsInvalidUTF8WithItsOffset() throws {
        let bytes: [UInt8] = Array("[\"ab".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        #expect(throws: JSONSyntaxError.self) { try PositionedJSONParser.parse(bytes) }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = syntaxError(deep)
        #expect(error?.expected.contains("levels of nesting") == true)
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let error = try #require(syntaxError("{\"é\": x}"))
        #expect(error.column == 7)
    }

    @Test func prettyPrintingIsCanonical() throws {
        let value = try parse(#"{"a":[],"b":{},"c":[1,{"d":"x\u0001\u2028"}],"e":"é/"}"#)
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
        #expect(try parse(value.prettyPrinted()) == value)
        #expect(value.compact() == #"{"a":[],"b":{},"c":[1,{"d":"x\u0001\u2028"}],"e":"é/"}"#)
    }

    @Test func doublesAreWrittenShortest() {
        #expect(StoredJSON.double(30).compact() == "30")
        #expect(StoredJSON.double(2.5).compact() == "2.5")
        #expect(StoredJSON.double(0.1).compact() == "0.1")
    }
}

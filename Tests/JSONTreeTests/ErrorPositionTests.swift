import JSONTree
import Testing

@Suite("parse errors point at the problem")
struct ErrorPositionTests {
    func failure(_ text: String, options: JSONParseOptions = .strict) throws -> JSONParseError {
        do {
            _ = try JSONDocument(text: text, options: options)
        } catch {
            return error
        }
        Issue.record("expected a parse error for \(text)")
        throw CancellationError()
    }

    @Test("a missing comma reports line, column, expectation, excerpt and caret")
    func missingComma() throws {
        let error = try failure("{\n  \"name\": \"lazer\",\n  \"port\": 80 \"tls\": true\n}")
        #expect(error.reason == .unexpected)
        #expect(error.line == 3)
        #expect(error.column == 14)
        #expect(error.offset == 34)
        #expect(error.expected == "',' or '}' after an object member")
        #expect(error.found == "'\"'")
        #expect(error.excerpt == "  \"port\": 80 \"tls\": true")
        #expect(error.caretLine == "             ^")
        #expect(error.message == "line 3, column 14: expected ',' or '}' after an object member, found '\"'")
        #expect(error.description.hasSuffix("\n    " + error.excerpt + "\n    " + error.caretLine))
    }

    @Test("columns count characters, not bytes")
    func columnsCountCharacters() throws {
        let error = try failure("[\"日本語\", x]")
        #expect(error.line == 1)
        #expect(error.column == 9)
        #expect(error.offset == 14)
        #expect(error.caretColumn == 8)
    }

    @Test("end of input is reported as such, at the end")
    func endOfInput() throws {
        let error = try failure("{\"a\": [1, 2")
        #expect(error.offset == 11)
        #expect(error.found == "end of input")
        #expect(error.expected == "',' or ']'")
    }

    @Test("invalid UTF-8 is reported at the offending byte")
    func invalidUTF8() throws {
        let bytes: [UInt8] = Array("{\"k\": \"ab".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        do {
            _ = try JSONDocument(bytes: bytes)
            Issue.record("invalid UTF-8 accepted")
        } catch {
            #expect(error.reason == .invalidUTF8)
            #expect(error.offset == 9)
            #expect(error.found == "byte 0xC3")
        }
    }

    @Test("lenient mode replaces invalid UTF-8 with U+FFFD")
    func lenientUTF8() throws {
        let bytes: [UInt8] = Array("[\"ab".utf8) + [0xFF] + Array("\"]".utf8)
        let document = try JSONDocument(bytes: bytes, options: .lenient)
        let element = try #require(document.child(document.root, at: 0))
        #expect(document.string(element) == "ab\u{FFFD}")
    }

    @Test("a control character in a string is named and made visible in the excerpt")
    func controlCharacter() throws {
        let error = try failure("[\"a\u{1}b\"]")
        #expect(error.reason == .controlCharacter)
        #expect(error.found == "control character U+0001")
        #expect(error.excerpt == "[\"a\u{2401}b\"]")
    }

    @Test("long lines are cut around the caret")
    func longLineExcerpt() throws {
        let text = "[" + String(repeating: "1,", count: 200) + "x]"
        let error = try failure(text)
        #expect(error.excerpt.count <= 81)
        #expect(error.excerpt.hasPrefix("…"))
        let caretIndex = error.excerpt.index(error.excerpt.startIndex, offsetBy: error.caretColumn)
        #expect(error.excerpt[caretIndex] == "x")
    }

    @Test("nesting deeper than the limit is a clean error, not a crash")
    func depthLimit() throws {
        let error = try failure(String(repeating: "[", count: 1_000_000))
        #expect(error.reason == .tooDeep)
        #expect(error.offset == 10_000)
        let custom = try failure("[[[1]]]", options: JSONParseOptions(maximumDepth: 2))
        #expect(custom.reason == .tooDeep)
        #expect(custom.offset == 2)
    }

    @Test("lenient mode accepts comments and trailing commas that strict mode rejects")
    func lenientSyntax() throws {
        let text = "// request body\n{\n  \"a\": 1, /* the id */\n  \"b\": [1, 2,],\n}\n"
        let strict = try failure(text)
        #expect(strict.line == 1)
        #expect(strict.column == 1)
        let document = try JSONDocument(text: text, options: .lenient)
        #expect(document.childCount(document.root) == 2)
        #expect(JSONPrinter.string(document, options: .compact) == "{\"a\":1,\"b\":[1,2]}")
    }

    @Test("an unterminated block comment is an error")
    func unterminatedComment() throws {
        let error = try failure("[1 /* open", options: .lenient)
        #expect(error.expected == "'*/' closing the comment")
    }
}

import Foundation
import JSONTree
import TUI
import TerminalText
import Testing

/// Issue 35: tag characters, U+034F, the Hangul fillers and variation selectors are invisible
/// format characters — shown visibly on a terminal, escaped in JSON — in every channel, and JSON
/// escapes above U+FFFF are surrogate pairs (valid JSON).
@Suite("TerminalText: invisible format characters")
struct InvisibleCharacterTests {
    static let invisible: [UInt32] = [
        0xAD, 0x34F, 0x115F, 0x1160, 0x17B4, 0x180B, 0x180F, 0x2065, 0x3164, 0xFE00, 0xFE0D, 0xFFA0, 0x1D173,
        0xE0000, 0xE0001, 0xE0041, 0xE007F, 0xE0100, 0xE01EF,
    ]

    @Test("each is unsafe wherever it stands, and line() shows it as <U+XXXX>", arguments: invisible)
    func unsafe(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(TerminalText.isUnsafe(scalar))
        #expect(TerminalText.isUnsafe(scalar, after: "a"))
        var text = "a"
        text.unicodeScalars.append(scalar)
        #expect(TerminalText.line(text) == "a" + TerminalText.codePointForm(of: scalar))
        #expect(VisibleText.sanitize(text) == "a" + TerminalText.codePointForm(of: scalar))
    }

    @Test("an emoji presentation selector stays after a visible character, and is shown anywhere else")
    func presentationSelectors() {
        #expect(TerminalText.line("\u{2764}\u{FE0F} ok") == "\u{2764}\u{FE0F} ok")
        #expect(VisibleText.sanitize("\u{2764}\u{FE0F}") == "\u{2764}\u{FE0F}")
        #expect(TerminalText.line("\u{FE0F}x") == "<U+FE0F>x")
        #expect(TerminalText.line("\u{2764}\u{FE0F}\u{FE0F}") == "\u{2764}\u{FE0F}<U+FE0F>")
        #expect(TerminalText.line("a \u{FE0E}") == "a <U+FE0E>")
        #expect(TerminalText.jsonSafe("[\"\u{2764}\u{FE0F}\"]") == "[\"\u{2764}\u{FE0F}\"]")
    }

    @Test("JSON escapes: surrogate pairs above U+FFFF; jsonSafe escapes what an encoder left raw")
    func jsonEscapes() throws {
        #expect(TerminalText.jsonEscape("\u{E0001}") == #"\uDB40\uDC01"#)
        #expect(TerminalText.jsonEscape("\u{9B}") == #"\u009B"#)
        #expect(TerminalText.jsonEscape("\u{1B}", uppercase: false) == #"\u001b"#)
        let encoded = try JSONEncoder().encode(["k\u{9B}": "a\u{202E}b\u{E0041}\u{34F}\u{7F}"])
        let safe = TerminalText.jsonSafe(String(decoding: encoded, as: UTF8.self))
        #expect(safe == #"{"k\u009B":"a\u202Eb\uDB40\uDC41\u034F\u007F"}"#)
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(safe.utf8))
        #expect(decoded == ["k\u{9B}": "a\u{202E}b\u{E0041}\u{34F}\u{7F}"])
    }

    @Test(
        "a JSON string written by hand (lazer diff, lazer send --stream-json): valid JSON, the same value, nothing raw")
    func jsonStringLiteral() throws {
        let value = "q\"b\\n\n\t\r\u{1B}]52;c;eA==\u{07}\u{9B}31m\u{202E}x\u{E0041}\u{7F} e\u{301} \u{2764}\u{FE0F}"
        let literal = TerminalText.jsonStringLiteral(value)
        #expect(
            literal
                == #""q\"b\\n\n\t\r\u001B]52;c;eA==\u0007\u009B31m\u202Ex\uDB40\uDC41\u007F e\#u{301} \#u{2764}\#u{FE0F}""#
        )
        #expect(TerminalText.isSafe(literal))
        let decoded = try JSONDecoder().decode([String].self, from: Data("[\(literal)]".utf8))
        #expect(decoded == [value])
    }

    @Test("a JSON string's plain text is copied whole; one character to escape anywhere in it is still escaped")
    func jsonStringContentOfLongText() {
        let plain = String(repeating: "plain text 0123 ~!@#$%^&*()_+{}[]:;'<>,.?/", count: 3)
        #expect(TerminalText.jsonStringContent(plain) == plain)
        #expect(TerminalText.jsonStringContent("") == "")
        let escapes: [(String, String)] = [
            ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{7F}", #"\u007F"#), ("\u{01}", #"\u0001"#),
            ("é", "é"), ("\u{202E}", #"\u202E"#), ("東", "東"),
        ]
        for (character, escaped) in escapes {
            for position in [0, 31, 32, 64, plain.count] {
                let index = plain.index(plain.startIndex, offsetBy: position)
                let text = String(plain[..<index]) + character + plain[index...]
                #expect(
                    TerminalText.jsonStringContent(text) == String(plain[..<index]) + escaped + plain[index...],
                    "\(character.unicodeScalars.map(\.value)) at \(position)")
            }
        }
    }

    @Test("lazer json's printer escapes them, tag characters as surrogate pairs, and the value is kept")
    func jsonPrinter() throws {
        let value = "x\u{E0041}\u{34F}\u{3164}\u{FE01} \u{2764}\u{FE0F}"
        let document = try JSONDocument(bytes: Array("[\"\(value)\"]".utf8))
        let printed = JSONPrinter.string(document, options: .compact)
        #expect(printed == #"["x\uDB40\uDC41\u034F\u3164\uFE01 ❤️"]"#)
        let reparsed = try JSONDocument(bytes: Array(printed.utf8))
        let item = try #require(reparsed.child(reparsed.root, at: 0))
        #expect(reparsed.string(item) == value)
    }
}

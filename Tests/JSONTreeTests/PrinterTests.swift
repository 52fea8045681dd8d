import JSONTree
import Testing

@Suite("pretty printer")
struct PrinterTests {
    let text = #"{"b":[1,2,{"x":"\u00e9\n"}],"a":{},"c":[],"n":-0.50e+10,"t":true,"z":null}"#

    @Test("indents with the requested width and keeps key order and original text")
    func pretty() throws {
        let document = try JSONDocument(text: text)
        let printed = JSONPrinter.string(document)
        #expect(
            printed == """
                {
                  "b": [
                    1,
                    2,
                    {
                      "x": "\\u00e9\\n"
                    }
                  ],
                  "a": {},
                  "c": [],
                  "n": -0.50e+10,
                  "t": true,
                  "z": null
                }

                """)
        let four = JSONPrinter.string(document, options: JSONPrintOptions(indent: 4))
        #expect(four.contains("\n    \"b\": [\n        1,"))
    }

    @Test("compact output is the minified document")
    func compact() throws {
        let spaced = try JSONDocument(text: "{ \"b\" : [ 1 , 2 ] ,\n \"a\" : \"x\" }")
        #expect(JSONPrinter.string(spaced, options: .compact) == #"{"b":[1,2],"a":"x"}"#)
    }

    @Test("sorted keys order every object's members by key, recursively")
    func sortedKeys() throws {
        let document = try JSONDocument(text: #"{"b":{"z":1,"a":2},"a":[{"y":1,"x":2}],"é":0,"Z":1}"#)
        let printed = JSONPrinter.string(document, options: JSONPrintOptions(indent: 0, sortKeys: true))
        #expect(printed == #"{"Z":1,"a":[{"x":2,"y":1}],"b":{"a":2,"z":1},"é":0}"#)
    }

    @Test("a subtree prints on its own, without its key")
    func subtree() throws {
        let document = try JSONDocument(text: text)
        let b = try #require(document.child(document.root, key: "b"))
        #expect(JSONPrinter.string(document, node: b, options: .compact) == #"[1,2,{"x":"\u00e9\n"}]"#)
    }

    @Test("parse → print → parse is exact, including deep nesting")
    func roundTrip() throws {
        let deep = String(repeating: "[{\"k\":", count: 500) + "1" + String(repeating: "}]", count: 500)
        for source in [text, deep] {
            let document = try JSONDocument(text: source)
            let printed = JSONPrinter.print(document)
            let reparsed = try JSONDocument(bytes: printed)
            #expect(JSONPrinter.string(reparsed, options: .compact) == JSONPrinter.string(document, options: .compact))
        }
        let compact = try JSONDocument(text: text)
        #expect(JSONPrinter.string(compact, options: .compact) == text)
    }

    @Test("colour wraps tokens in ANSI sequences")
    func colored() throws {
        let document = try JSONDocument(text: #"{"k":"v","n":1}"#)
        let printed = JSONPrinter.string(document, options: JSONPrintOptions(indent: 0, colored: true))
        #expect(
            printed
                == "{\u{1B}[34m\"k\"\u{1B}[0m:\u{1B}[32m\"v\"\u{1B}[0m,\u{1B}[34m\"n\"\u{1B}[0m:\u{1B}[36m1\u{1B}[0m}")
    }
}

/// A lenient document's invalid UTF-8 is printed as `\uFFFD`, one per part Swift's own decoding
/// replaces (the longest valid beginning of a sequence), so printed keys sort as they did.
@Suite struct PrinterInvalidUTF8Tests {
    func printedValue(_ sequence: [UInt8]) throws -> String? {
        let document = try JSONDocument(bytes: Array("[\"".utf8) + sequence + Array("\"]".utf8), options: .lenient)
        let printed = JSONPrinter.print(document, options: .compact)
        let again = try JSONDocument(bytes: printed)
        return again.child(again.root, at: 0).flatMap { again.string($0) }
    }

    @Test func invalidSequencesAreReplacedAsSwiftDecodesThem() throws {
        let cases: [[UInt8]] = [
            [0xF4, 0xB4, 0x55], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xC0, 0xAF],
            [0xE3, 0xC8], [0xE6, 0x97], [0xF0, 0x9F, 0x98], [0x80, 0xBF, 0x41], [0xF5, 0x80], [0xFF],
            [0xE6, 0x97, 0xA5],
        ]
        for sequence in cases {
            #expect(try printedValue(sequence) == String(decoding: sequence, as: UTF8.self), "\(sequence)")
        }
    }

    /// Found by `make fuzz-json`: sorted keys holding invalid UTF-8 came back in another order.
    @Test func sortedKeysWithInvalidUTF8SurviveARoundTrip() throws {
        let bytes: [UInt8] =
            Array(#"{""#.utf8) + [0xF4, 0xB4] + Array(#"U":1,""#.utf8) + [0xE3, 0xC8] + Array(#"":2}"#.utf8)
        let options = JSONPrintOptions(indent: 0, sortKeys: true)
        let sorted = JSONPrinter.print(try JSONDocument(bytes: bytes, options: .lenient), options: options)
        #expect(JSONPrinter.print(try JSONDocument(bytes: sorted), options: options) == sorted)
        #expect(String(decoding: sorted, as: UTF8.self) == #"{"\uFFFD\uFFFD":2,"\uFFFD\uFFFDU":1}"#)
    }
}

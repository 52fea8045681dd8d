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

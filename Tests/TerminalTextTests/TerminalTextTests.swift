import Foundation
import JSONTree
import TUI
import TerminalText
import Testing

/// Sequences a hostile server, file or file name uses to drive a terminal.
enum HostileCorpus {
    static let sequences: [(name: String, text: String)] = [
        ("OSC 0 (title)", "\u{1B}]0;pwned\u{07}"),
        ("OSC 52 (clipboard)", "\u{1B}]52;c;cHduZWQ=\u{07}"),
        ("SGR (colour left on)", "\u{1B}[31;1m"),
        ("CSI via C1", "\u{9B}2J"),
        ("OSC via C1", "\u{9D}0;pwned\u{9C}"),
        ("bidi override", "abc\u{202E}fed"),
        ("bidi isolate", "\u{2067}x\u{2069}"),
        ("clear screen", "\u{1B}[2J"),
        ("zero-width space", "a\u{200B}b"),
        ("DEL", "a\u{7F}b"),
        ("line break", "one\ntwo"),
        ("carriage return", "real\rfake"),
        // Issue 35: invisible format characters that passed through every channel.
        ("tag characters (ASCII smuggling)", "ok\u{E0001}\u{E0069}\u{E0067}\u{E006E}\u{E007F}"),
        ("combining grapheme joiner", "a\u{034F}b"),
        ("Hangul fillers", "\u{115F}\u{3164}x"),
        ("variation selectors", "x\u{FE00}\u{E0100}\u{E01EF}"),
        ("a run of emoji presentation selectors", "\u{FE0F}\u{FE0F}"),
    ]

    /// The scalars that must never appear in output to a terminal, where they stand.
    static func rawControl(in text: String, allowingLines: Bool = false) -> Unicode.Scalar? {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if TerminalText.isUnsafe(scalar, after: previous), !(allowingLines && (scalar == "\n" || scalar == "\t")) {
                return scalar
            }
            previous = scalar
        }
        return nil
    }
}

@Suite("TerminalText: the one terminal-safe rendering")
struct TerminalTextTests {
    @Test("line() shows every unsafe scalar of the corpus visibly, line breaks included")
    func line() {
        for (name, text) in HostileCorpus.sequences {
            let shown = TerminalText.line(text)
            #expect(HostileCorpus.rawControl(in: shown) == nil, "\(name): \(shown.debugDescription)")
        }
        #expect(TerminalText.line("\u{1B}[2J") == "␛[2J")
        #expect(TerminalText.line("\u{9B}") == "<U+009B>")
        #expect(TerminalText.line("a\u{202E}b") == "a<U+202E>b")
        #expect(TerminalText.line("x\ny") == "x␊y")
        #expect(TerminalText.line("plain café 👩‍💻") == "plain café 👩‍💻")
    }

    @Test("lines() keeps line feeds and tabs, reads CRLF as lines, shows every other control")
    func lines() {
        #expect(TerminalText.lines("a\r\nb\r\n") == "a\nb\n")
        #expect(TerminalText.lines("a\tb\rc") == "a\tb␍c")
        for (name, text) in HostileCorpus.sequences {
            let shown = TerminalText.lines(text)
            #expect(HostileCorpus.rawControl(in: shown, allowingLines: true) == nil, "\(name)")
        }
    }

    @Test("lineWithExcerpt() keeps the excerpt and caret lines (indented by four spaces), shows other breaks")
    func lineWithExcerpt() {
        let diagnostic = "a\nb.json:1:2: error: found \u{1B}[31m\n    {\"x\": \u{1B}\n     ^"
        #expect(TerminalText.lineWithExcerpt(diagnostic) == "a␊b.json:1:2: error: found ␛[31m\n    {\"x\": ␛\n     ^")
        #expect(TerminalText.lineWithExcerpt("plain") == "plain")
    }

    @Test("the TUI's VisibleText uses the same definition")
    func visibleTextAgrees() {
        for value in UInt32(0)...0x10FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(VisibleText.isUnsafe(scalar) == TerminalText.isUnsafe(scalar))
        }
        for (name, text) in HostileCorpus.sequences {
            #expect(HostileCorpus.rawControl(in: VisibleText.sanitize(text)) == nil, "\(name)")
        }
    }

    @Test("the JSON printer escapes C1, bidi and format controls as \\uXXXX (plain and coloured); the value is kept")
    func jsonPrinter() throws {
        let value = "\u{9B}2J \u{202E}x \u{200B} \u{7F} café"
        var source = "{\"k\u{9B}\": \""
        source += value + "\"}"
        let document = try JSONDocument(bytes: Array(source.utf8))
        for options in [JSONPrintOptions(), JSONPrintOptions(colored: true), .compact] {
            let printed = JSONPrinter.string(document, options: options)
            let withoutColour = printed.replacingOccurrences(of: "\u{1B}[", with: "")
            #expect(
                HostileCorpus.rawControl(in: withoutColour, allowingLines: true) == nil, "\(printed.debugDescription)")
            #expect(printed.contains(#"\u009B2J \u202Ex \u200B \u007F café"#))
            let reparsed = try JSONDocument(bytes: JSONPrinter.print(document, options: .compact))
            let member = try #require(reparsed.child(reparsed.root, at: 0))
            #expect(reparsed.string(member) == value)
        }
    }

    @Test("invalid UTF-8 in a lenient document prints as \\uFFFD, never as a raw C1 byte")
    func jsonPrinterInvalidUTF8() throws {
        let bytes: [UInt8] = Array("[\"a".utf8) + [0x9B, 0xC2] + Array("\"]".utf8)
        let document = try JSONDocument(bytes: bytes, options: .lenient)
        let printed = JSONPrinter.print(document, options: .compact)
        #expect(!printed.contains(0x9B))
        #expect(String(decoding: printed, as: UTF8.self) == #"["a\uFFFD\uFFFD"]"#)
    }

    @Test("a parse error's excerpt shows C1 and bidi controls visibly")
    func parseErrorExcerpt() {
        for (name, text) in HostileCorpus.sequences where !text.contains("\n") {
            let input = Array("{\"a\": 1 \(text)".utf8)
            do {
                _ = try JSONDocument(bytes: input)
                Issue.record("\(name): parsed")
            } catch {
                #expect(
                    HostileCorpus.rawControl(in: error.excerpt) == nil, "\(name): \(error.excerpt.debugDescription)")
                #expect(HostileCorpus.rawControl(in: error.found) == nil, "\(name)")
            }
        }
    }

    // No time bound here (unit tests have none; this one failed under ThreadSanitizer on a busy
    // machine): the excerpt is built from a bounded slice either side of the error.
    @Test("an error at column 1 of a 20 MB line builds a short excerpt")
    func parseErrorExcerptIsBounded() {
        var input = [UInt8](repeating: UInt8(ascii: "x"), count: 20_000_000)
        input[0] = UInt8(ascii: "?")
        do {
            _ = try JSONDocument(bytes: input)
            Issue.record("parsed")
        } catch {
            #expect(error.column == 1)
            #expect(error.excerpt.count <= 82)
            #expect(error.excerpt.hasSuffix("…"))
        }
    }
}

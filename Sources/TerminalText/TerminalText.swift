/// The one definition of which characters may reach a terminal as they are, and how the others
/// are shown. Dependency-free so every printer can use it: the TUI toolkit (`VisibleText`), the
/// JSON printer and parse errors (`JSONTree`), every JSON writer (`jsonSafe`, `jsonEscape`) and
/// every `lazer` command.
///
/// Unsafe, never written raw: C0 controls (U+0000–U+001F), DEL, C1 controls (U+0080–U+009F,
/// U+009B being a CSI on many terminals), bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069), and the invisible format characters that can hide, smuggle or reorder text —
/// Unicode's default-ignorable code points: the soft hyphen U+00AD, the combining grapheme joiner
/// U+034F, the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), U+17B4, U+17B5, the Mongolian
/// selectors U+180B–U+180F, U+200B, U+2028, U+2029, U+2060–U+206F, variation selectors
/// (U+FE00–U+FE0F, U+E0100–U+E01EF), U+FEFF, U+FFF0–U+FFFB, U+1BCA0–U+1BCA3, U+1D173–U+1D17A,
/// and the tag characters U+E0000–U+E007F (the whole U+E0000–U+E0FFF block). Joiners (U+200C,
/// U+200D) stay: scripts and emoji need them. The emoji and text presentation selectors U+FE0E
/// and U+FE0F stay only right after a visible character (`❤️`): anywhere else — at the start,
/// after a control or another selector, in a run that smuggles data — they are shown too
/// (`isUnsafe(_:after:)`).
package enum TerminalText {
    /// True when the scalar must never be written to a terminal as-is, wherever it stands. The
    /// presentation selectors U+FE0E and U+FE0F are not (`isUnsafe(_:after:)` decides them).
    @inline(__always)
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if value < 0xAD { return false }
        switch value {
        case 0xAD, 0x34F, 0x61C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x200B, 0x200E, 0x200F,
            0x2028, 0x2029, 0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0D, 0xFEFF, 0xFFA0,
            0xFFF0...0xFFFB, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }

    /// True when `scalar`, following `previous` (nil at the start of a text), must not be written
    /// raw: `isUnsafe`, and a presentation selector (U+FE0E, U+FE0F) that does not directly follow a
    /// visible character it can select the look of.
    @inline(__always)
    package static func isUnsafe(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
        if isUnsafe(scalar) { return true }
        guard isPresentationSelector(scalar) else { return false }
        guard let previous else { return true }
        return previous.value <= 0x20 || isUnsafe(previous) || isPresentationSelector(previous)
    }

    /// U+FE0E (text presentation) or U+FE0F (emoji presentation).
    @inline(__always)
    static func isPresentationSelector(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFE0E || scalar.value == 0xFE0F
    }

    /// The visible stand-in for an unsafe scalar: a control picture for C0 and DEL (`␛`, `␀`,
    /// `␡`), `<U+XXXX>` for the others.
    package static func visibleForm(of scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        if value < 0x20, let picture = Unicode.Scalar(0x2400 + value) { return String(Character(picture)) }
        if value == 0x7F { return "\u{2421}" }
        return codePointForm(of: scalar)
    }

    /// `<U+XXXX>`, at least four hex digits.
    package static func codePointForm(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// One line of untrusted text (a name, a file name, a header, a message): every unsafe
    /// scalar, line breaks and tabs included, shown by its visible form.
    package static func line(_ text: some StringProtocol) -> String {
        sanitize(text, keepingLines: false)
    }

    /// `line` for a `String` (what nearly every caller has): made for that type here, where a
    /// call through the generic one from another module looked its witnesses up on every call,
    /// once per event of a stream `lazer send` prints.
    package static func line(_ text: String) -> String {
        sanitize(text, keepingLines: false)
    }

    /// One line of untrusted text, like `line`, followed by the excerpt and caret the program
    /// writes under a syntax error as lines of their own: a line feed followed by four spaces
    /// (how `JSONParseError` and the collection loader indent them) starts a line; any other line
    /// break, a file name's or a value's, is shown as `␊` and cannot start a line.
    package static func lineWithExcerpt(_ text: some StringProtocol) -> String {
        String(text).split(separator: "\n    ", omittingEmptySubsequences: false).map { line($0) }
            .joined(separator: "\n    ")
    }

    /// Untrusted text of several lines (a body): line feeds and tabs kept, a CR before a line feed
    /// dropped (CRLF text reads as lines), every other unsafe scalar shown by its visible form.
    package static func lines(_ text: some StringProtocol) -> String {
        sanitize(text, keepingLines: true)
    }

    /// Whether `text` has nothing to replace (printable ASCII and safe non-ASCII only).
    package static func isSafe(_ text: some StringProtocol, keepingLines: Bool = false) -> Bool {
        // Printable ASCII throughout (most text, every event of a typical stream): safe without
        // decoding a scalar; anything else is looked at scalar by scalar.
        let printableASCII = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            // `byte &- 0x20 > 0x5E`: below 0x20 or above 0x7E, in one comparison.
            for byte in bytes where byte &- 0x20 > 0x5E {
                guard keepingLines, byte == 0x0A || byte == 0x09 else { return false }
            }
            return true
        }
        if printableASCII == true { return true }
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar, after: previous), !(keepingLines && (scalar == "\n" || scalar == "\t")) {
                return false
            }
            previous = scalar
        }
        return true
    }

    private static func sanitize(_ text: some StringProtocol, keepingLines: Bool) -> String {
        if isSafe(text, keepingLines: keepingLines) { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if !isUnsafe(scalar, after: index > 0 ? scalars[index - 1] : nil) {
                result.unicodeScalars.append(scalar)
            } else if keepingLines, scalar == "\n" || scalar == "\t" {
                result.unicodeScalars.append(scalar)
            } else if keepingLines, scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" {
                continue
            } else {
                result += visibleForm(of: scalar)
            }
        }
        return result
    }

    /// The JSON escape for `scalar` (`\u001B`, `\u202E`, a surrogate pair `\uDB40\uDC01` above
    /// U+FFFF): how an unsafe scalar inside a JSON string is written, so the output stays valid
    /// JSON with the same value. `uppercase: false` gives `\u001b` (the collection files' form).
    package static func jsonEscape(_ scalar: Unicode.Scalar, uppercase: Bool = true) -> String {
        func unit(_ value: UInt32) -> String {
            let hex = String(value, radix: 16, uppercase: uppercase)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        let value = scalar.value
        guard value > 0xFFFF else { return unit(value) }
        let offset = value - 0x10000
        return unit(0xD800 + (offset >> 10)) + unit(0xDC00 + (offset & 0x3FF))
    }

    /// Appends `text` as the inside of a JSON string written by hand: quote, backslash and the
    /// short control escapes (`\n`, `\r`, `\t`, `\b`, `\f`) as JSON writes them, every other
    /// unsafe scalar (C0 and C1 controls, bidi and invisible format characters) as its `\uXXXX`
    /// escape (`uppercase: false`: `\u001b`, the collection files' form). Valid JSON with the same
    /// value, terminal-safe in one pass; other non-ASCII text stays UTF-8, readable in diffs.
    package static func appendJSONStringContent(_ text: String, to output: inout String, uppercase: Bool = true) {
        // Printable ASCII but the quote and the backslash (most strings): appended whole, after
        // one branch-free pass over the bytes. Walking the scalars cost 60 instructions a byte.
        if text.utf8.withContiguousStorageIfAvailable(isPlainJSONText) == true {
            output += text
            return
        }
        // Runs of scalars written raw are appended whole (a UTF-8 copy); only an escaped scalar
        // is written on its own — scalar by scalar, a 1 KB JSON body cost more than its request.
        let scalars = text.unicodeScalars
        var runStart = scalars.startIndex
        var index = runStart
        var previous: Unicode.Scalar?
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar.value >= 0x20, scalar.value < 0x7F, scalar != "\"", scalar != "\\" {
                // Printable ASCII other than the quote and the backslash: raw, part of the run.
                previous = scalar
                index = scalars.index(after: index)
                continue
            }
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\u{08}": escape = "\\b"
            case "\u{0C}": escape = "\\f"
            default:
                escape =
                    scalar.value < 0x20 || isUnsafe(scalar, after: previous)
                    ? jsonEscape(scalar, uppercase: uppercase) : nil
            }
            if let escape {
                output += Substring(scalars[runStart..<index])
                output += escape
                runStart = scalars.index(after: index)
            }
            previous = scalar
            index = scalars.index(after: index)
        }
        output += Substring(scalars[runStart..<index])
    }

    /// Whether every byte is printable ASCII other than `"` and `\\`: written into a JSON string
    /// as it is. Every byte is looked at without a branch, so the loop runs many bytes a step.
    private static func isPlainJSONText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var special: UInt8 = 0
        for byte in bytes {
            let outside: UInt8 = byte &- 0x20 >= 0x5F ? 1 : 0  // below 0x20, or 0x7F and above
            let quote: UInt8 = byte == 0x22 ? 1 : 0
            let backslash: UInt8 = byte == 0x5C ? 1 : 0
            special |= outside | quote | backslash
        }
        return special == 0
    }

    /// `text` as the inside of a JSON string (`appendJSONStringContent`).
    package static func jsonStringContent(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        appendJSONStringContent(text, to: &result)
        return result
    }

    /// `text` as a JSON string literal (quotes around `jsonStringContent`).
    package static func jsonStringLiteral(_ text: String) -> String {
        "\"" + jsonStringContent(text) + "\""
    }

    /// JSON text made by any encoder (Foundation's `JSONEncoder` included), with every raw unsafe
    /// scalar it left — C1, bidi and invisible format characters, DEL; only ever inside strings,
    /// since JSON's own syntax is ASCII — written as its `\uXXXX` escape: the same document, and
    /// nothing in it can drive a terminal or hide text. Every JSON writer's output goes through
    /// this (or writes `jsonEscape` itself). C0 controls are left to the encoder: outside strings
    /// they are JSON's whitespace, and inside them every encoder escapes them.
    package static func jsonSafe(_ json: String) -> String {
        var previous: Unicode.Scalar?
        var needsWork = false
        for scalar in json.unicodeScalars {
            if scalar.value >= 0x7F, isUnsafe(scalar, after: previous) {
                needsWork = true
                break
            }
            previous = scalar
        }
        guard needsWork else { return json }
        var result = ""
        result.reserveCapacity(json.utf8.count + 16)
        previous = nil
        for scalar in json.unicodeScalars {
            if scalar.value >= 0x7F, isUnsafe(scalar, after: previous) {
                result += jsonEscape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return result
    }
}

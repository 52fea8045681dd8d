/// The one definition of which characters may reach a terminal as they are, and how the others
/// are shown. Dependency-free so every printer can use it: the TUI toolkit (`VisibleText`), the
/// JSON printer and parse errors (`JSONTree`), and every `lazer` command.
///
/// Unsafe, never written raw: C0 controls (U+0000–U+001F), DEL, C1 controls (U+0080–U+009F,
/// U+009B being a CSI on many terminals), bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069), and invisible format characters that can hide or reorder text (U+180E,
/// U+200B, U+2028, U+2029, U+2060–U+2064, U+206A–U+206F, U+FEFF, U+FFF9–U+FFFB). Joiners
/// (U+200C, U+200D) stay: scripts and emoji need them.
package enum TerminalText {
    /// True when the scalar must never be written to a terminal as-is.
    @inline(__always)
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if value < 0x61C { return false }
        switch value {
        case 0x61C, 0x180E, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2060...0x2064,
            0x2066...0x206F, 0xFEFF, 0xFFF9...0xFFFB:
            return true
        default:
            return false
        }
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
        !text.unicodeScalars.contains { isUnsafe($0) && !(keepingLines && ($0 == "\n" || $0 == "\t")) }
    }

    private static func sanitize(_ text: some StringProtocol, keepingLines: Bool) -> String {
        if isSafe(text, keepingLines: keepingLines) { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if !isUnsafe(scalar) {
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

    /// The JSON escape for `scalar` (`\u001B`, `\u202E`): how an unsafe scalar inside a JSON string
    /// is written, so the output stays valid JSON with the same value.
    package static func jsonEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

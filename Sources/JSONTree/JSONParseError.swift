import TerminalText

/// A parse failure with everything needed to point at it: byte offset, line, column, what was
/// expected, and a one-line excerpt with a caret under the offending character.
package struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in categories a caller can branch on.
    package enum Reason: Sendable, Hashable {
        /// The input ended or had the wrong character where `expected` was required.
        case unexpected
        /// A string contains bytes that are not valid UTF-8.
        case invalidUTF8
        /// A string contains a raw control character (U+0000–U+001F), which must be escaped.
        case controlCharacter
        /// A backslash escape is not one of `\" \\ \/ \b \f \n \r \t \uXXXX`.
        case invalidEscape
        /// A number does not follow the JSON grammar (leading zeros, missing digits, ...).
        case invalidNumber
        /// Nesting is deeper than the configured maximum.
        case tooDeep
        /// A complete value was followed by more non-whitespace input.
        case trailingData
        /// The body is larger than the index can address (4 GiB).
        case tooLarge
    }

    package let reason: Reason
    /// Byte offset of the problem in the input (0-based).
    package let offset: Int
    /// Line of the problem (1-based; lines end at `\n`).
    package let line: Int
    /// Column of the problem (1-based, counted in Unicode characters of that line).
    package let column: Int
    /// What the parser expected at `offset`, in words ("',' or '}'", "a value").
    package let expected: String
    /// What it found instead ("'x'", "end of input", "byte 0xFF").
    package let found: String
    /// The line around the problem, control characters made visible, at most ~80 columns.
    package let excerpt: String
    /// 0-based position of the caret under `excerpt`.
    package let caretColumn: Int

    /// One-line summary: "line 3, column 14: expected ',' or '}', found 'x'".
    package var message: String { "line \(line), column \(column): expected \(expected), found \(found)" }

    /// Where, without what was found: for a file nobody named to be shown (a schema's `$ref` to
    /// `/etc/passwd` must not print its first line, nor its first character).
    package var place: String { "line \(line), column \(column)" }

    /// The caret line that goes under `excerpt`.
    package var caretLine: String { String(repeating: " ", count: caretColumn) + "^" }

    /// The message, the excerpt and the caret, as printed by `lazer json`.
    package var description: String { "\(message)\n    \(excerpt)\n    \(caretLine)" }

    /// Builds the error, computing line, column and excerpt from the input (only on failure).
    init(reason: Reason, offset: Int, expected: String, in bytes: UnsafeBufferPointer<UInt8>) {
        self.reason = reason
        let offset = max(0, min(offset, bytes.count))
        self.offset = offset
        self.expected = expected
        self.found = JSONParseError.describeFound(at: offset, in: bytes)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
        self.line = line
        // Only a bounded slice either side is made visible, so the excerpt costs O(window) however
        // long the line is (a 100 MB minified line): 4 bytes per character at most, plus the
        // visible forms' growth, is more than the window needs.
        let slice = JSONParseError.visibleSlice(of: lineStart..<lineEnd, around: offset, in: bytes)
        let sliceStart = slice.lowerBound
        let sliceEnd = slice.upperBound
        var before = JSONParseError.visible(UnsafeBufferPointer(rebasing: bytes[sliceStart..<offset]))
        var after = JSONParseError.visible(UnsafeBufferPointer(rebasing: bytes[offset..<sliceEnd]))
        if sliceStart > lineStart { before = "…" + before }
        if sliceEnd < lineEnd { after += "…" }
        self.column = JSONParseError.characterCount(UnsafeBufferPointer(rebasing: bytes[lineStart..<offset])) + 1
        let window = 80
        let shownBefore = before.count > window / 2 ? "…" + String(before.suffix(window / 2 - 1)) : before
        let shownAfter = after.count > window / 2 ? String(after.prefix(window / 2 - 1)) + "…" : after
        self.excerpt = shownBefore + shownAfter
        self.caretColumn = shownBefore.count
    }

    /// The bytes of `line` around `offset` that the excerpt is made from: a bounded window (widened
    /// only to whole UTF-8 characters), never the whole line.
    static func visibleSlice(of line: Range<Int>, around offset: Int, in bytes: UnsafeBufferPointer<UInt8>)
        -> Range<Int>
    {
        let slack = 4 * 80
        var sliceStart = max(line.lowerBound, offset - slack)
        while sliceStart > line.lowerBound, bytes[sliceStart] & 0xC0 == 0x80 { sliceStart -= 1 }
        var sliceEnd = min(line.upperBound, offset + slack)
        while sliceEnd < line.upperBound, bytes[sliceEnd] & 0xC0 == 0x80 { sliceEnd += 1 }
        return sliceStart..<sliceEnd
    }

    private static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Decodes a line fragment, tabs as spaces and every other scalar `TerminalText` calls unsafe
    /// (C0, DEL, C1, bidi and format controls) by its visible form.
    private static func visible(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var result = ""
        var previous: Unicode.Scalar?
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if scalar == "\t" {
                result += " "
            } else if TerminalText.isUnsafe(scalar, after: previous) {
                result += TerminalText.visibleForm(of: scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return result
    }

    private static func describeFound(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        switch byte {
        case 0x0A: return "a line break"
        case 0x0D: return "a carriage return"
        case 0x09: return "a tab"
        case 0x00..<0x20, 0x7F: return "control character U+00\(hex(byte))"
        case 0x20: return "a space"
        case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        default: return "byte 0x\(hex(byte))"
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}

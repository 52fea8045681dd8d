/// The line breaks text is split on: `\n` and `\r\n`. In Swift `"\r\n"` is one `Character`, so
/// splitting on `"\n"` alone would leave CRLF text as one long line showing `␍␊`.
///
/// A lone `\r` is not a line break: it stays in the line and is drawn as `␍`, because a carriage
/// return that does not end a line can hide or overwrite text on a terminal.
package enum LineBreak: String, Hashable, Sendable, CaseIterable {
    case lf = "\n"
    case crlf = "\r\n"

    /// The characters written for this break.
    package var text: String { rawValue }

    /// The break a character stands for, if it is one.
    package init?(_ character: Character) {
        switch character {
        case "\n": self = .lf
        case "\r\n": self = .crlf
        default: return nil
        }
    }

    /// `text` cut at every line break: `lines.count == breaks.count + 1`, and joining the lines
    /// with their breaks gives the text back exactly.
    package static func split(_ text: String) -> (lines: [String], breaks: [LineBreak]) {
        var lines: [String] = []
        var breaks: [LineBreak] = []
        // A `\n` byte always ends a character (`\n` or `\r\n`), so scanning bytes is exact.
        let utf8 = text.utf8
        var start = utf8.startIndex
        while let newline = utf8[start...].firstIndex(of: 0x0A) {
            var end = newline
            var kind = LineBreak.lf
            if newline > start, utf8[utf8.index(before: newline)] == 0x0D {
                end = utf8.index(before: newline)
                kind = .crlf
            }
            lines.append(String(decoding: utf8[start..<end], as: UTF8.self))
            breaks.append(kind)
            start = utf8.index(after: newline)
        }
        lines.append(String(decoding: utf8[start...], as: UTF8.self))
        return (lines, breaks)
    }

    /// The lines of `text`, breaks dropped.
    package static func lines(of text: String) -> [String] {
        split(text).lines
    }
}

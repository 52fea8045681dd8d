/// A text with `{{name}}` placeholders, split into literal runs and references.
///
/// `{{name}}` refers to a variable, `{{$uuid}}` to a dynamic value, which may take arguments
/// after a space (`{{$randomInt 1 7}}`, `{{$date "YYYY-MM-DD HH:mm" -1 d}}`: words, or text in
/// double quotes with `\"` and `\\` escapes); spaces around the inside of the braces are ignored.
/// `\{{` writes a literal `{{`. Nothing else is special: a lone `{`, `}}`, `$` or `\` stays as written.
package struct Template: Sendable, Equatable {
    package enum Segment: Sendable, Equatable {
        case literal(String)
        case variable(String)
        /// A dynamic value, without its `$` (`uuid`, `randomInt`, …), and its arguments, unquoted.
        case dynamic(String, arguments: [String])
        /// Something that looks like a placeholder but is not one (`{{}}`, `{{a b}}`, an unclosed `{{`).
        case malformed(String, reason: String)
    }

    package var segments: [Segment]

    package init(_ text: String) {
        segments = Self.parse(text)
    }

    /// False when `text` has no `{{` and so is its own literal value (a byte scan: most fields of
    /// a request have no placeholder, and this is asked for each of them at every send).
    /// Read in place: iterating `String.UTF8View` cost ~33 instructions a byte, a third of a
    /// `lazer run` request's resolution for a 1 KB body.
    package static func mayHavePlaceholders(_ text: String) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable(hasDoubleBrace) { return found }
        var previousWasBrace = false
        for byte in text.utf8 {
            let isBrace = byte == UInt8(ascii: "{")
            if isBrace, previousWasBrace { return true }
            previousWasBrace = isBrace
        }
        return false
    }

    private static func hasDoubleBrace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 1
        while index < bytes.count {
            // A `{` at an odd step is checked with the byte before it, so every other byte is enough.
            if bytes[index] == UInt8(ascii: "{") {
                if bytes[index - 1] == UInt8(ascii: "{") { return true }
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") { return true }
            }
            index += 2
        }
        return false
    }

    /// The variable names referred to, in order.
    package var variableNames: [String] {
        segments.compactMap { if case .variable(let name) = $0 { name } else { nil } }
    }

    /// True when the text has no placeholders (after unescaping it is just the literal).
    package var isLiteral: Bool {
        segments.allSatisfy { if case .literal = $0 { true } else { false } }
    }

    private static func parse(_ text: String) -> [Segment] {
        var segments: [Segment] = []
        forEachSegment(of: text) { segments.append($0) }
        return segments
    }

    /// Calls `visit` with each segment of `text` in order (what `segments` holds), without
    /// collecting them: a send fills its placeholders as they are found.
    ///
    /// Scans the UTF-8 bytes: every byte the syntax uses (`{`, `}`, `\`, space) is ASCII, which
    /// never occurs inside a multi-byte character, so pieces cut at them are whole characters.
    static func forEachSegment(of text: String, _ visit: (Segment) -> Void) {
        var text = text
        text.withUTF8 { forEachSegment(of: $0, visit) }
    }

    private static func forEachSegment(of bytes: UnsafeBufferPointer<UInt8>, _ visit: (Segment) -> Void) {
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        let space = UInt8(ascii: " ")
        let count = bytes.count
        var literal = ""
        var index = 0
        var runStart = 0
        func piece(_ start: Int, _ end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        func appendRun(upTo end: Int) {
            if end > runStart { literal += piece(runStart, end) }
        }
        func flush() {
            if !literal.isEmpty { visit(.literal(literal)) }
            literal = ""
        }
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 2 < count, bytes[index + 1] == open, bytes[index + 2] == open {
                appendRun(upTo: index)
                literal += "{{"
                index += 3
                runStart = index
                continue
            }
            guard byte == open, index + 1 < count, bytes[index + 1] == open else {
                index += 1
                continue
            }
            appendRun(upTo: index)
            // Find the closing braces.
            var end = index + 2
            while end + 1 < count, !(bytes[end] == close && bytes[end + 1] == close) { end += 1 }
            guard end + 1 < count else {
                flush()
                visit(
                    .malformed(
                        piece(index, count), reason: "'{{' without a closing '}}' (write \\{{ for a literal '{{')"))
                return
            }
            flush()
            // The name, without the spaces around it (bytes, so no string is made for them).
            var nameStart = index + 2
            var nameEnd = end
            while nameStart < nameEnd, bytes[nameStart] == space { nameStart += 1 }
            while nameEnd > nameStart, bytes[nameEnd - 1] == space { nameEnd -= 1 }
            let isDynamic = nameStart < nameEnd && bytes[nameStart] == UInt8(ascii: "$")
            let wordStart = isDynamic ? nameStart + 1 : nameStart
            // A dynamic value's name ends at the first space; its arguments follow.
            var wordEnd = wordStart
            while isDynamic, wordEnd < nameEnd, bytes[wordEnd] != space { wordEnd += 1 }
            if !isDynamic { wordEnd = nameEnd }
            let arguments =
                wordEnd < nameEnd
                ? DynamicArguments.split(piece(wordEnd, nameEnd)) : .success([])
            if wordStart < wordEnd, bytes[wordStart..<wordEnd].allSatisfy(VariableName.isNameByte),
                case .success(let words) = arguments
            {
                let word = piece(wordStart, wordEnd)
                visit(isDynamic ? .dynamic(word, arguments: words) : .variable(word))
            } else if case .failure(let reason) = arguments {
                visit(.malformed(piece(index, end + 2), reason: reason.text))
            } else {
                let inner = piece(index + 2, end)
                visit(
                    .malformed(
                        piece(index, end + 2), reason: "\"\(inner)\" is not a variable name (\(VariableName.rule))"))
            }
            index = end + 2
            runStart = index
        }
        appendRun(upTo: count)
        flush()
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars = scalars.dropFirst() }
        while scalars.last == " " { scalars = scalars.dropLast() }
        return String(scalars)
    }
}

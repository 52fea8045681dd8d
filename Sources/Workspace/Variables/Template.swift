/// A text with `{{name}}` placeholders, split into literal runs and references.
///
/// `{{name}}` refers to a variable, `{{$uuid}}` to a dynamic value; spaces inside the braces are
/// ignored. `\{{` writes a literal `{{`. Nothing else is special: a lone `{`, `}}`, `$` or `\`
/// stays as written.
public struct Template: Sendable, Equatable {
    public enum Segment: Sendable, Equatable {
        case literal(String)
        case variable(String)
        /// A dynamic value, without its `$`: `uuid`, `timestamp`, …
        case dynamic(String)
        /// Something that looks like a placeholder but is not one (`{{}}`, `{{a b}}`, an unclosed `{{`).
        case malformed(String, reason: String)
    }

    public var segments: [Segment]

    public init(_ text: String) {
        segments = Self.parse(text)
    }

    /// False when `text` has no `{{` and so is its own literal value (a byte scan: most fields of
    /// a request have no placeholder, and this is asked for each of them at every send).
    public static func mayHavePlaceholders(_ text: String) -> Bool {
        var previousWasBrace = false
        for byte in text.utf8 {
            let isBrace = byte == UInt8(ascii: "{")
            if isBrace, previousWasBrace { return true }
            previousWasBrace = isBrace
        }
        return false
    }

    /// The variable names referred to, in order.
    public var variableNames: [String] {
        segments.compactMap { if case .variable(let name) = $0 { name } else { nil } }
    }

    /// True when the text has no placeholders (after unescaping it is just the literal).
    public var isLiteral: Bool {
        segments.allSatisfy { if case .literal = $0 { true } else { false } }
    }

    /// Scans the UTF-8 bytes: every byte the syntax uses (`{`, `}`, `\`, space) is ASCII, which
    /// never occurs inside a multi-byte character, so pieces cut at them are whole characters.
    private static func parse(_ text: String) -> [Segment] {
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        let bytes = Array(text.utf8)
        let count = bytes.count
        var segments: [Segment] = []
        var literal = ""
        var index = 0
        var runStart = 0
        func piece(_ start: Int, _ end: Int) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }
        func appendRun(upTo end: Int) {
            if end > runStart { literal += piece(runStart, end) }
        }
        func flush() {
            if !literal.isEmpty { segments.append(.literal(literal)) }
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
                segments.append(
                    .malformed(
                        piece(index, count), reason: "'{{' without a closing '}}' (write \\{{ for a literal '{{')"))
                return segments
            }
            flush()
            let inner = piece(index + 2, end)
            let raw = piece(index, end + 2)
            let name = inner.trimmingSpaces
            if name.hasPrefix("$"), VariableName.isValid(String(name.dropFirst())) {
                segments.append(.dynamic(String(name.dropFirst())))
            } else if VariableName.isValid(name) {
                segments.append(.variable(name))
            } else {
                segments.append(.malformed(raw, reason: "\"\(inner)\" is not a variable name (\(VariableName.rule))"))
            }
            index = end + 2
            runStart = index
        }
        appendRun(upTo: count)
        flush()
        return segments
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

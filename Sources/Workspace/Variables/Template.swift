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

    /// The variable names referred to, in order.
    public var variableNames: [String] {
        segments.compactMap { if case .variable(let name) = $0 { name } else { nil } }
    }

    /// True when the text has no placeholders (after unescaping it is just the literal).
    public var isLiteral: Bool {
        segments.allSatisfy { if case .literal = $0 { true } else { false } }
    }

    private static func parse(_ text: String) -> [Segment] {
        var segments: [Segment] = []
        var literal = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func flush() {
            if !literal.isEmpty { segments.append(.literal(literal)) }
            literal = ""
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 2 < scalars.count, scalars[index + 1] == "{", scalars[index + 2] == "{" {
                literal += "{{"
                index += 3
                continue
            }
            guard scalar == "{", index + 1 < scalars.count, scalars[index + 1] == "{" else {
                literal.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            // Find the closing braces.
            var end = index + 2
            while end + 1 < scalars.count, !(scalars[end] == "}" && scalars[end + 1] == "}") { end += 1 }
            guard end + 1 < scalars.count else {
                flush()
                let rest = String(String.UnicodeScalarView(scalars[index...]))
                segments.append(.malformed(rest, reason: "'{{' without a closing '}}' (write \\{{ for a literal '{{')"))
                return segments
            }
            flush()
            let inner = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
            let raw = String(String.UnicodeScalarView(scalars[index..<(end + 2)]))
            let name = inner.trimmingSpaces
            if name.hasPrefix("$"), VariableName.isValid(String(name.dropFirst())) {
                segments.append(.dynamic(String(name.dropFirst())))
            } else if VariableName.isValid(name) {
                segments.append(.variable(name))
            } else {
                segments.append(.malformed(raw, reason: "\"\(inner)\" is not a variable name (\(VariableName.rule))"))
            }
            index = end + 2
        }
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

/// A strict RFC 8259 parser for collection-sized files that records where every value starts.
///
/// Collections are small (kilobytes), so clarity wins over speed here; response bodies go
/// through `JSONTree` instead. Nesting is limited to `maximumDepth` so hostile input cannot
/// overflow the stack.
struct PositionedJSONParser {
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON document (an optional UTF-8 byte order mark is skipped).
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> SourceNode {
        var parser = PositionedJSONParser(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let node = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("end of file after the top-level value") }
        return node
    }

    private func error(_ expected: String, at offset: Int? = nil) -> JSONSyntaxError {
        let position = offset ?? index
        let text = SourceText(bytes)
        let (line, column) = text.location(of: position)
        let found: String
        if position >= bytes.count {
            found = "end of file"
        } else {
            let byte = bytes[position]
            found =
                byte >= 0x20 && byte < 0x7F
                ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        }
        return JSONSyntaxError(
            offset: position, line: line, column: column, expected: "expected \(expected); found \(found)",
            excerpt: text.excerpt(at: position), caret: String(repeating: " ", count: column - 1) + "^")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> SourceNode {
        guard depth < Self.maximumDepth else { throw error("at most \(Self.maximumDepth) levels of nesting") }
        let start = index
        guard index < bytes.count else { throw error("a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return SourceNode(kind: .object(try parseObject(depth: depth)), offset: start)
        case UInt8(ascii: "["): return SourceNode(kind: .array(try parseArray(depth: depth)), offset: start)
        case UInt8(ascii: "\""): return SourceNode(kind: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return SourceNode(kind: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return SourceNode(kind: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return SourceNode(kind: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return SourceNode(kind: .number(try parseNumber()), offset: start)
        default:
            throw error("a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func expectLiteral(_ word: String) throws(JSONSyntaxError) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw error("'\(word)'") }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [SourceMember] {
        index += 1
        var members: [SourceMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("a member name in quotes")
            }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("':' after the member name")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            members.append(SourceMember(key: key, keyOffset: keyOffset, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("',' or '}'") }
            index += 1
            return members
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [SourceNode] {
        index += 1
        var items: [SourceNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return items
        }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("',' or ']'") }
            index += 1
            return items
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        func digits(_ parser: inout PositionedJSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, (0x30...0x39).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw error("a digit")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("a digit after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits(&self) > 0 else { throw error("a digit in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ parser: PositionedJSONParser, upTo end: Int) throws(JSONSyntaxError) {
            guard runStart < end else { return }
            guard let run = String(validating: parser.bytes[runStart..<end], as: UTF8.self) else {
                throw parser.error("valid UTF-8 text", at: runStart)
            }
            scalars.append(contentsOf: run.unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw error("'\"' to close the string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flush(self, upTo: index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("an escaped control character (\\n, \\t, \\u00XX)") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            try flush(self, upTo: index)
            index += 1
            guard index < bytes.count else { throw error("an escape character") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
            default: throw error("a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: index - 1)
            }
            runStart = index
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else { throw error("a hex digit") }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> UnicodeScalar {
        let start = index - 2
        let high = try hex4()
        if (0xDC00...0xDFFF).contains(high) { throw error("a high surrogate before a low surrogate", at: start) }
        if (0xD800...0xDBFF).contains(high) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("a low surrogate escape after a high surrogate") }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("a low surrogate", at: index - 6) }
            let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            guard let scalar = UnicodeScalar(combined) else { throw error("a valid code point", at: start) }
            return scalar
        }
        guard let scalar = UnicodeScalar(high) else { throw error("a valid code point", at: start) }
        return scalar
    }
}

/// A small strict JSON reader that tracks line and column, for hand-edited configuration files
/// (themes, keymaps). Not for response bodies: those go through `JSONTree`.
package struct JSONSourceParser {
    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private static let maximumDepth = 64

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Parses a whole document. Errors name `file`, line and column.
    package static func parse(_ bytes: [UInt8], file: String) throws(JSONSourceError) -> JSONSourceValue {
        var parser = JSONSourceParser(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            parser.index = 3
            parser.lineStart = 3
        }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the end of the document") }
        return value
    }

    /// Character column of `index`, counted incrementally from the last call on the same line so
    /// a long one-line file costs linear time, not quadratic.
    private var columnIndex = 0
    private var columnValue = 1

    private mutating func currentColumn() -> Int {
        if columnIndex < lineStart || columnIndex > index {
            columnIndex = lineStart
            columnValue = 1
        }
        while columnIndex < index && columnIndex < bytes.count {
            if bytes[columnIndex] & 0xC0 != 0x80 { columnValue += 1 }
            columnIndex += 1
        }
        return columnValue
    }

    private mutating func error(_ message: String) -> JSONSourceError {
        JSONSourceError(file: file, line: line, column: currentColumn(), message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private var describeCurrent: String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16)
    }

    private mutating func parseValue(depth: Int) throws(JSONSourceError) -> JSONSourceValue {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        guard index < bytes.count else { throw error("expected a value, found the end of the file") }
        let startLine = line
        let startColumn = currentColumn()
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: String, value: JSONSourceValue, line: Int, column: Int)] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members, line: startLine, column: startColumn)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a quoted key, found \(describeCurrent)")
                }
                let keyLine = line
                let keyColumn = currentColumn()
                let key = try parseString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw error("expected ':' after key \"\(key)\", found \(describeCurrent)")
                }
                index += 1
                skipWhitespace()
                let value = try parseValue(depth: depth + 1)
                if members.contains(where: { $0.key == key }) {
                    throw JSONSourceError(
                        file: file, line: keyLine, column: keyColumn, message: "duplicate key \"\(key)\"")
                }
                members.append((key, value, keyLine, keyColumn))
                skipWhitespace()
                guard index < bytes.count else { throw error("expected ',' or '}', found the end of the file") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members, line: startLine, column: startColumn)
                }
                throw error("expected ',' or '}', found \(describeCurrent)")
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONSourceValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items, line: startLine, column: startColumn)
            }
            while true {
                skipWhitespace()
                items.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("expected ',' or ']', found the end of the file") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items, line: startLine, column: startColumn)
                }
                throw error("expected ',' or ']', found \(describeCurrent)")
            }
        case UInt8(ascii: "\""):
            return .string(try parseString(), line: startLine, column: startColumn)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true, line: startLine, column: startColumn)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false, line: startLine, column: startColumn)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null(line: startLine, column: startColumn)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber(), line: startLine, column: startColumn)
        default:
            throw error("expected a value, found \(describeCurrent)")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSourceError) {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<(index + utf8.count)]) == utf8 else {
            throw error("expected a value, found \(describeCurrent)")
        }
        index += utf8.count
    }

    private mutating func parseNumber() throws(JSONSourceError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let allowed = Set("0123456789.eE+-".utf8)
        while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("invalid number \(text)")
        }
        return value
    }

    private mutating func parseString() throws(JSONSourceError) -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            if !run.isEmpty {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll()
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var value = try parseHex4()
                    if (0xD800...0xDBFF).contains(value), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try parseHex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        }
                    }
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                default:
                    index -= 1
                    throw error("invalid escape \\\(Character(Unicode.Scalar(escape)))")
                }
            case 0x00..<0x20:
                if byte == 0x0A { throw error("unterminated string (line break inside quotes)") }
                throw error("control character inside a string")
            default:
                run.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(JSONSourceError) -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
        else {
            throw error("invalid \\u escape")
        }
        index += 4
        return value
    }
}

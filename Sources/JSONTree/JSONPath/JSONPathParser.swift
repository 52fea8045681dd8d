/// Recursive-descent parser for RFC 9535 queries, including the well-typedness rules of §2.4.3.
/// Filter nesting is limited so a hostile query cannot exhaust the stack.
struct JSONPathParser {
    let text: String
    let scalars: [Unicode.Scalar]
    var position = 0
    var nesting = 0
    static let maximumNesting = 64
    /// The largest integer I-JSON allows (2^53 − 1).
    static let maximumInteger = 9_007_199_254_740_991

    init(_ text: String) {
        self.text = text
        self.scalars = Array(text.unicodeScalars)
    }

    // MARK: - Helpers

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func fail(_ message: String, at offset: Int? = nil) -> JSONPathError {
        JSONPathError(message: message, offset: offset ?? position, query: text)
    }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    mutating func skipBlanks() {
        while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            position += 1
        }
    }

    mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
        guard current == scalar else { return false }
        position += 1
        return true
    }

    mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(JSONPathError) {
        guard consume(scalar) else { throw fail("expected \(what)") }
    }

    // MARK: - Queries

    mutating func parseQuery() throws(JSONPathError) -> [JSONPathSegment] {
        guard consume("$") else { throw fail("a query starts with '$'") }
        let segments = try parseSegments()
        guard position == scalars.count else { throw fail("unexpected character") }
        return segments
    }

    mutating func parseSegments() throws(JSONPathError) -> [JSONPathSegment] {
        var segments: [JSONPathSegment] = []
        while true {
            let save = position
            skipBlanks()
            guard let scalar = current else {
                position = save
                return segments
            }
            if scalar == "[" {
                segments.append(JSONPathSegment(isDescendant: false, selectors: try parseBracketed()))
            } else if scalar == ".", peek(1) == "." {
                position += 2
                if current == "[" {
                    segments.append(JSONPathSegment(isDescendant: true, selectors: try parseBracketed()))
                } else if consume("*") {
                    segments.append(JSONPathSegment(isDescendant: true, selectors: [.wildcard]))
                } else {
                    segments.append(JSONPathSegment(isDescendant: true, selectors: [.name(try parseShorthandName())]))
                }
            } else if scalar == "." {
                position += 1
                if consume("*") {
                    segments.append(JSONPathSegment(isDescendant: false, selectors: [.wildcard]))
                } else {
                    segments.append(JSONPathSegment(isDescendant: false, selectors: [.name(try parseShorthandName())]))
                }
            } else {
                position = save
                return segments
            }
        }
    }

    static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x80...0xD7FF, 0xE000...0x10FFFF: true
        default: false
        }
    }

    mutating func parseShorthandName() throws(JSONPathError) -> [UInt8] {
        guard let first = current, JSONPathParser.isNameFirst(first) else {
            throw fail("expected a member name, '*' or '[' after '.'")
        }
        // Encoded straight into the name's bytes: a collection's checks are mostly short names
        // (`$.id`), parsed when it loads and again when a run plans them.
        var name: [UInt8] = []
        while let scalar = current, JSONPathParser.isNameFirst(scalar) || ("0"..."9").contains(scalar) {
            if scalar.isASCII {
                name.append(UInt8(truncatingIfNeeded: scalar.value))
            } else if let encoded = UTF8.encode(scalar) {
                name.append(contentsOf: encoded)
            }
            position += 1
        }
        return name
    }

    mutating func parseBracketed() throws(JSONPathError) -> [JSONPathSelector] {
        try expect("[", "'['")
        var selectors: [JSONPathSelector] = []
        repeat {
            skipBlanks()
            selectors.append(try parseSelector())
            skipBlanks()
        } while consume(",")
        try expect("]", "',' or ']'")
        return selectors
    }

    mutating func parseSelector() throws(JSONPathError) -> JSONPathSelector {
        guard let scalar = current else { throw fail("expected a selector") }
        switch scalar {
        case "'", "\"": return .name(Array(try parseStringLiteral().utf8))
        case "*":
            position += 1
            return .wildcard
        case "?":
            position += 1
            skipBlanks()
            return .filter(try parseLogical())
        default:
            let start = try parseOptionalInteger()
            skipBlanks()
            guard consume(":") else {
                guard let start else { throw fail("expected a selector") }
                return .index(start)
            }
            skipBlanks()
            let end = try parseOptionalInteger()
            skipBlanks()
            var step: Int?
            if consume(":") {
                skipBlanks()
                step = try parseOptionalInteger()
            }
            return .slice(start: start, end: end, step: step)
        }
    }

    /// An integer per RFC 9535: no leading zeros, no `-0`, within ±(2^53 − 1).
    mutating func parseOptionalInteger() throws(JSONPathError) -> Int? {
        let start = position
        let negative = consume("-")
        guard let first = current, ("0"..."9").contains(first) else {
            if negative { throw fail("expected a digit after '-'") }
            return nil
        }
        if first == "0", let next = peek(1), ("0"..."9").contains(next) {
            throw fail("leading zeros are not allowed")
        }
        if negative, first == "0" { throw fail("'-0' is not a valid index", at: start) }
        var value = 0
        while let scalar = current, ("0"..."9").contains(scalar) {
            value = value * 10 + Int(scalar.value - 48)
            guard value <= JSONPathParser.maximumInteger else { throw fail("integer out of range", at: start) }
            position += 1
        }
        return negative ? -value : value
    }

    mutating func parseStringLiteral() throws(JSONPathError) -> String {
        guard let quote = current else { throw fail("expected a string") }
        position += 1
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = current else { throw fail("unterminated string") }
            position += 1
            if scalar == quote { return String(result) }
            if scalar.value < 0x20 { throw fail("control characters must be escaped", at: position - 1) }
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            guard let escape = current else { throw fail("unterminated escape") }
            position += 1
            switch escape {
            case "b": result.append("\u{8}")
            case "f": result.append("\u{C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "/": result.append("/")
            case "\\": result.append("\\")
            case "'" where quote == "'": result.append("'")
            case "\"" where quote == "\"": result.append("\"")
            case "u":
                var value = try parseHex4()
                if (0xD800..<0xDC00).contains(value) {
                    guard consume("\\"), consume("u") else { throw fail("a high surrogate must be followed by \\u") }
                    let low = try parseHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("invalid low surrogate") }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(value) {
                    throw fail("lone low surrogate")
                }
                guard let decoded = Unicode.Scalar(value) else { throw fail("invalid \\u escape") }
                result.append(decoded)
            default: throw fail("invalid escape")
            }
        }
    }

    mutating func parseHex4() throws(JSONPathError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = current, let digit = JSONParser.hexValue(UInt8(truncatingIfNeeded: scalar.value)),
                scalar.isASCII
            else { throw fail("expected four hex digits") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}

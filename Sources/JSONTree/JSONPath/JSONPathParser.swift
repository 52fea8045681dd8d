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
        var name = String.UnicodeScalarView()
        while let scalar = current, JSONPathParser.isNameFirst(scalar) || ("0"..."9").contains(scalar) {
            name.append(scalar)
            position += 1
        }
        return Array(String(name).utf8)
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

    // MARK: - Filter expressions

    mutating func parseLogical() throws(JSONPathError) -> JSONPathExpression {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= JSONPathParser.maximumNesting else { throw fail("filter nested too deeply") }
        var terms = [try parseAnd()]
        while true {
            skipBlanks()
            guard current == "|", peek(1) == "|" else { break }
            position += 2
            skipBlanks()
            terms.append(try parseAnd())
        }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    mutating func parseAnd() throws(JSONPathError) -> JSONPathExpression {
        var terms = [try parseBasic()]
        while true {
            skipBlanks()
            guard current == "&", peek(1) == "&" else { break }
            position += 2
            skipBlanks()
            terms.append(try parseBasic())
        }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    mutating func parseBasic() throws(JSONPathError) -> JSONPathExpression {
        let start = position
        if consume("!") {
            skipBlanks()
            if consume("(") {
                skipBlanks()
                let inner = try parseLogical()
                skipBlanks()
                try expect(")", "')'")
                return .not(inner)
            }
            let operand = try parseOperand()
            switch operand {
            case .query(let query): return .not(.exists(query))
            case .function(let function, let arguments):
                guard function.result == .logical else {
                    throw fail("\(function.rawValue)() does not return a logical value", at: start + 1)
                }
                return .not(.function(function, arguments))
            default: throw fail("expected a query, a function or '(' after '!'", at: start + 1)
            }
        }
        if consume("(") {
            skipBlanks()
            let inner = try parseLogical()
            skipBlanks()
            try expect(")", "')'")
            return inner
        }
        let left = try parseOperand()
        skipBlanks()
        if let comparison = parseComparisonOperator() {
            skipBlanks()
            let rightStart = position
            let right = try parseOperand()
            try checkComparable(left, at: start)
            try checkComparable(right, at: rightStart)
            return .comparison(left, comparison, right)
        }
        switch left {
        case .query(let query): return .exists(query)
        case .function(let function, let arguments):
            guard function.result == .logical else {
                throw fail("\(function.rawValue)() must be compared; it does not return a logical value", at: start)
            }
            return .function(function, arguments)
        default: throw fail("a literal must be compared with something", at: start)
        }
    }

    mutating func parseComparisonOperator() -> JSONPathComparison? {
        for candidate in [JSONPathComparison.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater] {
            let symbol = Array(candidate.rawValue.unicodeScalars)
            if (0..<symbol.count).allSatisfy({ peek($0) == symbol[$0] }) {
                position += symbol.count
                return candidate
            }
        }
        return nil
    }

    func checkComparable(_ operand: JSONPathOperand, at offset: Int) throws(JSONPathError) {
        switch operand {
        case .literal: return
        case .query(let query):
            guard query.isSingular else { throw fail("only singular queries can be compared", at: offset) }
        case .function(let function, _):
            guard function.result == .value else {
                throw fail("\(function.rawValue)() returns a logical value, which cannot be compared", at: offset)
            }
        case .logical: throw fail("a logical expression cannot be compared", at: offset)
        }
    }

    /// A literal, a query (`@…`/`$…`) or a function call.
    mutating func parseOperand() throws(JSONPathError) -> JSONPathOperand {
        guard let scalar = current else { throw fail("expected a filter expression") }
        switch scalar {
        case "@", "$":
            position += 1
            return .query(JSONPathQuery(isRelative: scalar == "@", segments: try parseSegments()))
        case "'", "\"": return .literal(.string(try parseStringLiteral()))
        case "-", "0"..."9": return .literal(.number(try parseNumber()))
        default:
            if matchWord("true") { return .literal(.bool(true)) }
            if matchWord("false") { return .literal(.bool(false)) }
            if matchWord("null") { return .literal(.null) }
            return try parseFunction()
        }
    }

    mutating func matchWord(_ word: String) -> Bool {
        let letters = Array(word.unicodeScalars)
        guard (0..<letters.count).allSatisfy({ peek($0) == letters[$0] }) else { return false }
        if let next = peek(letters.count), JSONPathParser.isNameFirst(next) || ("0"..."9").contains(next) {
            return false
        }
        position += letters.count
        return true
    }

    mutating func parseNumber() throws(JSONPathError) -> Double {
        let start = position
        _ = consume("-")
        guard let first = current, ("0"..."9").contains(first) else { throw fail("expected a number", at: start) }
        position += 1
        if first == "0", let next = current, ("0"..."9").contains(next) { throw fail("leading zeros are not allowed") }
        while let scalar = current, ("0"..."9").contains(scalar) { position += 1 }
        if consume(".") {
            guard let digit = current, ("0"..."9").contains(digit) else { throw fail("expected a digit after '.'") }
            while let scalar = current, ("0"..."9").contains(scalar) { position += 1 }
        }
        if current == "e" || current == "E" {
            position += 1
            if current == "+" || current == "-" { position += 1 }
            guard let digit = current, ("0"..."9").contains(digit) else { throw fail("expected an exponent") }
            while let scalar = current, ("0"..."9").contains(scalar) { position += 1 }
        }
        let literal = String(String.UnicodeScalarView(scalars[start..<position]))
        guard let value = Double(literal) else { throw fail("invalid number", at: start) }
        return value
    }

    mutating func parseFunction() throws(JSONPathError) -> JSONPathOperand {
        let start = position
        var name = String.UnicodeScalarView()
        while let scalar = current, ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" {
            name.append(scalar)
            position += 1
        }
        guard !name.isEmpty, current == "(" else { throw fail("expected a filter expression", at: start) }
        guard let function = JSONPathFunction(rawValue: String(name)) else {
            throw fail("unknown function '\(String(name))'", at: start)
        }
        position += 1
        var arguments: [JSONPathOperand] = []
        skipBlanks()
        if !consume(")") {
            repeat {
                skipBlanks()
                arguments.append(try parseArgument())
                skipBlanks()
            } while consume(",")
            try expect(")", "',' or ')'")
        }
        let parameters = function.parameters
        guard arguments.count == parameters.count else {
            throw fail("\(function.rawValue)() takes \(parameters.count) argument(s)", at: start)
        }
        for (argument, parameter) in zip(arguments, parameters) {
            try checkArgument(argument, parameter, function: function, at: start)
        }
        return .function(function, arguments)
    }

    /// A function argument: a literal, a query, a function call or a logical expression.
    mutating func parseArgument() throws(JSONPathError) -> JSONPathOperand {
        let start = position
        if let scalar = current, scalar != "!", scalar != "(" {
            let operand = try parseOperand()
            let save = position
            skipBlanks()
            let next = current
            let continues =
                next == "=" || next == "!" || next == "<" || next == ">"
                || (next == "&" && peek(1) == "&") || (next == "|" && peek(1) == "|")
            guard continues else {
                position = save
                return operand
            }
        }
        position = start
        return .logical(try parseLogical())
    }

    func checkArgument(
        _ argument: JSONPathOperand,
        _ parameter: JSONPathFunction.ValueKind,
        function: JSONPathFunction,
        at offset: Int
    ) throws(JSONPathError) {
        switch (parameter, argument) {
        case (.value, .literal): return
        case (.value, .query(let query)) where query.isSingular: return
        case (.value, .function(let inner, _)) where inner.result == .value: return
        case (.nodes, .query): return
        case (.logical, .logical), (.logical, .query): return
        case (.logical, .function(let inner, _)) where inner.result != .value: return
        default: throw fail("argument of the wrong type for \(function.rawValue)()", at: offset)
        }
    }
}

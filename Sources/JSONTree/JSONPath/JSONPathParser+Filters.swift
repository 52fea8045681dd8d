/// Filter expressions, operands and function calls, with the type checks of RFC 9535 §2.4.3.
extension JSONPathParser {
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

    mutating func parseNumber() throws(JSONPathError) -> JSONDecimal {
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
        guard let value = JSONDecimal(ArraySlice(Array(literal.utf8))) else { throw fail("invalid number", at: start) }
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

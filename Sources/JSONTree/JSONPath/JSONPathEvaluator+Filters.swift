/// Filter evaluation: logical operators, comparisons (RFC 9535 §2.3.5.2.2) and functions.
extension JSONPathEvaluator {
    mutating func test(_ expression: JSONPathExpression, current: JSONNode) -> Bool {
        switch expression {
        case .or(let terms):
            for term in terms where test(term, current: current) { return true }
            return false
        case .and(let terms):
            for term in terms where !test(term, current: current) { return false }
            return true
        case .not(let inner):
            return !test(inner, current: current)
        case .exists(let query):
            return !evaluate(query, current: current).isEmpty
        case .comparison(let left, let comparison, let right):
            return compare(value(left, current: current), comparison, value(right, current: current))
        case .function(let function, let arguments):
            return logical(function, arguments, current: current)
        }
    }

    mutating func evaluate(_ query: JSONPathQuery, current: JSONNode) -> [JSONNode] {
        apply(query.segments, to: query.isRelative ? current : document.root)
    }

    /// The value of a comparison operand or value-typed argument.
    mutating func value(_ operand: JSONPathOperand, current: JSONNode) -> JSONPathValue {
        switch operand {
        case .literal(let literal): return .literal(literal)
        case .query(let query): return evaluate(query, current: current).first.map { .node($0) } ?? .nothing
        case .function(let function, let arguments):
            switch function {
            case .length:
                switch value(arguments[0], current: current) {
                case .literal(.string(let string)): return .literal(.number(JSONDecimal(string.unicodeScalars.count)))
                case .node(let node):
                    switch document.kind(node) {
                    case .string:
                        return .literal(.number(JSONDecimal((document.string(node) ?? "").unicodeScalars.count)))
                    case .array, .object: return .literal(.number(JSONDecimal(document.childCount(node))))
                    default: return .nothing
                    }
                default: return .nothing
                }
            case .count:
                return .literal(.number(JSONDecimal(nodes(arguments[0], current: current).count)))
            case .value:
                let selected = nodes(arguments[0], current: current)
                return selected.count == 1 ? .node(selected[0]) : .nothing
            case .match, .search:
                return .literal(.bool(logical(function, arguments, current: current)))
            }
        case .logical(let expression): return .literal(.bool(test(expression, current: current)))
        }
    }

    mutating func nodes(_ operand: JSONPathOperand, current: JSONNode) -> [JSONNode] {
        guard case .query(let query) = operand else { return [] }
        return evaluate(query, current: current)
    }

    mutating func logical(_ function: JSONPathFunction, _ arguments: [JSONPathOperand], current: JSONNode) -> Bool {
        switch function {
        case .match, .search:
            guard let subject = string(value(arguments[0], current: current)),
                let pattern = string(value(arguments[1], current: current))
            else { return false }
            return regexCache.matches(subject, pattern: pattern, whole: function == .match)
        default:
            return false
        }
    }

    func string(_ value: JSONPathValue) -> String? {
        switch value {
        case .literal(.string(let string)): string
        case .node(let node): document.string(node)
        default: nil
        }
    }

    // MARK: - Comparison (RFC 9535 §2.3.5.2.2)

    func compare(_ left: JSONPathValue, _ comparison: JSONPathComparison, _ right: JSONPathValue) -> Bool {
        switch comparison {
        case .equal: return equal(left, right)
        case .notEqual: return !equal(left, right)
        case .less: return less(left, right)
        case .lessOrEqual: return less(left, right) || equal(left, right)
        case .greater: return less(right, left)
        case .greaterOrEqual: return less(right, left) || equal(left, right)
        }
    }

    func scalar(_ value: JSONPathValue) -> JSONPathScalar {
        switch value {
        case .nothing: return .nothing
        case .literal(.number(let number)): return .number(number)
        case .literal(.string(let string)): return .string(string)
        case .literal(.bool(let bool)): return .bool(bool)
        case .literal(.null): return .null
        case .node(let node):
            switch document.kind(node) {
            case .number:
                // Exact: the number's own text, never a Double (see `JSONDecimal`).
                return JSONDecimal(document.bytes[document.byteRange(node)]).map { .number($0) } ?? .nothing
            case .string: return .string(document.string(node) ?? "")
            case .true: return .bool(true)
            case .false: return .bool(false)
            case .null: return .null
            case .array, .object: return .container(node)
            }
        }
    }

    func equal(_ left: JSONPathValue, _ right: JSONPathValue) -> Bool {
        switch (scalar(left), scalar(right)) {
        case (.nothing, .nothing): return true
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.container(let a), .container(let b)): return deepEqual(a, b)
        default: return false
        }
    }

    func less(_ left: JSONPathValue, _ right: JSONPathValue) -> Bool {
        switch (scalar(left), scalar(right)) {
        case (.number(let a), .number(let b)): return a < b
        case (.string(let a), .string(let b)):
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        default: return false
        }
    }

    /// Structural equality of two subtrees, iteratively (any depth is safe).
    func deepEqual(_ left: JSONNode, _ right: JSONNode) -> Bool {
        var pending = [(left, right)]
        while let (a, b) = pending.popLast() {
            let kind = document.kind(a)
            guard kind == document.kind(b) else { return false }
            switch kind {
            case .array:
                guard document.childCount(a) == document.childCount(b) else { return false }
                pending.append(contentsOf: zip(document.children(a), document.children(b)))
            case .object:
                var members: [String: JSONNode] = [:]
                for child in document.children(b) { members[document.key(child) ?? ""] = child }
                var seen: Set<String> = []
                for child in document.children(a) {
                    let key = document.key(child) ?? ""
                    guard let other = members[key] else { return false }
                    seen.insert(key)
                    pending.append((child, other))
                }
                guard seen.count == members.count else { return false }
            default:
                guard equal(.node(a), .node(b)) else { return false }
            }
        }
        return true
    }
}

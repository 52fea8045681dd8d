/// The parsed form of an RFC 9535 query: segments of selectors, filters as expression trees.
struct JSONPathSegment: Sendable {
    var isDescendant: Bool
    var selectors: [JSONPathSelector]
}

/// One selector inside a segment (RFC 9535 §2.3).
enum JSONPathSelector: Sendable {
    case name([UInt8])
    case wildcard
    case index(Int)
    case slice(start: Int?, end: Int?, step: Int?)
    case filter(JSONPathExpression)
}

/// A query inside a filter: relative (`@…`) or absolute (`$…`).
struct JSONPathQuery: Sendable {
    var isRelative: Bool
    var segments: [JSONPathSegment]

    /// A singular query selects at most one node: only single name or index child segments.
    var isSingular: Bool {
        segments.allSatisfy { segment in
            guard !segment.isDescendant, segment.selectors.count == 1 else { return false }
            switch segment.selectors[0] {
            case .name, .index: return true
            default: return false
            }
        }
    }
}

/// Literal values in filters.
enum JSONPathLiteral: Sendable {
    case number(JSONDecimal)
    case string(String)
    case bool(Bool)
    case null
}

/// Comparison operators.
enum JSONPathComparison: String, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
}

/// The five functions of RFC 9535 §2.4.
enum JSONPathFunction: String, Sendable {
    case length, count, match, search, value

    /// Types from RFC 9535 §2.4.1.
    enum ValueKind { case value, logical, nodes }

    var result: ValueKind {
        switch self {
        case .length, .count, .value: .value
        case .match, .search: .logical
        }
    }

    var parameters: [ValueKind] {
        switch self {
        case .length: [.value]
        case .count, .value: [.nodes]
        case .match, .search: [.value, .value]
        }
    }
}

/// Operands of comparisons and function arguments.
indirect enum JSONPathOperand: Sendable {
    case literal(JSONPathLiteral)
    case query(JSONPathQuery)
    case function(JSONPathFunction, [JSONPathOperand])
    case logical(JSONPathExpression)
}

/// Filter expressions (RFC 9535 §2.3.5).
indirect enum JSONPathExpression: Sendable {
    case or([JSONPathExpression])
    case and([JSONPathExpression])
    case not(JSONPathExpression)
    case comparison(JSONPathOperand, JSONPathComparison, JSONPathOperand)
    case exists(JSONPathQuery)
    case function(JSONPathFunction, [JSONPathOperand])
}

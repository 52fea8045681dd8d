/// A JSON value that remembers where it was in its file, so a theme or keymap error can name
/// the line and column of the offending value, not just the file.
package indirect enum JSONSourceValue: Hashable, Sendable {
    case object([(key: String, value: JSONSourceValue, line: Int, column: Int)], line: Int, column: Int)
    case array([JSONSourceValue], line: Int, column: Int)
    case string(String, line: Int, column: Int)
    case number(Double, line: Int, column: Int)
    case bool(Bool, line: Int, column: Int)
    case null(line: Int, column: Int)

    package static func == (lhs: JSONSourceValue, rhs: JSONSourceValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a, _, _), .object(let b, _, _)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a, _, _), .array(let b, _, _)): return a == b
        case (.string(let a, _, _), .string(let b, _, _)): return a == b
        case (.number(let a, _, _), .number(let b, _, _)): return a == b
        case (.bool(let a, _, _), .bool(let b, _, _)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members, _, _):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        case .array(let items, _, _): hasher.combine(items)
        case .string(let s, _, _): hasher.combine(s)
        case .number(let n, _, _): hasher.combine(n)
        case .bool(let b, _, _): hasher.combine(b)
        case .null: hasher.combine(0)
        }
    }

    /// 1-based line and column where the value starts.
    package var position: (line: Int, column: Int) {
        switch self {
        case .object(_, let line, let column), .array(_, let line, let column), .string(_, let line, let column),
            .number(_, let line, let column), .bool(_, let line, let column), .null(let line, let column):
            return (line, column)
        }
    }

    /// A short name of the kind of value, for messages ("expected a string, found a number").
    package var kind: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

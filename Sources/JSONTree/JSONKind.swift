/// The kind of a JSON value, as the tree view and queries see it.
package enum JSONKind: UInt8, Sendable, Hashable, CaseIterable {
    case object = 0
    case array = 1
    case string = 3
    case number = 4
    case `true` = 5
    case `false` = 6
    case null = 7

    /// Whether values of this kind have children.
    package var isContainer: Bool { self == .object || self == .array }

    /// The name used in messages and in JSONPath's type checks ("object", "array", ...).
    package var name: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .true: "true"
        case .false: "false"
        case .null: "null"
        }
    }
}

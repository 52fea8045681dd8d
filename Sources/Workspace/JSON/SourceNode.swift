/// A parsed JSON value that remembers where it starts in the file, so a mistake found while
/// reading the collection can be reported at its line and column.
struct SourceNode: Sendable {
    enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([SourceNode])
        case object([SourceMember])
    }

    var kind: Kind
    /// Byte offset of the value's first character.
    var offset: Int

    /// The value without positions.
    var stored: StoredJSON {
        switch kind {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let text): .number(text)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(\.stored))
        case .object(let members): .object(members.map { StoredJSON.Member($0.key, $0.value.stored) })
        }
    }

    /// A short name for the kind of value, for "expected a string; found an array" messages.
    var kindName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One object member with the position of its key.
struct SourceMember: Sendable {
    var key: String
    var keyOffset: Int
    var value: SourceNode
}

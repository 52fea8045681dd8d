/// A JSON value as it is kept in a collection file: object members stay in file order and
/// numbers keep their original text, so values Lazer does not interpret survive a save unchanged.
package enum StoredJSON: Sendable, Equatable, Hashable {
    /// One `"key": value` pair of an object, in file order.
    package struct Member: Sendable, Equatable, Hashable {
        package var key: String
        package var value: StoredJSON

        package init(_ key: String, _ value: StoredJSON) {
            self.key = key
            self.value = value
        }
    }

    case null
    case bool(Bool)
    /// The number's literal text, exactly as written (`1e400` and `0.10` are kept as is).
    case number(String)
    case string(String)
    case array([StoredJSON])
    case object([Member])

    /// An integer value written in canonical form.
    package static func integer(_ value: Int) -> StoredJSON { .number(String(value)) }

    /// A floating-point value in the shortest text that reads back as the same `Double`;
    /// whole numbers are written without a fraction (`30`, not `30.0`).
    package static func double(_ value: Double) -> StoredJSON {
        if value.rounded() == value, abs(value) < 1e15 { return .number(String(Int(value))) }
        return .number(String(value))
    }

    /// The member named `key` when this is an object.
    package subscript(key: String) -> StoredJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string payload, when this is a string.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Pretty, byte-stable text: 2-space indent, members in order, one value per line, a trailing newline.
    package func prettyPrinted() -> String {
        var writer = CanonicalJSONWriter(pretty: true)
        writer.write(self)
        return writer.output + "\n"
    }

    /// Compact single-line text (for JSON Lines files).
    package func compact() -> String {
        var writer = CanonicalJSONWriter(pretty: false)
        writer.write(self)
        return writer.output
    }
}

/// A query that is not valid RFC 9535 JSONPath, with the position of the problem.
package struct JSONPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in words.
    package let message: String
    /// Character offset of the problem in the query (0-based).
    package let offset: Int
    /// The query text.
    package let query: String

    package var description: String {
        "invalid JSONPath at character \(offset + 1): \(message)\n    \(query)\n    "
            + String(repeating: " ", count: offset) + "^"
    }
}

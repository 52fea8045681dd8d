/// A query that is not valid RFC 9535 JSONPath, with the position of the problem.
package struct JSONPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in words.
    package let message: String
    /// Character offset of the problem in the query (0-based).
    package let offset: Int
    /// The query text.
    package let query: String

    /// One line: "invalid JSONPath at character 4: …" (the description adds the query and a caret).
    package var summary: String { "invalid JSONPath at character \(offset + 1): \(message)" }

    package var description: String {
        summary + "\n    \(query)\n    "
            + String(repeating: " ", count: offset) + "^"
    }
}

/// Why a file is not valid JSON, and where: byte offset, line, column, what was expected, and
/// the offending line with a caret under the spot.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var line: Int
    public var column: Int
    public var expected: String
    /// The line of text holding the error.
    public var excerpt: String
    /// Spaces and a `^` under the column in `excerpt`.
    public var caret: String

    public var description: String {
        "line \(line), column \(column): \(expected)\n\(excerpt)\n\(caret)"
    }
}

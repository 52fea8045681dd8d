/// A problem in a configuration file, located by 1-based line and column.
public struct JSONSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, the format editors and compilers use.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

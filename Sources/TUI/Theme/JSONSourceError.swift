/// A problem in a configuration file, located by 1-based line and column.
package struct JSONSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int
    package var message: String

    package init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, the format editors and compilers use.
    package var description: String { "\(file):\(line):\(column): \(message)" }
}

/// A problem found while loading a collection, pointing at the spot: file, line, column, the
/// JSON path of the value (`requests[3].method`) and what was expected.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        /// The collection (or this part of it) could not be loaded.
        case error
        /// Loaded, but something deserves the user's attention (for example an unknown field).
        case warning
    }

    public var severity: Severity
    /// The file's path as given when loading.
    public var file: String
    public var line: Int
    public var column: Int
    /// Where in the document: `requests[3].method`; empty for the whole file.
    public var path: String
    public var message: String

    public init(severity: Severity, file: String, line: Int, column: Int, path: String, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `Collections/x.json:12:17: error: environments[0].kind: expected one of live, mock; found "lvie"`
    public var description: String {
        let subject = path.isEmpty ? "" : "\(path): "
        return "\(file):\(line):\(column): \(severity.rawValue): \(subject)\(message)"
    }
}

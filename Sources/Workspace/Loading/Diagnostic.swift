/// A problem found while loading a collection, pointing at the spot: file, line, column, the
/// JSON path of the value (`requests[3].method`) and what was expected.
package struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    package enum Severity: String, Sendable {
        /// The collection (or this part of it) could not be loaded.
        case error
        /// Loaded, but something deserves the user's attention (for example an unknown field).
        case warning
    }

    package var severity: Severity
    /// The file's path as given when loading.
    package var file: String
    package var line: Int
    package var column: Int
    /// Where in the document: `requests[3].method`; empty for the whole file.
    package var path: String
    package var message: String

    package init(severity: Severity, file: String, line: Int, column: Int, path: String, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `Collections/x.json:12:17: error: environments[0].kind: expected one of live, mock; found "lvie"`
    package var description: String {
        let subject = path.isEmpty ? "" : "\(path): "
        return "\(file):\(line):\(column): \(severity.rawValue): \(subject)\(message)"
    }
}

/// Why a source could not be imported, pointing at the spot (file, line and column, or JSON
/// path). Malformed input always ends here, never in a crash.
package struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    package var location: ImportLocation
    /// What is wrong, in the user's terms: `unterminated single quote`, `expected a JSON object`.
    package var message: String

    package init(_ message: String, at location: ImportLocation) {
        self.message = message
        self.location = location
    }

    package init(_ message: String, file: String, line: Int? = nil, column: Int? = nil, path: String? = nil) {
        self.init(message, at: ImportLocation(file: file, line: line, column: column, path: path))
    }

    /// `paste.txt:3:17: unterminated single quote` — the shape of a compiler diagnostic.
    package var description: String {
        var place = location.file
        if let line = location.line {
            place += ":\(line)"
            if let column = location.column { place += ":\(column)" }
        }
        let path = location.path.map { $0.isEmpty ? "" : "\($0): " } ?? ""
        return "\(place): \(path)\(message)"
    }
}

/// Why a source could not be imported, pointing at the spot (file, line and column, or JSON
/// path). Malformed input always ends here, never in a crash.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    public var location: ImportLocation
    /// What is wrong, in the user's terms: `unterminated single quote`, `expected a JSON object`.
    public var message: String

    public init(_ message: String, at location: ImportLocation) {
        self.message = message
        self.location = location
    }

    public init(_ message: String, file: String, line: Int? = nil, column: Int? = nil, path: String? = nil) {
        self.init(message, at: ImportLocation(file: file, line: line, column: column, path: path))
    }

    /// `paste.txt:3:17: unterminated single quote` — the shape of a compiler diagnostic.
    public var description: String {
        var place = location.file
        if let line = location.line {
            place += ":\(line)"
            if let column = location.column { place += ":\(column)" }
        }
        let path = location.path.map { $0.isEmpty ? "" : "\($0): " } ?? ""
        return "\(place): \(path)\(message)"
    }
}

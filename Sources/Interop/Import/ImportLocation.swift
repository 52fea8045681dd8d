/// Where something was in a source file, for reports and errors: a line (and column) in text
/// formats, a JSON path (`item[2].event[0]`) in JSON and YAML ones, or both.
package struct ImportLocation: Sendable, Equatable, CustomStringConvertible {
    package var file: String
    /// 1-based; nil when only a path is known.
    package var line: Int?
    /// 1-based; nil when only the line is known.
    package var column: Int?
    /// `item[2].request.auth` (JSONPath-like, without `$.`); nil in text formats.
    package var path: String?

    package init(file: String, line: Int? = nil, column: Int? = nil, path: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
    }

    /// `api.json:12:5 item[2].request.auth`, `paste.txt:3`, `api.json item[0]`.
    package var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        if let path, !path.isEmpty { text += " \(path)" }
        return text
    }
}

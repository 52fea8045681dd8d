/// A `.http` / `.rest` file as written, before it becomes a collection: file variables and
/// request blocks with their line numbers. `HTTPFileParser` reads it; `HTTPFileImport` converts it.
struct HTTPFileDocument: Sendable {
    /// `@name = value`.
    struct FileVariable: Sendable {
        var name: String
        var value: String
        var line: Int
    }

    /// One line of text and where it was.
    struct Line: Sendable {
        var text: String
        var number: Int
    }

    struct Request: Sendable {
        /// From `### name` or `# @name name`.
        var name: String?
        var method: String
        var methodLine: Line
        var url: String
        var httpVersion: String?
        var headers: [(name: String, value: String, line: Int)] = []
        var body: [Line] = []
        /// `# @tag value` lines before the request line (`no-redirect`, `timeout 5`, …).
        var tags: [(tag: String, value: String, line: Int)] = []
        /// Pre-request (`< {% … %}`) and response handler (`> {% … %}`, `> file.js`) scripts, and
        /// response redirections (`>> file`), with the line they start on.
        var scripts: [(kind: String, text: String, line: Int)] = []
    }

    var variables: [FileVariable] = []
    var requests: [Request] = []
}

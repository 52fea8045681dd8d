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

    /// A JetBrains / Kulala directive: `import ./other.http` (its named requests can be run),
    /// `run #Name` (that request, here), `run ./other.http (@var=value, …)` (all of that file's
    /// requests, here, with those variables).
    struct Directive: Sendable {
        enum Kind: Sendable { case importFile, run }
        var kind: Kind
        /// `#Name` or a file path, as written.
        var target: String
        var variables: [(name: String, value: String)] = []
        var line: Line
        /// How many requests of the file come before it (where its requests go).
        var position: Int
    }

    /// A line that could not be read, left out with the rest of the file imported.
    struct Problem: Sendable {
        var message: String
        var line: Int
        var column: Int
    }

    var variables: [FileVariable] = []
    var requests: [Request] = []
    var directives: [Directive] = []
    var problems: [Problem] = []
}

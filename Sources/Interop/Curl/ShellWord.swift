/// One word of a shell command line after quoting is removed, with where it started.
public struct ShellWord: Sendable, Equatable {
    public var text: String
    /// 1-based line and column (in Unicode scalars) of the word's first character in the source.
    public var line: Int
    public var column: Int
    /// Whether any part of the word was quoted (`''` is an empty word; a bare `#` starts a comment).
    public var quoted: Bool
    /// Shell variables (`$TOKEN`, `${TOKEN}`) the word used, rewritten as `{{TOKEN}}`.
    public var variables: [String]

    public init(text: String, line: Int, column: Int, quoted: Bool = false, variables: [String] = []) {
        self.text = text
        self.line = line
        self.column = column
        self.quoted = quoted
        self.variables = variables
    }
}

/// A simple command: its words, up to a newline, `;`, `&&`, `||` or `|`. Redirections
/// (`> out.json`, `2>&1`) are dropped.
public struct ShellCommand: Sendable, Equatable {
    public var words: [ShellWord]
    public var line: Int
}

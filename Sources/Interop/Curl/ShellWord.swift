/// One word of a shell command line after quoting is removed, with where it started.
package struct ShellWord: Sendable, Equatable {
    package var text: String
    /// 1-based line and column (in Unicode scalars) of the word's first character in the source.
    package var line: Int
    package var column: Int
    /// Whether any part of the word was quoted (`''` is an empty word; a bare `#` starts a comment).
    package var quoted: Bool
    /// Shell variables (`$TOKEN`, `${TOKEN}`) the word used, rewritten as `{{TOKEN}}`.
    package var variables: [String]

    package init(text: String, line: Int, column: Int, quoted: Bool = false, variables: [String] = []) {
        self.text = text
        self.line = line
        self.column = column
        self.quoted = quoted
        self.variables = variables
    }
}

/// A simple command: its words, up to a newline, `;`, `&&`, `||` or `|`. Redirections
/// (`> out.json`, `2>&1`) are dropped.
package struct ShellCommand: Sendable, Equatable {
    package var words: [ShellWord]
    package var line: Int
}

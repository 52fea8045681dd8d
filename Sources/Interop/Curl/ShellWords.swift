/// Splits pasted shell text into commands and words the way a POSIX shell (bash) would for the
/// commands people paste: single quotes, double quotes (with `\"`, `\\`, `\$`, `` \` ``),
/// bash's `$'…'` (ANSI-C escapes), backslash escapes and backslash-newline continuations
/// (LF, CRLF or a terminal's CR), comments, and the separators `;`, `&&`, `||`, `|`, `&` and newlines.
///
/// Nothing is expanded: `$NAME` and `${NAME}` become Lazer's `{{NAME}}` (recorded on the word,
/// so the importer can report them); `$(…)` and backticks stay as written. A leading prompt (`$ `)
/// on a line is dropped. Unterminated quotes are positioned errors.
package struct ShellWords {
    private let scalars: [Unicode.Scalar]
    private let file: String
    private var index = 0
    private var line = 1
    private var column = 1

    private var commands: [ShellCommand] = []
    private var words: [ShellWord] = []
    private var current: String?
    private var pendingBytes: [UInt8] = []
    private var wordLine = 1
    private var wordColumn = 1
    private var wordQuoted = false
    private var wordVariables: [String] = []
    /// After `>` or `<`: the next word is a redirection target, not an argument.
    private var skipNextWord = false
    private var commandLine = 1

    private init(_ text: String, file: String) {
        scalars = Array(text.unicodeScalars)
        self.file = file
    }

    /// The commands of `text` (`file` names it in errors).
    package static func split(_ text: String, file: String) throws(ImportError) -> [ShellCommand] {
        var splitter = ShellWords(text, file: file)
        try splitter.run()
        return splitter.commands
    }

    // MARK: - Scanning

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance() -> Unicode.Scalar {
        let scalar = scalars[index]
        index += 1
        if scalar == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        return scalar
    }

    private func error(_ message: String, line: Int, column: Int) -> ImportError {
        ImportError(message, file: file, line: line, column: column)
    }

    private mutating func run() throws(ImportError) {
        while let scalar = peek() {
            switch scalar {
            case " ", "\t":
                _ = advance()
                endWord()
            case "\r" where peek(1) == "\n":
                _ = advance()
            case "\n", "\r":
                // A lone CR ends a line too: terminals paste line breaks as CR.
                _ = advance()
                endCommand()
            case "\\":
                if peek(1) == "\n" {
                    _ = advance()
                    _ = advance()
                } else if peek(1) == "\r" {
                    _ = advance()
                    _ = advance()
                    if peek() == "\n" { _ = advance() }
                } else {
                    startWord()
                    _ = advance()
                    if peek() != nil { append(advance()) }
                }
            case "'":
                try singleQuoted()
            case "\"":
                try doubleQuoted()
            case "$" where peek(1) == "'":
                try ansiQuoted()
            case "$" where isVariableStart(peek(1)):
                startWord()
                variable()
            case "#" where current == nil:
                while let next = peek(), next != "\n" { _ = advance() }
            case ";":
                _ = advance()
                endCommand()
            case "&" where current != nil && peek(1).map({ !" \t\r\n&;|".unicodeScalars.contains($0) }) ?? false:
                // `?a=1&b=2` pasted without quotes: a shell would start a background job, but the
                // user meant the URL.
                append(advance())
            case "&", "|":
                _ = advance()
                if peek() == scalar { _ = advance() }
                endCommand()
            case ">", "<":
                _ = advance()
                // `2>` and `2>&1`: a file descriptor number before the arrow belongs to it.
                if let word = current, !wordQuoted, word.allSatisfy(\.isNumber) {
                    current = nil
                    pendingBytes = []
                }
                endWord()
                if peek() == ">" { _ = advance() }
                if peek() == "&" {
                    _ = advance()
                    while let next = peek(), next.properties.numericType != nil { _ = advance() }
                    continue
                }
                skipNextWord = true
            default:
                startWord()
                append(advance())
            }
        }
        endCommand()
    }

    private mutating func singleQuoted() throws(ImportError) {
        let (startLine, startColumn) = (line, column)
        startWord()
        wordQuoted = true
        _ = advance()
        while true {
            guard let scalar = peek() else {
                throw error("unterminated single quote", line: startLine, column: startColumn)
            }
            _ = advance()
            if scalar == "'" { return }
            append(scalar)
        }
    }

    private mutating func doubleQuoted() throws(ImportError) {
        let (startLine, startColumn) = (line, column)
        startWord()
        wordQuoted = true
        _ = advance()
        while true {
            guard let scalar = peek() else {
                throw error("unterminated double quote", line: startLine, column: startColumn)
            }
            switch scalar {
            case "\"":
                _ = advance()
                return
            case "\\":
                _ = advance()
                guard let next = peek() else { continue }
                if next == "\n" {
                    _ = advance()
                } else if next == "\r" {
                    _ = advance()
                    if peek() == "\n" { _ = advance() }
                } else if next == "\"" || next == "\\" || next == "$" || next == "`" {
                    append(advance())
                } else {
                    append("\\")
                }
            case "$" where isVariableStart(peek(1)):
                variable()
            default:
                append(advance())
            }
        }
    }

    /// bash's `$'…'`: backslash escapes as in C, `\xHH` and octal bytes, `\u`/`\U` code points.
    private mutating func ansiQuoted() throws(ImportError) {
        let (startLine, startColumn) = (line, column)
        startWord()
        wordQuoted = true
        _ = advance()
        _ = advance()
        while true {
            guard let scalar = peek() else {
                throw error("unterminated $'…' quote", line: startLine, column: startColumn)
            }
            _ = advance()
            if scalar == "'" { return }
            guard scalar == "\\", let escaped = peek() else {
                append(scalar)
                continue
            }
            _ = advance()
            switch escaped {
            case "n": append("\n")
            case "t": append("\t")
            case "r": append("\r")
            case "a": append("\u{07}")
            case "b": append("\u{08}")
            case "e", "E": append("\u{1B}")
            case "f": append("\u{0C}")
            case "v": append("\u{0B}")
            case "x":
                if let value = digits(radix: 16, maximum: 2) {
                    appendByte(UInt8(value))
                } else {
                    append("\\")
                    append("x")
                }
            case "u", "U":
                let value = digits(radix: 16, maximum: escaped == "u" ? 4 : 8)
                if let value, let code = Unicode.Scalar(value) {
                    append(code)
                } else {
                    append("\\")
                    append(escaped)
                }
            case "c":
                if let control = peek() {
                    _ = advance()
                    append(Unicode.Scalar(UInt8(truncatingIfNeeded: control.value) & 0x1F))
                }
            case "0"..."7":
                index -= 1
                column -= 1
                if let value = digits(radix: 8, maximum: 3) { appendByte(UInt8(truncatingIfNeeded: value)) }
            default:
                // `\\`, `\'`, `\"`, `\?` are the character itself; bash keeps other backslashes.
                if !["\\", "'", "\"", "?"].contains(escaped) { append("\\") }
                append(escaped)
            }
        }
    }

    private mutating func digits(radix: UInt32, maximum: Int) -> UInt32? {
        var value: UInt32 = 0
        var count = 0
        while count < maximum, let scalar = peek(), let digit = Character(scalar).hexDigitValue, UInt32(digit) < radix {
            _ = advance()
            value = value &* radix &+ UInt32(digit)
            count += 1
        }
        return count == 0 ? nil : value
    }

    private func isVariableStart(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar == "{" || scalar == "_" || (scalar.isASCII && Character(scalar).isLetter)
    }

    /// `$NAME` or `${NAME}` → `{{NAME}}`; `${…}` with anything but a name stays as written.
    private mutating func variable() {
        _ = advance()
        var name = ""
        if peek() == "{" {
            let start = index
            _ = advance()
            while let scalar = peek(), scalar != "}", scalar != "\n", name.unicodeScalars.count < 256 {
                name.unicodeScalars.append(advance())
            }
            let valid = peek() == "}" && Self.isName(name)
            if peek() == "}" { _ = advance() }
            guard valid else {
                append("$")
                for scalar in scalars[start..<index] { append(scalar) }
                return
            }
        } else {
            while let scalar = peek(), scalar.isASCII,
                scalar == "_" || Character(scalar).isLetter || Character(scalar).isNumber
            {
                name.unicodeScalars.append(advance())
            }
        }
        for scalar in "{{\(name)}}".unicodeScalars { append(scalar) }
        wordVariables.append(name)
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && Character(first).isLetter) else {
            return false
        }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0 == "_" || Character($0).isLetter || Character($0).isNumber)
        }
    }

    // MARK: - Building words and commands

    private mutating func startWord() {
        guard current == nil else { return }
        current = ""
        wordLine = line
        wordColumn = column
        wordQuoted = false
        wordVariables = []
    }

    private mutating func append(_ scalar: Unicode.Scalar) {
        flushBytes()
        current?.unicodeScalars.append(scalar)
    }

    private mutating func appendByte(_ byte: UInt8) {
        pendingBytes.append(byte)
    }

    private mutating func flushBytes() {
        guard !pendingBytes.isEmpty else { return }
        current? += String(decoding: pendingBytes, as: UTF8.self)
        pendingBytes = []
    }

    private mutating func endWord() {
        flushBytes()
        guard let text = current else { return }
        current = nil
        if skipNextWord {
            skipNextWord = false
            return
        }
        if words.isEmpty { commandLine = wordLine }
        // A prompt typed before the command: `$ curl …`.
        if words.isEmpty, text == "$", !wordQuoted { return }
        words.append(
            ShellWord(text: text, line: wordLine, column: wordColumn, quoted: wordQuoted, variables: wordVariables))
    }

    private mutating func endCommand() {
        endWord()
        skipNextWord = false
        if !words.isEmpty { commands.append(ShellCommand(words: words, line: commandLine)) }
        words = []
    }
}

import Foundation
import HTTPCore

/// Reads `.http` / `.rest` files (JetBrains HTTP Client and VS Code REST Client): `###`
/// separators (the rest of the line names the request), `@name = value` file variables, `#` and
/// `//` comments (with `# @name`, `# @no-redirect` and other tags), the request line
/// (`METHOD URL [HTTP/x]`, or a bare URL for GET, with `?`/`&` continuation lines), headers, a
/// blank line and the body (inline, or `< file`), and scripts (`< {% … %}`, `> {% … %}`,
/// `> file.js`) and redirections (`>> file`), which are kept for the report.
///
/// A BOM and CRLF line ends are accepted; a line that cannot be read is a positioned problem
/// (`HTTPFileDocument.problems`): it is left out and reported, the rest of the file is read.
/// `import` and `run` lines are kept as directives (followed by `HTTPFileDirectives`).
struct HTTPFileParser {
    static let methods: Set<String> = [
        "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT",
    ]

    let file: String
    private var lines: [HTTPFileDocument.Line] = []
    private var index = 0
    private var document = HTTPFileDocument()

    private init(_ text: String, file: String) {
        self.file = file
        var number = 0
        var current = ""
        var previousCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if !previousCR {
                    number += 1
                    lines.append(.init(text: current, number: number))
                    current = ""
                }
                previousCR = false
                continue
            }
            if previousCR {
                previousCR = false
            }
            if scalar == "\r" {
                number += 1
                lines.append(.init(text: current, number: number))
                current = ""
                previousCR = true
                continue
            }
            current.unicodeScalars.append(scalar)
        }
        if !current.isEmpty || lines.isEmpty { lines.append(.init(text: current, number: number + 1)) }
    }

    static func parse(_ text: String, file: String) -> HTTPFileDocument {
        var parser = HTTPFileParser(text, file: file)
        parser.run()
        return parser.document
    }

    /// Records a line that cannot be read: it is left out and reported, the rest of the file is
    /// imported (an unknown line never fails the whole file).
    private mutating func problem(_ message: String, _ line: HTTPFileDocument.Line, column: Int = 1) {
        document.problems.append(.init(message: message, line: line.number, column: column))
    }

    // MARK: - Blocks

    private mutating func run() {
        var blockName: String?
        while index < lines.count {
            // One block: up to the next `###` line.
            let start = index
            while index < lines.count, !Self.isSeparator(lines[index].text) || index == start { index += 1 }
            var block = Array(lines[start..<index])
            if let first = block.first, Self.isSeparator(first.text) {
                let title = first.text.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                blockName = title.isEmpty ? nil : title
                block.removeFirst()
            }
            parseBlock(block, name: blockName)
            blockName = nil
        }
    }

    static func isSeparator(_ line: String) -> Bool {
        line.hasPrefix("###")
    }

    private mutating func parseBlock(_ block: [HTTPFileDocument.Line], name: String?) {
        var position = 0
        var tags: [(tag: String, value: String, line: Int)] = []
        var scripts: [(kind: String, text: String, line: Int)] = []
        var requestName = name
        // Before the request line: blank lines, comments (with tags), variables, pre-request scripts.
        while position < block.count {
            let line = block[position]
            let text = line.text.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                position += 1
            } else if text.hasPrefix("#") || text.hasPrefix("//") {
                let comment = text.hasPrefix("#") ? text.dropFirst() : text.dropFirst(2)
                let trimmed = comment.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("@") {
                    let tag = trimmed.dropFirst()
                    let parts = tag.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" || $0 == "=" })
                    let tagName = parts.first.map(String.init) ?? ""
                    let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
                    if tagName == "name", !value.isEmpty {
                        requestName = value
                    } else {
                        tags.append((tagName, value, line.number))
                    }
                }
                position += 1
            } else if text.hasPrefix("@") {
                fileVariable(line)
                position += 1
            } else if let directive = Self.directive(text, line: line, position: document.requests.count) {
                document.directives.append(directive)
                position += 1
            } else if text.hasPrefix("< {%") {
                let (script, next) = script(block, from: position)
                scripts.append(("pre-request script", script, line.number))
                position = next
            } else {
                break
            }
        }
        guard position < block.count else { return }
        guard var request = requestLine(block[position]) else { return }
        request.name = requestName
        request.tags = tags
        request.scripts = scripts
        position += 1
        // URL continuation lines: indented `?…` or `&…`.
        while position < block.count {
            let text = block[position].text
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard text.first == " " || text.first == "\t", trimmed.hasPrefix("?") || trimmed.hasPrefix("&") else {
                break
            }
            request.url += trimmed
            position += 1
        }
        // Headers until a blank line.
        while position < block.count {
            let line = block[position]
            let text = line.text
            if text.trimmingCharacters(in: .whitespaces).isEmpty {
                position += 1
                break
            }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") || trimmed.hasPrefix("//") {
                position += 1
                continue
            }
            if trimmed.hasPrefix("<") || trimmed.hasPrefix(">") || trimmed.hasPrefix("{") || trimmed.hasPrefix("[") {
                break  // A body (or script) right after the headers, without the blank line.
            }
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
                problem(
                    "expected a header (Name: value) or a blank line before the body; found \"\(text.prefix(60))\"",
                    line)
                position += 1
                continue
            }
            let name = text[..<colon].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.contains(" ") else {
                problem("\"\(name)\" is not a header name", line)
                position += 1
                continue
            }
            let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            request.headers.append((name, value, line.number))
            position += 1
        }
        // Body, then response handlers and redirections at its end.
        var body: [HTTPFileDocument.Line] = []
        while position < block.count {
            let line = block[position]
            let text = line.text
            if text.hasPrefix("> {%") {
                let (script, next) = script(block, from: position)
                request.scripts.append(("response handler script", script, line.number))
                position = next
                continue
            }
            if text.hasPrefix(">> ") || text.hasPrefix(">>! ") {
                request.scripts.append(("response redirection", text, line.number))
            } else if text.hasPrefix("> ") {
                request.scripts.append(("response handler script", text, line.number))
            } else if text.hasPrefix("<> ") {
                request.scripts.append(("response reference", text, line.number))
            } else {
                body.append(line)
            }
            position += 1
        }
        while let last = body.last, last.text.trimmingCharacters(in: .whitespaces).isEmpty { body.removeLast() }
        request.body = body
        document.requests.append(request)
    }

    /// `@name = value` (the `=` may be surrounded by spaces; VS Code also accepts `@name value`? no: `=` required).
    private mutating func fileVariable(_ line: HTTPFileDocument.Line) {
        let text = line.text.trimmingCharacters(in: .whitespaces).dropFirst()
        guard let equals = text.firstIndex(of: "=") else {
            return problem("expected a variable (@name = value)", line)
        }
        let name = text[..<equals].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return problem("a variable needs a name (@name = value)", line) }
        document.variables.append(.init(name: name, value: value, line: line.number))
    }

    /// Whether the word after a possible custom method is a URL: absolute, a path, or a variable.
    static func looksLikeURL(_ word: Substring) -> Bool {
        word.hasPrefix("/") || word.hasPrefix("{{") || word.contains("://")
    }

    /// A URL written without a method: what `looksLikeURL` takes, or a host with a dot or a port
    /// (`example.com/users`, `localhost:8080/health`), or `localhost`.
    static func looksLikeBareURL(_ word: Substring) -> Bool {
        looksLikeURL(word) || word.hasPrefix("localhost")
            || (word.contains(".") || word.contains(":")) && word.allSatisfy { $0.isASCII && !$0.isWhitespace }
    }

    /// `METHOD URL [HTTP/1.1]` or a bare URL.
    private mutating func requestLine(_ line: HTTPFileDocument.Line) -> HTTPFileDocument.Request? {
        let parts = line.text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = parts.first else {
            problem("expected a request line (METHOD URL)", line)
            return nil
        }
        var method = "GET"
        var rest = parts[...]
        if Self.methods.contains(first.uppercased()) {
            method = first.uppercased()
            rest = parts.dropFirst()
        } else if parts.count > 1, HTTPToken.isValid(String(first)), Self.looksLikeURL(parts[1]) {
            // A custom method (`PROPFIND url`, `PURGE url`), sent as written; otherwise the line is
            // a bare URL, which may hold spaces.
            method = String(first)
            rest = parts.dropFirst()
        }
        // A line without a method is a bare URL only when it looks like one: prose or binary
        // garbage is not a request to `hello world`.
        if rest.count == parts.count, !Self.looksLikeBareURL(first) {
            problem("expected a request line (METHOD URL), found \"\(first.prefix(40))\"", line)
            return nil
        }
        var version: String?
        if let last = rest.last, rest.count > 1, last.uppercased().hasPrefix("HTTP/") {
            version = String(last)
            rest = rest.dropLast()
        }
        guard !rest.isEmpty else {
            problem("expected a URL after \(method); the request is left out", line)
            return nil
        }
        let url = rest.joined(separator: " ")
        return HTTPFileDocument.Request(method: method, methodLine: line, url: url, httpVersion: version)
    }

    /// A `{% … %}` script from `from` (the line holding `{%`) to the line holding `%}`; returns
    /// its text and the line after it. One never closed runs to the end of the block (reported).
    private mutating func script(_ block: [HTTPFileDocument.Line], from start: Int) -> (String, Int) {
        var text: [String] = []
        var position = start
        while position < block.count {
            let line = block[position].text
            text.append(line)
            position += 1
            if line.contains("%}") { return (text.joined(separator: "\n"), position) }
        }
        problem("script opened with {% is not closed with %}", block[start])
        return (text.joined(separator: "\n"), position)
    }

    /// `import PATH`, `run #NAME`, `run PATH` and `run PATH (@name=value, @other=value)`; nil for any
    /// other line.
    static func directive(_ text: String, line: HTTPFileDocument.Line, position: Int) -> HTTPFileDocument.Directive? {
        let kind: HTTPFileDocument.Directive.Kind
        var rest: Substring
        if text.hasPrefix("import ") {
            kind = .importFile
            rest = text.dropFirst(7)
        } else if text.hasPrefix("run ") {
            kind = .run
            rest = text.dropFirst(4)
        } else {
            return nil
        }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        var variables: [(name: String, value: String)] = []
        if kind == .run, let open = rest.firstIndex(of: "("), rest.hasSuffix(")") {
            let inside = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
            for assignment in inside.split(separator: ",") {
                let trimmed = assignment.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("@"), let equals = trimmed.firstIndex(of: "=") else { continue }
                let name = trimmed[trimmed.index(after: trimmed.startIndex)..<equals].trimmingCharacters(
                    in: .whitespaces)
                let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                if !name.isEmpty { variables.append((name, value)) }
            }
            rest = rest[..<open]
        }
        let target = rest.trimmingCharacters(in: .whitespaces)
        // `run` alone, or `import` of nothing, is not a directive (a bare URL `import` is not either).
        guard !target.isEmpty, !target.contains("://") else { return nil }
        return HTTPFileDocument.Directive(
            kind: kind, target: target, variables: variables, line: line, position: position)
    }
}

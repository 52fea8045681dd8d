import Foundation
import HTTPCore
import Workspace

/// Turns the blocks of a `.http` file into saved requests (see `HTTPFileImport`).
struct HTTPFileConverter {
    let source: ImportSource
    let options: ImportOptions
    var report = ImportReport()

    init(source: ImportSource, options: ImportOptions) {
        self.source = source
        self.options = options
    }

    private func location(_ line: Int) -> ImportLocation {
        ImportLocation(file: source.name, line: line)
    }

    func location(line: Int) -> ImportLocation { location(line) }

    mutating func request(_ written: HTTPFileDocument.Request, id: String) throws(ImportError) -> SavedRequest {
        var block = written
        let line = block.methodLine.number
        if block.method.uppercased() == "WEBSOCKET" { return webSocket(block, id: id) }
        if block.method.uppercased() == "GRAPHQL" {
            block = Self.graphQL(block)
            report.add("GRAPHQL request", at: location(line), kept: "sent as a POST with the query as a JSON body")
        }
        guard let method = RequestMethod(rawValue: block.method) else {
            throw ImportError("\(block.method) is not a method token", file: source.name, line: line, column: 1)
        }
        var url = template(block.url, line: line)
        var headers: [KeyValueRow] = []
        var contentType: String?
        var host: String?
        for header in block.headers {
            let value = template(header.value, line: header.line)
            if let problem = HeaderCheck.problem(name: header.name, value: value) {
                report.add(problem, at: location(header.line), kept: "not carried")
                continue
            }
            if header.name.lowercased() == "content-type" { contentType = value }
            if header.name.lowercased() == "host" { host = value }
            if header.name.lowercased() == "x-request-type", value.lowercased() == "graphql" {
                report.add(
                    "GraphQL request (X-Request-Type: GraphQL)", at: location(header.line), kept: "sent as written")
            }
            headers.append(KeyValueRow(name: header.name, value: value))
        }
        // `GET /path` with a `Host:` header: the full URL, as the HTTP clients build it.
        if url.hasPrefix("/"), let host {
            url = "http://" + host + url
            headers.removeAll { $0.name.lowercased() == "host" }
        }
        // Both clients follow redirects unless `# @no-redirect` says otherwise, as Lazer does.
        var options = SavedOptions()
        switch block.httpVersion?.uppercased() {
        case "HTTP/1.0"?: options.httpVersion = .http10
        case "HTTP/2"?, "HTTP/2.0"?: options.httpVersion = .http2
        default: break
        }
        for tag in block.tags {
            switch tag.tag {
            case "no-redirect": options.followRedirects = false
            case "timeout":
                if let seconds = Double(tag.value.split(separator: " ").first ?? ""), seconds >= 0 {
                    options.timeoutSeconds = seconds
                }
            case "connection-timeout":
                if let seconds = Double(tag.value.split(separator: " ").first ?? ""), seconds >= 0 {
                    options.connectTimeoutSeconds = seconds
                }
            case "no-cookie-jar", "no-log": break
            default: report.add("request tag @\(tag.tag)", at: location(tag.line), kept: "ignored")
            }
        }
        let auth = Self.authentication(&headers)
        var notes: [String] = []
        for script in block.scripts {
            report.add(script.kind, at: location(script.line), kept: "kept in the request's notes")
            notes.append("\(script.kind) (line \(script.line)):\n\(script.text)")
        }
        let body = try body(block.body, contentType: contentType, headers: &headers)
        let name = block.name ?? Self.name(method: method, url: url)
        return SavedRequest(
            id: id, name: name, method: method, url: url, headers: headers, body: body, auth: auth, options: options,
            notes: notes.isEmpty ? nil : notes.joined(separator: "\n\n"))
    }

    /// A `GRAPHQL` request as the POST it stands for: the body is the query, optionally followed
    /// by a blank line and a JSON object of variables; they become `{"query": …, "variables": …}`.
    static func graphQL(_ block: HTTPFileDocument.Request) -> HTTPFileDocument.Request {
        var request = block
        request.method = "POST"
        var query = block.body
        var variables: String?
        if let blank = query.lastIndex(where: { $0.text.trimmingCharacters(in: .whitespaces).isEmpty }) {
            let tail = query[(blank + 1)...].map(\.text).joined(separator: "\n")
            let trimmed = tail.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.hasPrefix("{"),
                (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) is [String: Any]
            {
                variables = trimmed
                query = Array(query[..<blank])
            }
        }
        let text = query.map(\.text).joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let quoted = (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        let json = "{\"query\": \(quoted)" + (variables.map { ", \"variables\": \($0)" } ?? "") + "}"
        request.body = [HTTPFileDocument.Line(text: json, number: block.body.first?.number ?? block.methodLine.number)]
        if !request.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            request.headers.append(("Content-Type", "application/json", block.methodLine.number))
        }
        return request
    }

    /// `Authorization: Basic user:password` / `Basic user password` and `Digest user password`
    /// (the clients encode them) as Lazer's auth; an already encoded Basic value stays a header.
    static func authentication(_ headers: inout [KeyValueRow]) -> SavedAuth {
        guard let index = headers.firstIndex(where: { $0.name.lowercased() == "authorization" }) else {
            return SavedAuth(.inherit)
        }
        let value = headers[index].value
        let words = value.split(separator: " ", maxSplits: 1)
        guard words.count == 2 else { return SavedAuth(.none) }
        let scheme = words[0].lowercased()
        let credentials = String(words[1])
        let pair: (String, String)?
        if let colon = credentials.firstIndex(of: ":") {
            pair = (String(credentials[..<colon]), String(credentials[credentials.index(after: colon)...]))
        } else if let space = credentials.firstIndex(of: " ") {
            pair = (String(credentials[..<space]), String(credentials[credentials.index(after: space)...]))
        } else {
            pair = nil
        }
        guard let (user, password) = pair, scheme == "basic" || scheme == "digest" else { return SavedAuth(.none) }
        headers.remove(at: index)
        return SavedAuth(
            scheme == "basic" ? .basic(username: user, password: password) : .digest(username: user, password: password)
        )
    }

    // MARK: - Bodies

    private mutating func body(
        _ lines: [HTTPFileDocument.Line], contentType: String?, headers: inout [KeyValueRow]
    ) throws(ImportError) -> SavedBody {
        guard let first = lines.first else { return .empty }
        let type = contentType?.lowercased() ?? ""
        func dropContentType() { headers.removeAll { $0.name.lowercased() == "content-type" } }
        if type.hasPrefix("multipart/form-data") {
            guard let boundary = Self.boundary(contentType ?? "") else {
                throw ImportError(
                    "multipart body without a boundary in its Content-Type", file: source.name, line: first.number,
                    column: 1)
            }
            dropContentType()
            return SavedBody(.multipart(try parts(lines, boundary: boundary)))
        }
        // A body that is only `< file` (or `<@ file`, whose variables Lazer does not fill).
        if lines.count == 1, let path = Self.fileReference(first.text) {
            if first.text.hasPrefix("<@") {
                report.add(
                    "variables inside the file \(path) (<@)", at: location(first.number), kept: "sent as the file is")
            }
            return SavedBody(.file(path: options.collectionPath(path, from: source), contentType: nil))
        }
        var text = lines.map { template($0.text, line: $0.number) }.joined(separator: "\n")
        if type.hasPrefix("application/x-www-form-urlencoded") {
            // VS Code REST Client joins form lines (`a=1` / `&b=2`) without line breaks.
            text = lines.map { template($0.text, line: $0.number).trimmingCharacters(in: .whitespaces) }.joined()
            if type == "application/x-www-form-urlencoded", let rows = CurlRequestBuilder.canonicalFormRows(text) {
                dropContentType()
                return SavedBody(.formURLEncoded(rows))
            }
            return SavedBody(.text(text, contentType: nil))
        }
        if type == "application/json" || contentType == nil && Self.looksLikeJSON(text) {
            dropContentType()
            return SavedBody(.jsonText(text))
        }
        return SavedBody(.text(text, contentType: nil))
    }

    private mutating func parts(_ lines: [HTTPFileDocument.Line], boundary: String) throws(ImportError) -> [SavedPart] {
        var parts: [SavedPart] = []
        var index = 0
        let delimiter = "--" + boundary
        while index < lines.count, lines[index].text.trimmingCharacters(in: .whitespaces) != delimiter { index += 1 }
        while index < lines.count {
            let start = lines[index]
            if start.text.trimmingCharacters(in: .whitespaces) == delimiter + "--" { break }
            index += 1
            var name: String?
            var fileName: String?
            var partType: String?
            while index < lines.count, !lines[index].text.trimmingCharacters(in: .whitespaces).isEmpty {
                let header = lines[index].text
                if let colon = header.firstIndex(of: ":") {
                    let headerName = header[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                    let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    if headerName == "content-disposition" {
                        name = Self.parameter("name", in: value)
                        fileName = Self.parameter("filename", in: value)
                    } else if headerName == "content-type" {
                        partType = value
                    } else {
                        report.add(
                            "multipart part header \(headerName)", at: location(lines[index].number),
                            kept: "not carried")
                    }
                }
                index += 1
            }
            index += 1
            var content: [HTTPFileDocument.Line] = []
            while index < lines.count, !lines[index].text.trimmingCharacters(in: .whitespaces).hasPrefix(delimiter) {
                content.append(lines[index])
                index += 1
            }
            guard let name else {
                throw ImportError(
                    "multipart part without a name (Content-Disposition: form-data; name=\"…\")", file: source.name,
                    line: start.number, column: 1)
            }
            if content.count == 1, let path = Self.fileReference(content[0].text) {
                parts.append(
                    SavedPart(
                        name: name, source: .file(path: options.collectionPath(path, from: source)),
                        contentType: partType,
                        fileName: fileName))
            } else {
                let value = content.map { template($0.text, line: $0.number) }.joined(separator: "\r\n")
                parts.append(SavedPart(name: name, source: .text(value), contentType: partType, fileName: fileName))
                if fileName != nil {
                    report.add(
                        "inline file content of part \(name)", at: location(start.number), kept: "sent as a text part")
                }
            }
        }
        return parts
    }

    /// `< ./file.json` → `./file.json`.
    static func fileReference(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<"), !trimmed.hasPrefix("<>") else { return nil }
        let path = trimmed.drop { $0 == "<" || $0 == "@" }.trimmingCharacters(in: .whitespaces)
        return path.isEmpty || path.hasPrefix("{%") ? nil : path
    }

    static func boundary(_ contentType: String) -> String? {
        parameter("boundary", in: contentType)
    }

    /// `name="value"` or `name=value` inside a header value.
    static func parameter(_ name: String, in value: String) -> String? {
        for piece in value.split(separator: ";") {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            var text = pair[1].trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
                text = String(text.dropFirst().dropLast())
            }
            return text
        }
        return nil
    }

    static func looksLikeJSON(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return (trimmed.hasPrefix("{") && trimmed.hasSuffix("}")) || (trimmed.hasPrefix("[") && trimmed.hasSuffix("]"))
    }

    // MARK: - Variables

    /// A file variable's name as a Lazer variable name (letters, digits, `_`, `-`, `.`).
    mutating func variableName(_ name: String, line: Int) -> String {
        guard !VariableName.isValid(name) else { return name }
        var fixed = String(name.unicodeScalars.map { VariableName.isValid(String($0)) ? Character($0) : "_" })
        if fixed.isEmpty { fixed = "_" }
        report.add("variable name @\(name)", at: location(line), kept: "renamed to \(fixed)")
        return fixed
    }

    /// `{{…}}` placeholders rewritten to Lazer's: variables as they are, dynamic values mapped.
    mutating func template(_ text: String, line: Int) -> String {
        guard text.contains("{{") else { return text }
        var output = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            output += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                output += rest[open.lowerBound...]
                return output
            }
            let inner = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            output += "{{" + placeholder(inner, line: line) + "}}"
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    private mutating func placeholder(_ inner: String, line: Int) -> String {
        guard inner.hasPrefix("$") else {
            if inner.contains(".response.") || inner.contains(".request.") {
                report.add("request variable {{\(inner)}}", at: location(line), kept: "left as written: use a capture")
            }
            return inner
        }
        let words = Self.words(String(inner.dropFirst()))
        let name = words.first ?? ""
        let arguments = Array(words.dropFirst())
        func lazer(_ name: String, _ arguments: [String]) -> String {
            String(DynamicArguments.expression(name, arguments).dropFirst(2).dropLast(2))
        }
        switch name {
        case "uuid", "guid", "random.uuid", "randomUUID":
            if arguments.isEmpty { return "$uuid" }
        // The same names and arguments (Day.js date patterns, `-1 d` offsets, MIN included and
        // MAX excluded), computed at send time: carried as they are, quotes made Lazer's.
        case "timestamp", "isoTimestamp", "randomInt", "processEnv", "dotenv":
            if arguments.first?.hasPrefix("%") == true { break }
            return lazer(name, arguments)
        case "datetime": return lazer("date", arguments)
        case "localDatetime": return lazer("localDate", arguments)
        case "env" where arguments.count == 1: return lazer("processEnv", arguments)
        default:
            if name.hasPrefix("env."), name.count > 4, arguments.isEmpty {
                return lazer("processEnv", [String(name.dropFirst(4))])
            }
            // JetBrains: `$random.integer(from, to)`, `to` excluded as in `$randomInt`.
            if name.hasPrefix("random.integer(") || name.hasPrefix("random.alphanumeric(") {
                let call = words.joined()
                let open = call.firstIndex(of: "(") ?? call.endIndex
                let numbers = call[open...].dropFirst().prefix { $0 != ")" }.split(separator: ",").map {
                    String($0).trimmingCharacters(in: .whitespaces)
                }
                if call.hasSuffix(")"), numbers.allSatisfy({ Int($0) != nil }) {
                    if name.hasPrefix("random.integer("), numbers.count == 2 { return lazer("randomInt", numbers) }
                    if name.hasPrefix("random.alphanumeric("), numbers.count == 1 {
                        return lazer("randomString", numbers)
                    }
                }
            }
        }
        if name == "processEnv" || name == "dotenv" || name == "env", let variable = arguments.last {
            // `%name`: the name is itself a variable's value; Lazer reads the variable instead.
            let plain = variable.replacingOccurrences(of: "%", with: "")
            report.add(
                "environment variable {{\(inner)}}", at: location(line),
                kept: "as {{\(plain)}}: set LAZER_VAR_\(plain)")
            return plain
        }
        report.add("dynamic value {{\(inner)}}", at: location(line), kept: "left as written: Lazer cannot compute it")
        return inner
    }

    /// The words of a dynamic value, quoted ones (`"DD MMM"` or `'DD MMM'`) unquoted.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first == " " || first == "\t" {
                rest = rest.dropFirst()
            } else if first == "\"" || first == "'", let close = rest.dropFirst().firstIndex(of: first) {
                words.append(String(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: close)...]
            } else {
                let word = rest.prefix { $0 != " " && $0 != "\t" }
                words.append(String(word))
                rest = rest.dropFirst(word.count)
            }
        }
        return words
    }

    static func name(method: RequestMethod, url: String) -> String {
        CurlRequestBuilder.name(method: method, url: url)
    }
}

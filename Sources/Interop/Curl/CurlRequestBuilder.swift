import Foundation
import HTTPCore
import RegularFiles
import Workspace

/// Turns a parsed curl invocation into the saved requests that send what curl would send: the
/// method curl picks, the URL (scheme added, credentials and fragment taken out, `-G` data and
/// `--url-query` appended), headers (`-H`, `-A`, `-e`, `-b`, `-r`), the body (`-d` pieces joined
/// with `&`, `@file` read as curl reads it, `--data-urlencode` encoded as curl encodes, `--json`,
/// `-F` parts, `-T` files), authentication and transfer options.
///
/// The body is stored in the form that keeps its bytes: a form table only when re-encoding the
/// table gives back the exact text, JSON as text (never re-printed), a single `--data-binary @file`
/// or `-T file` as a file reference; everything else as text with curl's content type.
struct CurlRequestBuilder {
    let source: ImportSource
    let options: ImportOptions
    var report = ImportReport()

    init(source: ImportSource, options: ImportOptions) {
        self.source = source
        self.options = options
    }

    private func location(_ word: ShellWord) -> ImportLocation {
        ImportLocation(file: source.name, line: word.line, column: word.column)
    }

    /// One request per URL of the invocation.
    mutating func requests(_ invocation: CurlInvocation, idSeed: String) throws(ImportError) -> [SavedRequest] {
        var requests: [SavedRequest] = []
        for (number, url) in invocation.urls.enumerated() {
            requests.append(try request(invocation, url: url, id: StableID.make(idSeed, String(number))))
        }
        return requests
    }

    private mutating func request(
        _ invocation: CurlInvocation, url urlValue: CurlInvocation.Value, id: String
    ) throws(ImportError) -> SavedRequest {
        for value in [urlValue] + invocation.headers + invocation.data.map(\.value) + invocation.forms.map(\.value)
        where !value.word.variables.isEmpty {
            for name in value.word.variables {
                report.add(
                    "shell variable $\(name)", at: location(value.word),
                    kept: "as {{\(name)}}: define it in the collection or set LAZER_VAR_\(name)")
            }
        }
        var url = urlValue.text
        if let hash = url.firstIndex(of: "#") { url = String(url[..<hash]) }
        if !url.contains("://") { url = "http://" + url }
        var auth = SavedAuth(.inherit)
        // Credentials in the URL are what curl sends as Basic authentication.
        if let (stripped, user, password) = Self.userInfo(in: url) {
            url = stripped
            auth = SavedAuth(.basic(username: user, password: password))
        }
        var headers: [KeyValueRow] = []
        var contentType: String?
        for value in invocation.headers {
            guard let header = header(value) else { continue }
            if header.name.lowercased() == "content-type" { contentType = header.value }
            headers.append(header)
        }
        if let agent = invocation.userAgent,
            let row = checked(KeyValueRow(name: "User-Agent", value: agent.text), agent.word)
        {
            headers.append(row)
        }
        if let referer = invocation.referer {
            var text = referer.text
            if text.hasSuffix(";auto") { text.removeLast(5) }
            if !text.isEmpty, let row = checked(KeyValueRow(name: "Referer", value: text), referer.word) {
                headers.append(row)
            }
        }
        if let range = invocation.range,
            let row = checked(KeyValueRow(name: "Range", value: "bytes=" + range.text), range.word)
        {
            headers.append(row)
        }
        var cookies: [String] = []
        for cookie in invocation.cookies {
            if cookie.text.contains("=") {
                cookies.append(cookie.text)
            } else {
                report.add("cookie file \(cookie.text) (-b)", at: location(cookie.word), kept: "not read")
            }
        }
        if !cookies.isEmpty, let first = invocation.cookies.first,
            let row = checked(KeyValueRow(name: "Cookie", value: cookies.joined(separator: "; ")), first.word)
        {
            headers.append(row)
        }
        for query in invocation.urlQueries {
            url = Self.appendQuery(url, Self.urlQueryItem(query.text))
        }
        if let user = invocation.user {
            let parts = user.text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let password = parts.count > 1 ? String(parts[1]) : ""
            if parts.count == 1 {
                report.add(
                    "-u \(name) without a password", at: location(user.word), kept: "sent with an empty password")
            }
            if invocation.ntlm {
                // curl takes the domain in the user name: `-u 'CORP\ada:pw'`.
                let pieces = name.split(separator: "\\", maxSplits: 1)
                auth = SavedAuth(
                    .ntlm(
                        pieces.count == 2
                            ? NTLMAuth(username: String(pieces[1]), password: password, domain: String(pieces[0]))
                            : NTLMAuth(username: name, password: password)))
            } else {
                auth = SavedAuth(
                    invocation.digest
                        ? .digest(username: name, password: password) : .basic(username: name, password: password))
            }
        }
        if invocation.negotiate { auth = SavedAuth(.negotiate) }
        if let bearer = invocation.bearer { auth = SavedAuth(.bearer(token: bearer.text)) }

        var body = SavedBody.empty
        let hasData = !invocation.data.isEmpty
        if !invocation.forms.isEmpty {
            if hasData {
                report.add(
                    "-d together with -F (curl refuses this)", at: location(invocation.data[0].value.word),
                    kept: "the -F parts are sent")
            }
            body = SavedBody(.multipart(try parts(invocation.forms)))
            headers.removeAll {
                $0.name.lowercased() == "content-type" && $0.value.lowercased().hasPrefix("multipart/form-data")
            }
        } else if hasData {
            let data = try dataText(invocation.data)
            if invocation.get {
                url = Self.appendQuery(url, data.text ?? "")
            } else {
                body = dataBody(
                    data, json: invocation.data.contains { $0.kind == .json }, contentType: contentType,
                    headers: &headers)
            }
        }
        if invocation.data.contains(where: { $0.kind == .json }),
            !headers.contains(where: { $0.name.lowercased() == "accept" })
        {
            headers.append(KeyValueRow(name: "Accept", value: "application/json"))
        }
        if let upload = invocation.upload {
            if upload.text == "-" || upload.text == "." {
                report.add(
                    "upload from standard input (-T \(upload.text))", at: location(upload.word),
                    kept: "sent without a body")
            } else {
                // curl sends the file with no Content-Type (an empty type says so; a -H one still wins).
                body = SavedBody(.file(path: options.collectionPath(upload.text, from: source), contentType: ""))
                url = Self.uploadURL(url, file: upload.text)
            }
        }
        let method = try method(invocation, hasBody: body != .empty || (hasData && !invocation.get))
        return SavedRequest(
            id: id, name: Self.name(method: method, url: url), method: method, url: url, headers: headers, body: body,
            auth: auth, options: invocation.options)
    }

    // MARK: - Method

    private func method(_ invocation: CurlInvocation, hasBody: Bool) throws(ImportError) -> RequestMethod {
        if let value = invocation.method {
            // curl sends -X exactly as written (`-X purge` is not PURGE), and so does the import.
            guard let method = RequestMethod(rawValue: value.text) else {
                throw ImportError(
                    "method \(value.text) is not an HTTP token (letters, digits and !#$%&'*+-.^_`|~)",
                    at: location(value.word))
            }
            return method
        }
        if invocation.head { return .head }
        if invocation.get { return .get }
        if invocation.upload != nil { return .put }
        return hasBody ? .post : .get
    }

    // MARK: - Headers

    /// `Name: value`, `Name;` (empty value). `Name:` removes a header curl adds, which a
    /// collection cannot say: reported.
    private mutating func header(_ value: CurlInvocation.Value) -> KeyValueRow? {
        let text = value.text
        if text.hasPrefix("@") {
            report.add("headers from file \(text.dropFirst())", at: location(value.word), kept: "not read")
            return nil
        }
        if let colon = text.firstIndex(of: ":") {
            let name = text[..<colon].trimmingCharacters(in: .whitespaces)
            let headerValue = text[text.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else {
                report.add("header \"\(text)\" without a name", at: location(value.word), kept: "ignored")
                return nil
            }
            if headerValue.isEmpty {
                report.add(
                    "-H '\(name):' removes curl's own \(name) header", at: location(value.word), kept: "not carried")
                return nil
            }
            return checked(KeyValueRow(name: name, value: headerValue), value.word)
        }
        if text.hasSuffix(";") {
            return checked(
                KeyValueRow(name: String(text.dropLast()).trimmingCharacters(in: .whitespaces), value: ""), value.word)
        }
        report.add("header \"\(text)\" without a colon", at: location(value.word), kept: "ignored")
        return nil
    }

    /// `row` when Lazer can send it; else reported (see `HeaderCheck`).
    private mutating func checked(_ row: KeyValueRow, _ word: ShellWord) -> KeyValueRow? {
        guard let problem = HeaderCheck.problem(name: row.name, value: row.value) else { return row }
        report.add(problem, at: location(word), kept: "not carried")
        return nil
    }

    // MARK: - Data

    /// The joined data, as text when it is UTF-8, and the file when it is exactly one `--data-binary @file`.
    struct DataText {
        var text: String?
        var singleFile: String?
    }

    private mutating func dataText(_ pieces: [(kind: CurlInvocation.DataKind, value: CurlInvocation.Value)])
        throws(ImportError) -> DataText
    {
        var bytes: [UInt8] = []
        var singleFile: String?
        for (number, piece) in pieces.enumerated() {
            if number > 0, !(piece.kind == .json && pieces[number - 1].kind == .json) {
                bytes.append(UInt8(ascii: "&"))
            }
            let text = piece.value.text
            switch piece.kind {
            case .raw:
                bytes += Array(text.utf8)
            case .ascii, .binary, .json:
                if text.hasPrefix("@") {
                    let path = String(text.dropFirst())
                    guard var content = read(path, piece.value) else { continue }
                    if piece.kind == .ascii { content.removeAll { $0 == 0x0D || $0 == 0x0A || $0 == 0 } }
                    if pieces.count == 1, piece.kind != .ascii, path != "-" { singleFile = path }
                    bytes += content
                } else {
                    bytes += Array(text.utf8)
                }
            case .urlencode:
                bytes += Array(try urlencoded(piece.value).utf8)
            }
        }
        let text = String(validating: bytes, as: UTF8.self)
        if text == nil, singleFile == nil {
            report.add("binary request data", at: location(pieces[0].value.word), kept: "not carried")
        }
        return DataText(text: text, singleFile: singleFile)
    }

    /// curl's `--data-urlencode` forms.
    private mutating func urlencoded(_ value: CurlInvocation.Value) throws(ImportError) -> String {
        let text = value.text
        let separator = text.firstIndex(of: "=") ?? text.firstIndex(of: "@")
        guard let separator else { return Self.curlEscape(Array(text.utf8)) }
        let name = String(text[..<separator])
        let rest = String(text[text.index(after: separator)...])
        let content: [UInt8]
        if text[separator] == "@" {
            content = read(rest, value) ?? []
        } else {
            content = Array(rest.utf8)
        }
        let encoded = Self.curlEscape(content)
        return name.isEmpty ? encoded : name + "=" + encoded
    }

    /// The body for joined `-d` data: see the type's comment for which form keeps the bytes.
    private func dataBody(_ data: DataText, json: Bool, contentType: String?, headers: inout [KeyValueRow]) -> SavedBody
    {
        let formType = "application/x-www-form-urlencoded"
        if let file = data.singleFile {
            return SavedBody(
                .file(
                    path: options.collectionPath(file, from: source),
                    contentType: contentType == nil ? (json ? "application/json" : formType) : nil))
        }
        guard let text = data.text else { return .empty }
        let type = contentType?.lowercased()
        func dropContentType() { headers.removeAll { $0.name.lowercased() == "content-type" } }
        if json && type == nil || type == "application/json" {
            dropContentType()
            return SavedBody(.jsonText(text))
        }
        if type == nil || type == formType {
            dropContentType()
            if let rows = Self.canonicalFormRows(text) { return SavedBody(.formURLEncoded(rows)) }
            return SavedBody(.text(text, contentType: formType))
        }
        return SavedBody(.text(text, contentType: nil))
    }

    /// The rows of `text` when encoding them back gives exactly `text` (so the table sends the same bytes).
    static func canonicalFormRows(_ text: String) -> [KeyValueRow]? {
        guard !text.isEmpty else { return nil }
        var rows: [KeyValueRow] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            guard let name = formDecode(pair[..<equals]), let value = formDecode(pair[pair.index(after: equals)...])
            else {
                return nil
            }
            rows.append(KeyValueRow(name: name, value: value))
        }
        let encoded = rows.map { PlaceholderText.formEncoded($0.name) + "=" + PlaceholderText.formEncoded($0.value) }
        return encoded.joined(separator: "&") == text ? rows : nil
    }

    private static func formDecode(_ text: Substring) -> String? {
        PlaceholderText.mapLiterals(String(text)) {
            $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "\u{FFFD}"
        }
    }

    // MARK: - Multipart

    private mutating func parts(_ forms: [(value: CurlInvocation.Value, literal: Bool)]) throws(ImportError)
        -> [SavedPart]
    {
        var parts: [SavedPart] = []
        for (value, literal) in forms {
            let text = value.text
            guard let equals = text.firstIndex(of: "=") else {
                throw ImportError("-F \(text): expected name=content", at: location(value.word))
            }
            let name = String(text[..<equals])
            var content = String(text[text.index(after: equals)...])
            if literal {
                parts.append(SavedPart(name: name, source: .text(content)))
                continue
            }
            let kind = content.first
            if kind == "@" || kind == "<" { content.removeFirst() }
            let (main, parameters) = Self.formParameters(content)
            var part: SavedPart
            switch kind {
            case "@":
                part = SavedPart(name: name, source: .file(path: options.collectionPath(main, from: source)))
                part.fileName = parameters["filename"]
            case "<":
                let bytes = read(main, value) ?? []
                part = SavedPart(name: name, source: .text(String(decoding: bytes, as: UTF8.self)))
            default:
                part = SavedPart(name: name, source: .text(main))
            }
            part.contentType = parameters["type"]
            if parameters["headers"] != nil {
                report.add("-F part headers (\(name))", at: location(value.word), kept: "not carried")
            }
            parts.append(part)
        }
        return parts
    }

    /// Splits `value;type=x;filename=y` (the value optionally in double quotes).
    static func formParameters(_ content: String) -> (String, [String: String]) {
        var main = ""
        var rest = Substring(content)
        if rest.first == "\"" {
            rest.removeFirst()
            while let character = rest.first {
                rest.removeFirst()
                if character == "\\", let next = rest.first {
                    main.append(next)
                    rest.removeFirst()
                } else if character == "\"" {
                    break
                } else {
                    main.append(character)
                }
            }
        } else {
            let end = rest.firstIndex(of: ";") ?? rest.endIndex
            main = String(rest[..<end])
            rest = rest[end...]
        }
        var parameters: [String: String] = [:]
        for parameter in rest.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            var parameterValue = String(pair[1])
            if parameterValue.hasPrefix("\""), parameterValue.hasSuffix("\""), parameterValue.count >= 2 {
                parameterValue = String(parameterValue.dropFirst().dropLast())
            }
            parameters[pair[0].trimmingCharacters(in: .whitespaces).lowercased()] = parameterValue
        }
        return (main, parameters)
    }

    // MARK: - Files and URLs

    /// A file `@path` names, read at import time (relative to the source's folder). Missing or
    /// unreadable files are reported: curl would send nothing for them.
    /// The most a file named for content (`-d @file`) may hold: 16 MiB; a larger body belongs in a
    /// file body (`-T`, `--data-binary` as a reference), which is streamed.
    static let fileLimit = 16 << 20

    private mutating func read(_ path: String, _ value: CurlInvocation.Value) -> [UInt8]? {
        if path == "-" {
            report.add("data from standard input (@-)", at: location(value.word), kept: "sent empty")
            return nil
        }
        guard options.readsFiles else {
            report.add(
                "file \(path) (not read yet)", at: location(value.word), kept: "sent empty", unreadFile: path)
            return nil
        }
        let absolute = path.hasPrefix("/") ? path : (source.baseFolder as NSString).appendingPathComponent(path)
        do {
            guard let bytes = try RegularFile.read(absolute, limit: Self.fileLimit) else {
                report.add("file \(path) (not found)", at: location(value.word), kept: "sent empty", unreadFile: path)
                return nil
            }
            return bytes
        } catch {
            report.add(
                "file \(path) (\(error.reason))", at: location(value.word), kept: "sent empty", unreadFile: path)
            return nil
        }
    }

    /// How curl encodes `--data-urlencode` and `--url-query` content: ASCII letters, digits and
    /// `-._~` as they are, a space as `+`, every other byte as `%XX`.
    static func curlEscape(_ bytes: [UInt8]) -> String {
        var output = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                output.append("+")
            default:
                output += String(format: "%%%02X", byte)
            }
        }
        return output
    }

    /// `--url-query`: `name=content` with the content encoded, `+text` as it is.
    static func urlQueryItem(_ text: String) -> String {
        if text.hasPrefix("+") { return String(text.dropFirst()) }
        guard let equals = text.firstIndex(of: "=") else { return curlEscape(Array(text.utf8)) }
        return String(text[...equals]) + curlEscape(Array(text[text.index(after: equals)...].utf8))
    }

    /// `-T file` to a URL whose path ends in `/` (or has no path) puts the file's name, percent-encoded
    /// as curl does (everything but letters, digits and `-._~`), at the end of the path, before the query.
    static func uploadURL(_ url: String, file: String) -> String {
        let question = url.firstIndex(of: "?") ?? url.endIndex
        var base = String(url[..<question])
        let query = url[question...]
        let afterScheme = base.range(of: "://").map(\.upperBound) ?? base.startIndex
        if !base[afterScheme...].contains("/") { base += "/" }
        guard base.hasSuffix("/") else { return url }
        let name = (file as NSString).lastPathComponent
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var encoded = String.UnicodeScalarView()
        for byte in name.utf8 {
            let scalar = Unicode.Scalar(byte)
            let unreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "-._~".unicodeScalars.contains(scalar)
            if unreserved {
                encoded.append(scalar)
            } else {
                encoded += ["%", hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return base + String(encoded) + query
    }

    static func appendQuery(_ url: String, _ query: String) -> String {
        guard !query.isEmpty else { return url }
        return url + (url.contains("?") ? "&" : "?") + query
    }

    /// `scheme://user:password@host…` → the URL without them, and the decoded credentials.
    static func userInfo(in url: String) -> (String, String, String)? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let afterScheme = url[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
        let authority = afterScheme[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return nil }
        let info = authority[..<at]
        let pair = info.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let user = String(pair[0]).removingPercentEncoding ?? String(pair[0])
        let password = pair.count > 1 ? (String(pair[1]).removingPercentEncoding ?? String(pair[1])) : ""
        let stripped =
            String(url[..<schemeEnd.upperBound]) + authority[authority.index(after: at)...]
            + afterScheme[authorityEnd...]
        return (stripped, user, password)
    }

    /// `POST /users` — the method and the URL's path (its host when the path is empty).
    static func name(method: RequestMethod, url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        let pathStart = rest.firstIndex(of: "/")
        let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
        var path = pathStart.map { String(rest[$0..<max($0, queryStart)]) } ?? ""
        if path.isEmpty || path == "/" { path = String(rest[..<(pathStart ?? queryStart)]) }
        if path.count > 80 { path = String(path.prefix(79)) + "…" }
        return "\(method.rawValue) \(path)"
    }
}

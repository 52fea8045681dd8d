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

    func location(_ word: ShellWord) -> ImportLocation {
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
        reportShellVariables(invocation, url: urlValue)
        var url = urlValue.text
        if let hash = url.firstIndex(of: "#") { url = String(url[..<hash]) }
        if !url.contains("://") { url = "http://" + url }
        var auth = SavedAuth(.inherit)
        // Credentials in the URL are what curl sends as Basic authentication.
        if let (stripped, user, password) = Self.userInfo(in: url) {
            url = stripped
            auth = SavedAuth(.basic(username: user, password: password))
        }
        var (headers, contentType) = headerRows(invocation)
        for query in invocation.urlQueries {
            url = Self.appendQuery(url, Self.urlQueryItem(query.text))
        }
        auth = credentials(invocation) ?? auth
        let hasData = !invocation.data.isEmpty
        let body = try body(invocation, contentType: contentType, url: &url, headers: &headers)
        let method = try method(invocation, hasBody: body != .empty || (hasData && !invocation.get))
        return SavedRequest(
            id: id, name: Self.name(method: method, url: url), method: method, url: url, headers: headers, body: body,
            auth: auth, options: invocation.options)
    }

    /// `$NAME` in the URL, headers, data or forms becomes `{{NAME}}`: each one reported.
    private mutating func reportShellVariables(_ invocation: CurlInvocation, url: CurlInvocation.Value) {
        for value in [url] + invocation.headers + invocation.data.map(\.value) + invocation.forms.map(\.value)
        where !value.word.variables.isEmpty {
            for name in value.word.variables {
                report.add(
                    "shell variable $\(name)", at: location(value.word),
                    kept: "as {{\(name)}}: define it in the collection or set LAZER_VAR_\(name)")
            }
        }
    }

    /// `-u` (Basic, Digest or NTLM), `--negotiate` and `--oauth2-bearer`; nil when none is given.
    private mutating func credentials(_ invocation: CurlInvocation) -> SavedAuth? {
        var auth: SavedAuth?
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
        return auth
    }

    /// `-F` parts, else `-d` data (appended to the URL with `-G`), else `-T`'s file; the
    /// content-type headers the body carries itself are taken out of `headers`.
    private mutating func body(
        _ invocation: CurlInvocation, contentType: String?, url: inout String, headers: inout [KeyValueRow]
    ) throws(ImportError) -> SavedBody {
        var body = SavedBody.empty
        if !invocation.forms.isEmpty {
            if !invocation.data.isEmpty {
                report.add(
                    "-d together with -F (curl refuses this)", at: location(invocation.data[0].value.word),
                    kept: "the -F parts are sent")
            }
            body = SavedBody(.multipart(try parts(invocation.forms)))
            headers.removeAll {
                $0.name.lowercased() == "content-type" && $0.value.lowercased().hasPrefix("multipart/form-data")
            }
        } else if !invocation.data.isEmpty {
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
        return body
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

    /// `-H`, `-A`, `-e`, `-r` and `-b` as rows, and the Content-Type `-H` gave (it decides the body's form).
    private mutating func headerRows(_ invocation: CurlInvocation) -> ([KeyValueRow], String?) {
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
        return (headers, contentType)
    }

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
}

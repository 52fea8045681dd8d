import Foundation
import HTTPCore
import TerminalText
import Workspace

/// Requests as a `.http` file both HTTP clients read (JetBrains, VS Code REST Client), with
/// `{{variables}}` kept: the collection's and the environment's variables as `@name = value`
/// (secret ones empty unless revealed), a `### Folder/Name` block per request, the base URL of a
/// relative request as `{{baseURL}}`, path parameters filled in, query rows in the URL, auth as
/// the clients write it (`Authorization: Basic user:password`), bodies inline (JSON pretty, forms
/// encoded, multipart with a boundary, files as `< path`), redirects and timeouts as `# @` tags.
/// `HTTPFileImport` reads it back to the same requests.
package enum HTTPFileExport {
    static let boundary = "LazerFormBoundary"

    package static func file(_ input: ExportInput) -> String {
        let collection = input.document.collection
        var lines = ["# \(oneLine(collection.name)) — exported by Lazer"]
        var variables: [(String, String, Bool)] = []
        if let environment = input.environment {
            if !environment.baseURL.isEmpty { variables.append(("baseURL", environment.baseURL, false)) }
            variables += environment.variables.map { ($0.name, $0.value, $0.secret) }
        }
        for variable in collection.variables where !variables.contains(where: { $0.0 == variable.name }) {
            variables.append((variable.name, variable.value, variable.secret))
        }
        if !variables.isEmpty { lines.append("") }
        for (name, value, secret) in variables {
            if secret, !input.revealSecrets {
                lines.append("# \(name) is secret: set its value before sending")
                lines.append("@\(name) =")
            } else {
                lines.append("@\(oneLine(name)) = \(oneLine(value))")
            }
        }
        let folder = (input.document.path as NSString).deletingLastPathComponent
        for location in input.selection {
            lines.append("")
            lines.append("### " + oneLine((location.folderPath + [location.request.name]).joined(separator: "/")))
            // A .http file has no folders to inherit from: the auth in force is written out.
            lines += block(collection.withAuthInForce(location.request), folder: folder)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - One request

    static func block(_ request: SavedRequest, folder: String) -> [String] {
        var lines: [String] = []
        let options = request.options
        if options.followRedirects == false { lines.append("# @no-redirect") }
        if let seconds = options.timeoutSeconds { lines.append("# @timeout \(number(seconds))") }
        if let seconds = options.connectTimeoutSeconds { lines.append("# @connection-timeout \(number(seconds))") }
        if options.verifyTLS == false { lines.append("# Lazer: TLS certificates are not verified for this request") }
        if let proxy = options.proxy { lines.append("# Lazer: sent through the proxy \(oneLine(proxy))") }
        if let caFile = options.caFile { lines.append("# Lazer: trusts the CA file \(oneLine(caFile))") }
        if let certificate = options.clientCertificate {
            lines.append("# Lazer: presents the client certificate \(oneLine(certificate))")
        }
        if !request.expectations.isEmpty || !request.captures.isEmpty {
            func counted(_ count: Int, _ noun: String) -> String? {
                count == 0 ? nil : "\(count) \(noun)\(count == 1 ? "" : "s")"
            }
            let what = [counted(request.expectations.count, "check"), counted(request.captures.count, "capture")]
            let list = what.compactMap { $0 }.joined(separator: " and ")
            let count = request.expectations.count + request.captures.count
            lines.append("# Lazer: \(list) \(count == 1 ? "is" : "are") not exported")
        }
        var method = request.websocket == nil ? request.method.rawValue : "WEBSOCKET"
        if let ping = request.websocket?.pingSeconds {
            lines.append("# Lazer: a ping every \(number(ping)) s is not exported")
        }
        if method.hasPrefix("#") {
            // A request line starting with # reads as a comment: the method cannot be written here.
            lines.append("# Lazer: the method \(oneLine(method)) cannot be written in a .http file; GET here")
            method = "GET"
        }
        var requestLine = "\(method) \(url(request))"
        switch options.httpVersion {
        case .http10?: requestLine += " HTTP/1.0"
        case .http11?: requestLine += " HTTP/1.1"
        case .http2?, .http2PriorKnowledge?: requestLine += " HTTP/2"
        case nil: break
        }
        lines.append(requestLine)
        var headers = request.headers
        switch request.auth.scheme {
        case .none, .inherit: break
        case .basic(let username, let password):
            headers.append(KeyValueRow(name: "Authorization", value: "Basic \(username):\(password)"))
        case .digest(let username, let password):
            headers.append(KeyValueRow(name: "Authorization", value: "Digest \(username) \(password)"))
        case .bearer(let token):
            headers.append(KeyValueRow(name: "Authorization", value: "Bearer \(token)"))
        case .apiKey(let name, let value, .header):
            headers.append(KeyValueRow(name: name, value: value))
        case .apiKey:
            break  // In the URL's query (see `url`).
        case .awsSigV4, .oauth2, .command, .jwt, .ntlm, .negotiate:
            if let loss = authLoss(request.auth.scheme) { lines.append("# Lazer: " + loss.comment) }
        }
        if let subprotocols = request.websocket?.subprotocols, !subprotocols.isEmpty {
            headers.append(KeyValueRow(name: "Sec-WebSocket-Protocol", value: subprotocols.joined(separator: ", ")))
        }
        var (bodyHeaders, body) = bodyLines(request.body, headers: headers, folder: folder)
        if let settings = request.websocket { (bodyHeaders, body) = ([], webSocketLines(settings)) }
        for header in headers + bodyHeaders {
            let text = "\(oneLine(header.name)): \(oneLine(header.value))"
            if header.enabled, header.name.hasPrefix("#") {
                // `#` is a token character, but a line starting with it is a comment (`###` ends the
                // request): such a header cannot be written here.
                lines.append("# Lazer: the header \(oneLine(header.name)) cannot be written in a .http file")
            } else {
                lines.append(header.enabled ? text : "# " + text)
            }
        }
        if !body.isEmpty {
            lines.append("")
            lines += body
        }
        return lines
    }

    /// The URL with path parameters filled in and enabled query rows (and a query API key) appended.
    static func url(_ request: SavedRequest) -> String {
        var url = request.url
        // Whole segments only (`:id` is not the start of `:identity`); a parameter without a
        // value becomes the variable `{{name}}` (it was dropped: `/pets/:petId` became `/pets/`).
        let values = Dictionary(
            request.pathParams.filter(\.enabled).map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        if !values.isEmpty {
            let queryStart = url.firstIndex(of: "?") ?? url.endIndex
            let path = url[..<queryStart].split(separator: "/", omittingEmptySubsequences: false).map { segment in
                guard segment.hasPrefix(":"), let value = values[String(segment.dropFirst())] else {
                    return String(segment)
                }
                return value.isEmpty ? "{{\(segment.dropFirst())}}" : value
            }
            url = path.joined(separator: "/") + url[queryStart...]
        }
        if !url.contains("://"), !url.hasPrefix("{{") {
            url = "{{baseURL}}" + (url.hasPrefix("/") ? url : "/" + url)
        }
        var query = request.query.filter(\.enabled).map {
            PlaceholderText.queryEncoded($0.name) + "=" + PlaceholderText.queryEncoded($0.value)
        }
        if case .apiKey(let name, let value, .query) = request.auth.scheme {
            query.append(PlaceholderText.queryEncoded(name) + "=" + PlaceholderText.queryEncoded(value))
        }
        if !query.isEmpty { url += (url.contains("?") ? "&" : "?") + query.joined(separator: "&") }
        return encodingUnsafe(url)
    }

    /// Extra headers (Content-Type) and the lines of the body.
    static func bodyLines(_ body: SavedBody, headers: [KeyValueRow], folder: String) -> ([KeyValueRow], [String]) {
        let hasType = headers.contains { $0.enabled && $0.name.lowercased() == "content-type" }
        func type(_ value: String?) -> [KeyValueRow] {
            guard let value, !value.isEmpty, !hasType else { return [] }
            return [KeyValueRow(name: "Content-Type", value: value)]
        }
        switch body.content {
        case .none:
            return ([], [])
        case .json(let json):
            return (type("application/json"), lines(json.prettyPrinted()))
        case .jsonText(let text):
            return (type("application/json"), lines(text))
        case .graphql(let graphql):
            return (type("application/json"), lines(graphql.requestObject.prettyPrinted()))
        case .text(let text, let contentType):
            return (type(contentType), lines(text))
        case .formURLEncoded(let rows):
            let encoded = rows.filter(\.enabled).map {
                PlaceholderText.formEncoded($0.name) + "=" + PlaceholderText.formEncoded($0.value)
            }
            return (type("application/x-www-form-urlencoded"), [encoded.joined(separator: "&")])
        case .multipart(let parts):
            let boundary = boundary(avoiding: parts)
            var output: [String] = []
            for part in parts where part.enabled {
                output.append("--" + boundary)
                var disposition = "Content-Disposition: form-data; name=\"\(oneLine(part.name))\""
                if case .file(let path) = part.source {
                    disposition += "; filename=\"\(oneLine(part.fileName ?? (path as NSString).lastPathComponent))\""
                }
                output.append(disposition)
                if let contentType = part.contentType { output.append("Content-Type: \(oneLine(contentType))") }
                output.append("")
                switch part.source {
                case .text(let value): output += lines(value)
                case .file(let path): output.append("< \(oneLine(ExportedFilePath.absolute(path, from: folder)))")
                }
            }
            output.append("--" + boundary + "--")
            let multipartType =
                hasType ? [] : [KeyValueRow(name: "Content-Type", value: "multipart/form-data; boundary=\(boundary)")]
            return (multipartType, output)
        case .file(let path, let contentType):
            return (type(contentType), ["< \(oneLine(ExportedFilePath.absolute(path, from: folder)))"])
        }
    }

    /// A boundary no text part contains: a part line starting with `--` + the boundary would be
    /// read back as the next part (found by `make fuzz-import`).
    static func boundary(avoiding parts: [SavedPart]) -> String {
        var candidate = boundary
        var number = 0
        while parts.contains(where: { part in
            if case .text(let value) = part.source { return value.contains(candidate) }
            return false
        }) {
            number += 1
            candidate = boundary + String(number)
        }
        return candidate
    }

    /// A body's lines; a line that the file format would read as something else (`###`, `< file`,
    /// `> script`) is the one case that cannot be written as is, and is kept with a leading space.
    /// A control or invisible character (tabs aside) is written by its visible form (`␛`,
    /// `<U+202E>`): the format has no escapes, and the file is read on terminals (reported).
    static func lines(_ text: String) -> [String] {
        ScalarText.lines(text).map { line in
            let visible = visibleKeepingTabs(line)
            return visible.hasPrefix("###") || visible.hasPrefix("<") || visible.hasPrefix(">")
                ? " " + visible : visible
        }
    }

    /// A value or a comment on one line: line breaks would end it (spaces here), and every other
    /// control or invisible character is shown by its visible form (`␛`, `<U+202E>`).
    static func oneLine(_ text: String) -> String {
        visibleKeepingTabs(ScalarText.map(text) { $0 == "\r" || $0 == "\n" ? " " : nil })
    }

    /// `TerminalText`'s visible forms for every unsafe scalar but a tab.
    private static func visibleKeepingTabs(_ text: String) -> String {
        guard !TerminalText.isSafe(text, keepingLines: true) else { return text }
        var output = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar != "\t", TerminalText.isUnsafe(scalar, after: previous) {
                output += TerminalText.visibleForm(of: scalar)
            } else {
                output.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return output
    }

    /// A URL's control and invisible characters (line breaks included) percent-encoded: the same
    /// URL when sent, and nothing raw on a terminal.
    static func encodingUnsafe(_ url: String) -> String {
        guard !TerminalText.isSafe(url) else { return url }
        var output = ""
        var previous: Unicode.Scalar?
        for scalar in url.unicodeScalars {
            if TerminalText.isUnsafe(scalar, after: previous) {
                for byte in String(scalar).utf8 {
                    let hex = String(byte, radix: 16, uppercase: true)
                    output += "%" + (hex.count == 1 ? "0" + hex : hex)
                }
            } else {
                output.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return output
    }

    /// An auth a `.http` file cannot hold (made or answered at each send): the comment the file
    /// carries instead, and what stderr says of it; nil for the schemes written as headers.
    static func authLoss(_ scheme: SavedAuth.Scheme) -> (comment: String, what: String, kept: String)? {
        switch scheme {
        case .awsSigV4:
            (
                "aws-sigv4 auth cannot be written in a .http file; sent unsigned here",
                "aws-sigv4 auth (signed at each send)", "sent unsigned"
            )
        case .oauth2:
            (
                "oauth2 auth cannot be written in a .http file; sent without a token here",
                "oauth2 auth (a token fetched at each send)", "sent without a token"
            )
        case .command(let command):
            (
                "the token of this request's \(command.header) header comes from a command; left out here",
                "command auth (a token a command prints)", "left out"
            )
        case .jwt(let jwt):
            (
                "the \(jwt.algorithm.rawValue) JWT of this request's \(jwt.header) header is signed at each send; left out here",
                "jwt auth (signed at each send)", "left out"
            )
        case .ntlm, .negotiate:
            (
                "\(scheme == .negotiate ? "Negotiate" : "NTLM") auth is answered by the transport; left out here",
                "NTLM or Negotiate auth (answered by the transport)", "left out"
            )
        case .none, .inherit, .basic, .digest, .bearer, .apiKey: nil
        }
    }

    /// What the file cannot carry exactly: auth made at each send (`authLoss`), WebSocket steps,
    /// and text with control or invisible characters, which a `.http` file has no escape for
    /// (written by their visible forms).
    static func report(_ input: ExportInput) -> ExportReport {
        var report = ExportReport()
        for location in input.selection {
            let request = location.request
            let place = (location.folderPath + [request.name]).joined(separator: "/")
            // The auth the file cannot hold, written as a comment in it: said on stderr too.
            if let loss = authLoss(input.document.collection.withAuthInForce(request).auth.scheme) {
                report.add(loss.what, at: place, kept: loss.kept)
            }
            var texts = [request.name] + request.headers.flatMap { [$0.name, $0.value] }
            switch request.body.content {
            case .text(let text, _), .jsonText(let text): texts.append(text)
            case .formURLEncoded(let rows): texts += rows.flatMap { [$0.name, $0.value] }
            case .multipart(let parts):
                for part in parts {
                    texts.append(part.name)
                    if case .text(let value) = part.source { texts.append(value) }
                }
            case .graphql(let graphql): texts.append(graphql.query)
            case .none, .json, .file: break
            }
            for loss in request.websocket.map(webSocketLosses) ?? [] {
                report.add("WebSocket steps", at: place, kept: loss)
            }
            if texts.contains(where: { !TerminalText.isSafe($0, keepingLines: true) }) {
                report.add(
                    "control or invisible characters (a .http file has no escapes)", at: place,
                    kept: "written by their visible forms, such as ␛ and <U+202E>")
            }
        }
        return report
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

import HTTPCore
import Workspace

/// Writes Lazer folders and requests as Postman v2.1 items.
struct PostmanItemWriter {
    let redactor: Redactor
    /// Relative request URLs are joined to `{{baseUrl}}` when the export carries an environment.
    let hasBaseURL: Bool
    /// The collection file's folder: files a request uploads are written absolute from it.
    let folder: String

    /// The items of `node` (at `path` of folder names), reporting into `report` what Postman
    /// cannot express.
    func items(
        _ node: PostmanTreeNode, folders: [Folder], path: [String] = [], report: inout ExportReport
    ) -> [StoredJSON] {
        var result: [StoredJSON] = []
        for (name, child) in node.folders {
            let folder = folders.first { $0.name == name }
            var members = [StoredJSON.Member("name", .string(name))]
            if let description = folder?.description {
                members.append(StoredJSON.Member("description", .string(description)))
            }
            if let saved = folder?.auth,
                let auth = auth(saved, place: (path + [name]).joined(separator: "/"), report: &report)
            {
                members.append(StoredJSON.Member("auth", auth))
            }
            let events = Self.events(
                preRequest: folder?.scripts?.preRequest, test: folder?.scripts?.test.map { [$0] } ?? [])
            if !events.isEmpty { members.append(StoredJSON.Member("event", .array(events))) }
            let children = items(child, folders: folder?.folders ?? [], path: path + [name], report: &report)
            members.append(StoredJSON.Member("item", .array(children)))
            result.append(.object(members))
        }
        for request in node.requests {
            result.append(item(request, place: (path + [request.name]).joined(separator: "/"), report: &report))
        }
        return result
    }

    /// A secret's value masked outside `{{references}}`: a reference names a variable and holds no
    /// secret (a secret whose value is `password` turned `{{password}}` into `{{••••••}}`).
    private func text(_ value: String) -> StoredJSON {
        .string(PlaceholderText.mapLiterals(value) { redactor.redact($0) })
    }

    /// Postman `event`s: a `prerequest` and a `test` script, each as its lines (Postman's `exec`).
    static func events(preRequest: String?, test: [String]) -> [StoredJSON] {
        func event(_ listen: String, _ lines: [String]) -> StoredJSON {
            .object([
                StoredJSON.Member("listen", .string(listen)),
                StoredJSON.Member(
                    "script",
                    .object([
                        StoredJSON.Member("type", .string("text/javascript")),
                        StoredJSON.Member("exec", .array(lines.map(StoredJSON.string))),
                    ])),
            ])
        }
        var events: [StoredJSON] = []
        if let preRequest, preRequest.contains(where: { !$0.isWhitespace }) {
            events.append(
                event(
                    "prerequest", preRequest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)))
        }
        let testLines = test.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        if testLines.contains(where: { $0.contains(where: { !$0.isWhitespace }) }) {
            events.append(event("test", testLines))
        }
        return events
    }

    func item(_ request: SavedRequest, place: String, report: inout ExportReport) -> StoredJSON {
        var body: [StoredJSON.Member] = []
        var headers = request.headers.map(row)
        let hasContentType = request.headers.contains { $0.name.lowercased() == "content-type" }
        switch request.body.content {
        case .none: break
        case .json(let json):
            var pretty = json.prettyPrinted()
            pretty.removeLast()
            body = raw(pretty, language: "json")
        case .jsonText(let textValue):
            body = raw(textValue, language: "json")
        case .graphql(let graphql):
            var pretty = graphql.requestObject.prettyPrinted()
            pretty.removeLast()
            body = raw(pretty, language: "json")
        case .text(let textValue, let contentType):
            let lower = contentType?.lowercased() ?? ""
            let language =
                lower.contains("json")
                ? "json"
                : lower.contains("xml")
                    ? "xml" : lower.contains("html") ? "html" : lower.contains("javascript") ? "javascript" : "text"
            if let contentType, !hasContentType {
                headers.append(
                    .object([
                        StoredJSON.Member("key", .string("Content-Type")),
                        StoredJSON.Member("value", .string(contentType)),
                    ]))
            }
            body = raw(textValue, language: language)
        case .formURLEncoded(let rows):
            body = [
                StoredJSON.Member("mode", .string("urlencoded")),
                StoredJSON.Member("urlencoded", .array(rows.map(row))),
            ]
        case .multipart(let parts):
            body = [
                StoredJSON.Member("mode", .string("formdata")),
                StoredJSON.Member(
                    "formdata",
                    .array(
                        parts.map { part in
                            var members = [StoredJSON.Member("key", .string(part.name))]
                            switch part.source {
                            case .text(let value):
                                members.append(StoredJSON.Member("value", text(value)))
                                members.append(StoredJSON.Member("type", .string("text")))
                            case .file(let path):
                                members.append(
                                    StoredJSON.Member("src", .string(ExportedFilePath.absolute(path, from: folder))))
                                members.append(StoredJSON.Member("type", .string("file")))
                            }
                            if let contentType = part.contentType {
                                members.append(StoredJSON.Member("contentType", .string(contentType)))
                            }
                            if !part.enabled { members.append(StoredJSON.Member("disabled", .bool(true))) }
                            return .object(members)
                        })),
            ]
        case .file(let path, let contentType):
            if let contentType, !contentType.isEmpty, !hasContentType {
                headers.append(
                    .object([
                        StoredJSON.Member("key", .string("Content-Type")),
                        StoredJSON.Member("value", .string(contentType)),
                    ]))
            }
            body = [
                StoredJSON.Member("mode", .string("file")),
                StoredJSON.Member(
                    "file",
                    .object([StoredJSON.Member("src", .string(ExportedFilePath.absolute(path, from: folder)))])),
            ]
        }
        var requestMembers = [StoredJSON.Member("method", .string(request.method.rawValue))]
        if let auth = auth(request.auth, place: place, report: &report) {
            requestMembers.append(StoredJSON.Member("auth", auth))
        }
        requestMembers.append(StoredJSON.Member("header", .array(headers)))
        if !body.isEmpty { requestMembers.append(StoredJSON.Member("body", .object(body))) }
        requestMembers.append(StoredJSON.Member("url", url(request)))
        // Postman has one description per request: Lazer's notes follow the description there.
        let description = [request.description, request.notes.map { "Notes:\n" + $0 }].compactMap { $0 }
        if !description.isEmpty {
            requestMembers.append(StoredJSON.Member("description", text(description.joined(separator: "\n\n"))))
        }
        var members = [StoredJSON.Member("id", .string(request.id)), StoredJSON.Member("name", .string(request.name))]
        // The test event: the script made of the expectations and captures, then the request's own test script.
        let checksScript = PostmanTestScript.make(for: request, place: place, redactor: redactor, report: &report)
        let ownTest = request.scripts?.text(for: .test).map { [$0] } ?? []
        let events = Self.events(
            preRequest: request.scripts?.text(for: .preRequest), test: checksScript + ownTest)
        if !events.isEmpty { members.append(StoredJSON.Member("event", .array(events))) }
        members.append(StoredJSON.Member("request", .object(requestMembers)))
        members.append(StoredJSON.Member("response", .array([])))
        if let behaviour = Self.protocolProfileBehavior(request.options) {
            members.append(StoredJSON.Member("protocolProfileBehavior", behaviour))
        }
        Self.reportUncarried(request, place: place, report: &report)
        return .object(members)
    }

    /// Redirects and TLS verification, which Postman sets per request.
    static func protocolProfileBehavior(_ options: SavedOptions) -> StoredJSON? {
        var members: [StoredJSON.Member] = []
        if let follow = options.followRedirects { members.append(StoredJSON.Member("followRedirects", .bool(follow))) }
        if let most = options.maxRedirects { members.append(StoredJSON.Member("maxRedirects", .integer(most))) }
        if let verify = options.verifyTLS { members.append(StoredJSON.Member("strictSSL", .bool(verify))) }
        return members.isEmpty ? nil : .object(members)
    }

    /// What a Postman v2.1 request has no place for.
    private static func reportUncarried(_ request: SavedRequest, place: String, report: inout ExportReport) {
        let options = request.options
        let method = request.method.rawValue
        if method != method.uppercased() {
            let sent = "sent as \(method.uppercased())"
            report.add("method \(method) (Postman sends methods in capitals)", at: place, kept: sent)
        }
        if let seconds = options.timeoutSeconds {
            report.add(
                "timeout \(StoredJSON.double(seconds).compact()) s (Postman has one timeout for all requests)",
                at: place)
        }
        if let seconds = options.connectTimeoutSeconds {
            report.add("connect timeout \(StoredJSON.double(seconds).compact()) s", at: place)
        }
        if let proxy = options.proxy { report.add("proxy \(proxy) (Postman sets proxies in its settings)", at: place) }
        if let caFile = options.caFile {
            report.add("CA file \(caFile) (Postman sets CA certificates in its settings)", at: place)
        }
        if let certificate = options.clientCertificate {
            report.add(
                "client certificate \(certificate) (Postman sets client certificates in its settings)", at: place)
        }
        if let version = options.httpVersion { report.add("HTTP version \(version.rawValue)", at: place) }
        if request.retry != nil { report.add("retry policy (Postman does not retry)", at: place) }
        if request.websocket != nil {
            report.add("WebSocket requests are not in Postman v2.1", at: place, kept: "written as a GET of its URL")
        }
        if case .multipart(let parts) = request.body.content {
            for part in parts {
                if let fileName = part.fileName, case .file = part.source {
                    report.add(
                        "file name \(fileName) of part \(part.name) (Postman sends the file's own name)", at: place)
                }
            }
        }
    }

    private func raw(_ value: String, language: String) -> [StoredJSON.Member] {
        [
            StoredJSON.Member("mode", .string("raw")), StoredJSON.Member("raw", text(value)),
            StoredJSON.Member(
                "options",
                .object([StoredJSON.Member("raw", .object([StoredJSON.Member("language", .string(language))]))])),
        ]
    }

    private func row(_ row: KeyValueRow) -> StoredJSON {
        var members = [StoredJSON.Member("key", .string(row.name)), StoredJSON.Member("value", text(row.value))]
        if let description = row.description { members.append(StoredJSON.Member("description", .string(description))) }
        if !row.enabled { members.append(StoredJSON.Member("disabled", .bool(true))) }
        return .object(members)
    }

    private func url(_ request: SavedRequest) -> StoredJSON {
        var base = request.url
        if base.hasPrefix("/"), hasBaseURL { base = "{{baseUrl}}" + base }
        var raw = base
        let enabled = request.query.filter(\.enabled)
        if !enabled.isEmpty {
            // An empty value keeps its `=`, as Lazer sends it: `?c` would be a flag to Postman (and to an import).
            raw += "?" + enabled.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        }
        var members = [StoredJSON.Member("raw", text(raw))]
        if !request.query.isEmpty { members.append(StoredJSON.Member("query", .array(request.query.map(row)))) }
        if !request.pathParams.isEmpty {
            members.append(StoredJSON.Member("variable", .array(request.pathParams.map(row))))
        }
        return .object(members)
    }

    /// Postman's `auth` object; nil when it inherits (Postman's default too).
    func auth(_ auth: SavedAuth, place: String, report: inout ExportReport) -> StoredJSON? {
        func parameters(_ type: String, _ pairs: [(String, String)]) -> StoredJSON {
            .object([
                StoredJSON.Member("type", .string(type)),
                StoredJSON.Member(
                    type,
                    .array(
                        pairs.map { key, value in
                            .object([
                                StoredJSON.Member("key", .string(key)), StoredJSON.Member("value", text(value)),
                                StoredJSON.Member("type", .string("string")),
                            ])
                        })),
            ])
        }
        switch auth.scheme {
        case .inherit: return nil
        case .none: return .object([StoredJSON.Member("type", .string("noauth"))])
        case .basic(let username, let password):
            return parameters("basic", [("username", username), ("password", password)])
        case .digest(let username, let password):
            return parameters("digest", [("username", username), ("password", password)])
        case .bearer(let token): return parameters("bearer", [("token", token)])
        case .apiKey(let name, let value, let location):
            return parameters("apikey", [("key", name), ("value", value), ("in", location.rawValue)])
        case .awsSigV4(let aws):
            var pairs = [
                ("accessKey", aws.accessKeyID), ("secretKey", aws.secretAccessKey), ("region", aws.region),
                ("service", aws.service),
            ]
            if !aws.sessionToken.isEmpty { pairs.append(("sessionToken", aws.sessionToken)) }
            return parameters("awsv4", pairs)
        case .oauth2(let oauth):
            if oauth.clientAuthentication == .privateKeyJWT {
                report.add(
                    "oauth2 private_key_jwt client authentication: Postman has none", at: place,
                    kept: "the other oauth2 fields, with client authentication \"header\" and no key")
            }
            return parameters("oauth2", PostmanOAuth2.pairs(oauth))
        case .command(let command):
            report.add(
                "command auth ($ \(command.command)): Postman cannot run a command for a token", at: place,
                kept: "left out: the request inherits its parent's auth there")
            return nil
        case .jwt(let jwt):
            return parameters("jwt", PostmanJWT.parameters(jwt, place: place, report: &report))
        case .ntlm(let ntlm):
            return parameters(
                "ntlm", [("username", ntlm.username), ("password", ntlm.password), ("domain", ntlm.domain)])
        case .negotiate:
            report.add(
                "Negotiate (Kerberos) auth: Postman has none", at: place,
                kept: "left out: the request inherits its parent's auth there")
            return nil
        }
    }
}

import Foundation
import HTTPCore
import JSONTree

/// Turns a `SavedRequest` into a `ResolvedRequest` for one environment: placeholders filled,
/// `:name` path parameters substituted, auth turned into headers or query items, file paths made
/// absolute. Every problem is collected; a request with problems must not be sent.
package struct RequestResolver: Sendable {
    /// The outcome: the request, and the problems that stop it from being sent.
    package struct Outcome: Sendable {
        package var request: ResolvedRequest
        package var problems: [VariableProblem]
        /// The `{{$prompt}}` / `{{$select}}` the request uses, once per label, in order.
        package var prompts: [PromptRequest] = []
        package var isSendable: Bool { problems.isEmpty }
    }

    package var scope: VariableScope
    /// The collection file's folder: body and part file paths are relative to it.
    package var baseFolder: String
    /// The collection's options, under each request's own (`SavedOptions.overlaid(on:)`).
    package var baseOptions: SavedOptions

    /// Secret values the caller masks already (`VariableResolver.alreadyMasked`): the request's
    /// `secretValues` leave them out.
    package var alreadyMasked: Set<String> = []

    package init(scope: VariableScope, baseFolder: String, baseOptions: SavedOptions = SavedOptions()) {
        self.scope = scope
        self.baseFolder = baseFolder
        self.baseOptions = baseOptions
    }

    /// - Parameter auth: the auth in force when the request inherits it
    ///   (`RequestCollection.authInForce`); nil: the request's own.
    package func resolve(_ saved: SavedRequest, auth: SavedAuth? = nil) -> Outcome {
        var resolver = VariableResolver(scope: scope)
        resolver.alreadyMasked = alreadyMasked
        var url = resolver.resolve(saved.url, at: "url")
        url = substitutePathParameters(in: url, saved.pathParams, &resolver)
        let target: ResolvedRequest.Target =
            url.hasPrefix("/") || !url.contains("://") ? .path(url.hasPrefix("/") ? url : "/" + url) : .absolute(url)

        var query = rows(saved.query, "query", &resolver)
        var headers = rows(saved.headers, "headers", &resolver)
        var digest: ResolvedRequest.Credentials?
        var aws: ResolvedRequest.AWSSigning?
        var oauth: OAuthSettings?
        var command: CommandAuth?
        var jwt: ResolvedRequest.JWTSigning?
        var challenge: ResolvedRequest.ChallengeAuth?
        switch (auth ?? saved.auth).scheme {
        // The caller passes the inherited auth (`RequestCollection.authInForce`).
        case .none, .inherit: break
        case .basic(let username, let password):
            let user = resolver.resolve(username, at: "auth.username")
            let pass = resolver.resolve(password, at: "auth.password")
            let credential = Data("\(user):\(pass)".utf8).base64EncodedString()
            // A secret anywhere in them (`{{pw}}!`), not only as the whole password, makes the
            // credential a secret: an echoed `Authorization: Basic …` is masked too.
            let holdsSecret = { (secret: String) in pass.contains(secret) || user.contains(secret) }
            if resolver.secretValues.contains(where: holdsSecret)
                || resolver.alreadyMasked.contains(where: holdsSecret)
            {
                resolver = resolver.noting(secret: credential)
            }
            headers.append(.init("Authorization", "Basic " + credential))
        case .bearer(let token):
            headers.append(.init("Authorization", "Bearer " + resolver.resolve(token, at: "auth.token")))
        case .apiKey(let name, let value, let location):
            let pair = ResolvedRequest.NameValue(
                resolver.resolve(name, at: "auth.name"), resolver.resolve(value, at: "auth.value"))
            if location == .header { headers.append(pair) } else { query.append(pair) }
        case .digest(let username, let password):
            digest = .init(
                username: resolver.resolve(username, at: "auth.username"),
                password: resolver.resolve(password, at: "auth.password"))
        case .awsSigV4(let saved):
            aws = resolveAWS(saved, &resolver)
        case .oauth2(let saved):
            oauth = OAuthSettings(saved) { text, key in resolver.resolve(text, at: "auth.\(key)") }
            if let file = oauth?.privateKeyFile, !file.isEmpty { oauth?.privateKeyFile = absolute(file) }
            for secret in oauth?.secrets ?? [] where !resolver.secretValues.contains(secret) {
                resolver = resolver.noting(secret: secret)
            }
        case .command(var saved):
            // The command itself is never filled in (see `CommandAuth`); where the token goes may be.
            saved.header = resolver.resolve(saved.header, at: "auth.header")
            saved.prefix = resolver.resolve(saved.prefix, at: "auth.prefix")
            command = saved
        case .jwt(let saved):
            jwt = resolveJWT(saved, &resolver)
        case .ntlm(let saved):
            let user = resolver.resolve(saved.username, at: "auth.username")
            let domain = resolver.resolve(saved.domain, at: "auth.domain")
            challenge = .ntlm(
                username: domain.isEmpty ? user : domain + "\\" + user,
                password: resolver.resolve(saved.password, at: "auth.password"))
        case .negotiate:
            challenge = .negotiate
        }

        var body = resolveBody(saved.body.content, &resolver)
        var problems: [VariableProblem] = []
        var connectionInit: String?
        if case .graphql(let graphql) = saved.body.content {
            body = resolveGraphQL(
                graphql, method: saved.method, query: &query, headers: &headers, &resolver, problems: &problems)
            connectionInit = graphql.connectionInit.map {
                resolveJSON($0, at: "body.connectionInit", &resolver).compact()
            }
        }
        if case .bytes(_, let contentType?) = body,
            !headers.contains(where: { $0.name.lowercased() == "content-type" })
        {
            headers.append(.init("Content-Type", contentType))
        }
        let webSocketMessages = saved.websocket.map { resolveMessages($0, &resolver) }
        var options = saved.options.overlaid(on: baseOptions)
        options.proxy = options.proxy.map { resolver.resolve($0, at: "options.proxy") }
        // Placed as `lazer validate` checks it: absolute or `~/` as written, else beside the collection.
        // The folder's URL is made only for a path that is set, marked as a folder: `URL(fileURLWithPath:)`
        // without the hint asks the file system (a `stat` per request, 6 % of a `lazer run`).
        func placed(_ path: String?, at location: String) -> String? {
            path.map { resolver.resolve($0, at: location) }.flatMap {
                $0.isEmpty
                    ? nil
                    : WebSocketSettings.collectionFileURL(
                        $0, folder: URL(fileURLWithPath: baseFolder, isDirectory: true)
                    ).path
            }
        }
        options.caFile = placed(options.caFile, at: "options.caFile")
        options.clientCertificate = placed(options.clientCertificate, at: "options.clientCertificate")
        options.clientKey = placed(options.clientKey, at: "options.clientKey")
        options.clientKeyPassphrase = resolvePassphrase(options, &resolver, problems: &problems)
        var request = ResolvedRequest(
            requestID: saved.id, method: saved.method, target: target, query: query, headers: headers, body: body,
            digestCredentials: digest, options: options, secretValues: resolver.secretValues)
        request.awsSigning = aws
        request.oauth = oauth
        request.commandAuth = command
        request.jwt = jwt
        request.challengeAuth = challenge
        request.connectionInit = connectionInit
        request.webSocketMessages = webSocketMessages
        request.secretNames = resolver.secretNames
        request.emptySecrets = resolver.emptySecrets
        request.usesFreshValues = resolver.usesFreshValues
        return Outcome(request: request, problems: resolver.problems + problems, prompts: resolver.prompts)
    }

    /// The client key's passphrase resolved and noted as a secret. Only `{{variable}}` references
    /// are taken (see `SavedOptions.clientKeyPassphrase`); a key without a certificate is refused too.
    private func resolvePassphrase(
        _ options: SavedOptions, _ resolver: inout VariableResolver, problems: inout [VariableProblem]
    ) -> String? {
        problems += SavedOptions.clientCertificateProblems(options)
        guard let written = options.clientKeyPassphrase, !written.isEmpty, DraftSecrets.isOnlyReferences(written)
        else { return nil }
        let passphrase = resolver.resolve(written, at: "options.clientKeyPassphrase")
        if !passphrase.isEmpty, !resolver.secretValues.contains(passphrase) {
            resolver = resolver.noting(secret: passphrase)
        }
        return passphrase.isEmpty ? nil : passphrase
    }

    /// The AWS fields resolved. The secret access key and the session token are secrets even when
    /// written as literals: nothing shown or recorded may hold them.
    private func resolveAWS(_ saved: AWSSigV4Auth, _ resolver: inout VariableResolver) -> ResolvedRequest.AWSSigning {
        let signing = ResolvedRequest.AWSSigning(
            accessKeyID: resolver.resolve(saved.accessKeyID, at: "auth.accessKeyId"),
            secretAccessKey: resolver.resolve(saved.secretAccessKey, at: "auth.secretAccessKey"),
            sessionToken: resolver.resolve(saved.sessionToken, at: "auth.sessionToken"),
            region: resolver.resolve(saved.region, at: "auth.region"),
            service: resolver.resolve(saved.service, at: "auth.service"), unsignedPayload: saved.unsignedPayload)
        noteSecrets(of: signing, &resolver)
        return signing
    }

    /// The secret access key and the session token are secrets even when written as literals.
    private func noteSecrets(of signing: ResolvedRequest.AWSSigning, _ resolver: inout VariableResolver) {
        noteSecret(signing.secretAccessKey, &resolver)
        noteSecret(signing.sessionToken, &resolver)
    }

    /// A value that is a secret whatever it came from: one look-up for the usual one, a secret of
    /// the collection that the caller masks already (every request of a signed run asks).
    private func noteSecret(_ secret: String, _ resolver: inout VariableResolver) {
        guard !secret.isEmpty, !resolver.alreadyMasked.contains(secret), !resolver.secretValues.contains(secret)
        else { return }
        resolver = resolver.noting(secret: secret)
    }

    /// The JWT's fields resolved; its secret is a secret even when written as a literal.
    private func resolveJWT(_ saved: JWTAuth, _ resolver: inout VariableResolver) -> ResolvedRequest.JWTSigning {
        let secret = resolver.resolve(saved.secret, at: "auth.secret")
        if !secret.isEmpty, !resolver.secretValues.contains(secret) { resolver = resolver.noting(secret: secret) }
        let file = resolver.resolve(saved.privateKeyFile, at: "auth.privateKeyFile")
        return ResolvedRequest.JWTSigning(
            algorithm: saved.algorithm, secret: secret, privateKeyFile: file.isEmpty ? "" : absolute(file),
            claims: resolveJSON(saved.claims, at: "auth.claims", &resolver), lifetimeSeconds: saved.lifetimeSeconds,
            keyID: resolver.resolve(saved.keyID, at: "auth.keyId"),
            header: resolver.resolve(saved.header, at: "auth.header"),
            prefix: resolver.resolve(saved.prefix, at: "auth.prefix"))
    }

    private func rows(
        _ rows: [KeyValueRow], _ location: String, _ resolver: inout VariableResolver
    ) -> [ResolvedRequest.NameValue] {
        rows.enumerated().compactMap { index, row in
            guard row.enabled else { return nil }
            return .init(
                resolver.resolve(row.name, at: "\(location)[\(index)].name"),
                resolver.resolve(row.value, at: "\(location)[\(index)].value"))
        }
    }

    /// Replaces `:name` path segments (before any `?`) with the percent-encoded parameter value.
    /// Scans bytes (`/`, `?` and `:` are ASCII): this runs for every request of a run.
    private func substitutePathParameters(
        in url: String, _ parameters: [KeyValueRow], _ resolver: inout VariableResolver
    ) -> String {
        guard !parameters.isEmpty else { return url }
        // A request has a few parameters: a list searched from the end (the last row of a name
        // wins) costs less than a dictionary made for every send.
        var values: [(name: String, value: String, index: Int)] = []
        values.reserveCapacity(parameters.count)
        for (index, row) in parameters.enumerated() where row.enabled {
            values.append((row.name, resolver.resolve(row.value, at: "pathParams[\(index)].value"), index))
        }
        func value(named name: String) -> String? {
            guard let found = values.last(where: { $0.name == name }) else {
                // A row of that name turned off: the URL would go out with `:id` in it, unnoticed.
                if let off = parameters.lastIndex(where: { !$0.enabled && $0.name == name }) {
                    resolver.report(
                        VariableProblem(
                            kind: .malformed(":\(name)", reason: "the path parameter is turned off"),
                            location: "pathParams[\(off)].enabled"))
                }
                return nil
            }
            // An empty value made `/projects/:id` into `/projects/`, sent without a word.
            if found.value.isEmpty {
                resolver.report(
                    VariableProblem(
                        kind: .malformed(":\(name)", reason: "the path parameter has no value"),
                        location: "pathParams[\(found.index)].value"))
            }
            return found.value
        }
        // The URL's bytes, read in place and written into one buffer (String indices cost more
        // per byte than the rest of the resolution together).
        var url = url
        return url.withUTF8 { bytes in
            let queryStart = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
            let schemeEnd =
                UTF8Search.firstIndex(of: "://", in: UnsafeBufferPointer(rebasing: bytes[..<queryStart])).map { $0 + 3 }
                ?? 0
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            output += bytes[..<schemeEnd]
            var segmentStart = schemeEnd
            while true {
                var slash = segmentStart
                while slash < queryStart, bytes[slash] != UInt8(ascii: "/") { slash += 1 }
                if slash > segmentStart, bytes[segmentStart] == UInt8(ascii: ":"),
                    let value = value(named: String(decoding: bytes[(segmentStart + 1)..<slash], as: UTF8.self))
                {
                    output += PercentEncoding.encodeSegment(value).utf8
                } else {
                    output += bytes[segmentStart..<slash]
                }
                guard slash < queryStart else { break }
                output.append(UInt8(ascii: "/"))
                segmentStart = slash + 1
            }
            output += bytes[queryStart...]
            return String(decoding: output, as: UTF8.self)
        }
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (baseFolder as NSString).appendingPathComponent(path)
    }

    private func resolveBody(_ content: SavedBody.Content, _ resolver: inout VariableResolver) -> ResolvedRequest.Body {
        switch content {
        case .none:
            return .none
        case .json(let json):
            let filled = resolveJSON(json, at: "body.json", &resolver)
            return .bytes(Array(filled.compact().utf8), contentType: "application/json")
        case .jsonText(let text):
            return .bytes(Array(resolver.resolve(text, at: "body.text").utf8), contentType: "application/json")
        case .text(let text, let contentType):
            return .bytes(Array(resolver.resolve(text, at: "body.text").utf8), contentType: contentType)
        case .formURLEncoded(let fields):
            return .form(rows(fields, "body.fields", &resolver))
        case .multipart(let parts):
            return .multipart(
                parts.enumerated().compactMap { index, part in
                    guard part.enabled else { return nil }
                    let name = resolver.resolve(part.name, at: "body.parts[\(index)].name")
                    switch part.source {
                    case .text(let value):
                        return ResolvedRequest.Part(
                            name: name, value: resolver.resolve(value, at: "body.parts[\(index)].value"),
                            filePath: nil, fileName: nil, contentType: part.contentType)
                    case .file(let path):
                        let file = absolute(resolver.resolve(path, at: "body.parts[\(index)].file"))
                        return ResolvedRequest.Part(
                            name: name, value: nil, filePath: file,
                            fileName: part.fileName ?? (file as NSString).lastPathComponent,
                            contentType: part.contentType)
                    }
                })
        case .file(let path, let contentType):
            return .file(path: absolute(resolver.resolve(path, at: "body.path")), contentType: contentType)
        case .graphql:
            return .none  // `resolveGraphQL`: it may go in the query rather than the body.
        }
    }

    /// A GraphQL operation as JSON `{"query", "variables", "operationName"}` (POST), or as the query
    /// parameters of the same names (GET), with the GraphQL over HTTP `Accept` unless one is set.
    private func resolveGraphQL(
        _ graphql: GraphQLBody, method: RequestMethod, query: inout [ResolvedRequest.NameValue],
        headers: inout [ResolvedRequest.NameValue], _ resolver: inout VariableResolver,
        problems: inout [VariableProblem]
    ) -> ResolvedRequest.Body {
        var variables = graphql.variables.map { resolveJSON($0, at: "body.variables", &resolver) }
        // Variables kept as text are filled first, then must be a JSON object (blank: none).
        if let text = graphql.variablesText, text.contains(where: { !$0.isWhitespace }) {
            let filled = resolver.resolve(text, at: "body.variables")
            do {
                let json = try StoredJSON(parsing: filled)
                if case .object = json {
                    variables = json
                } else {
                    problems.append(
                        VariableProblem(
                            kind: .malformed("the variables", reason: "not a JSON object"),
                            location: "body.variables"))
                }
            } catch {
                problems.append(
                    VariableProblem(
                        // The one-line message: the description's excerpt and caret lines were
                        // flattened into the dialog's one line.
                        kind: .malformed("the variables", reason: "not JSON: \(error.message)"),
                        location: "body.variables"))
            }
        }
        // A subscription goes over a WebSocket (`WebSocketOpening`): the request object is its
        // `subscribe` payload, whatever the method, and the upgrade asks for no media type.
        let subscription = graphql.isSubscription
        if !subscription, !headers.contains(where: { $0.name.lowercased() == "accept" }) {
            headers.append(.init("Accept", GraphQLBody.accept))
        }
        if method == .get, !subscription {
            query.append(.init("query", graphql.query))
            if let operationName = graphql.operationName { query.append(.init("operationName", operationName)) }
            if let variables { query.append(.init("variables", variables.compact())) }
            return .none
        }
        let object = GraphQLBody.requestObject(graphql.query, graphql.operationName, variables)
        return .bytes(Array(object.compact().utf8), contentType: "application/json")
    }

    /// Fills placeholders inside the strings (and member names) of an inline JSON body.
    /// The saved messages filled in. A name a step captures (`{{session}}`) is filled when that
    /// step's message goes: here it stands for nothing, so it is no problem.
    private func resolveMessages(_ settings: WebSocketSettings, _ resolver: inout VariableResolver)
        -> [WebSocketSavedMessage]
    {
        let scope = resolver.scope
        for step in settings.steps {
            guard case .expect(let expect) = step else { continue }
            for capture in expect.captures where resolver.scope.lookup(capture.variable) == nil {
                resolver.scope.captures[capture.variable] = VariableScope.Value("")
            }
        }
        defer { resolver.scope = scope }
        return settings.messages.enumerated().map {
            resolveMessage($0.element, at: "websocket.messages[\($0.offset)]", &resolver)
        }
    }

    /// One saved message with its text, its JSON's strings (as a JSON body's) or its file's path
    /// filled.
    func resolveMessage(_ message: WebSocketSavedMessage, at location: String, _ resolver: inout VariableResolver)
        -> WebSocketSavedMessage
    {
        var filled = message
        switch message.content {
        case .text(let text): filled.content = .text(resolver.resolve(text, at: location + ".text"))
        case .json(let json): filled.content = .json(resolveJSON(json, at: location + ".json", &resolver))
        case .file(let path): filled.content = .file(path: resolver.resolve(path, at: location + ".file"))
        }
        return filled
    }

    private func resolveJSON(_ value: StoredJSON, at location: String, _ resolver: inout VariableResolver) -> StoredJSON
    {
        switch value {
        case .string(let text): return .string(resolver.resolve(text, at: location))
        case .array(let items):
            return .array(
                items.enumerated().map { resolveJSON($0.element, at: "\(location)[\($0.offset)]", &resolver) })
        case .object(let members):
            return .object(
                members.map { member in
                    StoredJSON.Member(
                        resolver.resolve(member.key, at: location),
                        resolveJSON(member.value, at: "\(location).\(member.key)", &resolver))
                })
        case .null, .bool, .number: return value
        }
    }
}

import Foundation
package import Workspace

/// One editable line of the Auth, Options or Checks tab: Enter edits its text, or cycles its
/// choices; `a` adds and `d` deletes expectation and capture lines.
package struct FormRow: Sendable, Hashable {
    package enum Field: Hashable, Sendable {
        case authScheme, authUsername, authPassword, authToken, authKeyName, authKeyValue, authKeyLocation
        case awsAccessKey, awsSecretKey, awsSessionToken, awsRegion, awsService, awsUnsignedPayload
        case commandLine, commandHeader, commandPrefix, commandCache, commandTimeout
        case jwtAlgorithm, jwtSecret, jwtKeyFile, jwtClaims, jwtLifetime, jwtKeyID, ntlmDomain
        case timeout, connectTimeout, followRedirects, maxRedirects, verifyTLS, proxy, caFile, httpVersion
        case clientCertificate, clientKey, clientKeyPassphrase
        case expectation(Int)
        case capture(Int)
        case newExpectation, newCapture
    }

    package var field: Field
    package var label: String
    /// The value as edited (the editor starts with it).
    package var text: String
    /// Values Enter cycles through instead of editing text.
    package var choices: [String]?
    /// Shown masked unless it is a `{{variable}}` reference.
    package var secret: Bool

    package init(_ field: Field, _ label: String, _ text: String, choices: [String]? = nil, secret: Bool = false) {
        self.field = field
        self.label = label
        self.text = text
        self.choices = choices
        self.secret = secret
    }

    /// What the row shows (secrets masked unless they are variable references).
    package var shown: String { secret ? Self.masked(text) : text }

    /// A secret's value as shown: masked, unless it is a `{{variable}}` reference.
    static func masked(_ value: String) -> String {
        value.hasPrefix("{{") && value.hasSuffix("}}") ? value : Redactor.masked(value)
    }
}

/// The rows of the form tabs built from a request, and edits written back into it.
package enum RequestForms {
    static let schemes = [
        "inherit", "none", "basic", "bearer", "apiKey", "digest", "aws-sigv4", "command", "jwt", "ntlm", "negotiate",
    ]
    static let defaultChoice = "default"

    package static func rows(_ tab: RequestTab, _ request: SavedRequest) -> [FormRow] {
        switch tab {
        case .auth: authRows(request.auth)
        case .options: optionRows(request.options)
        case .checks:
            request.expectations.enumerated().map {
                FormRow(.expectation($0.offset), "check", CheckSyntax.format($0.element))
            } + [FormRow(.newExpectation, "check", "")]
                + request.captures.enumerated().map {
                    FormRow(.capture($0.offset), "capture", CheckSyntax.format($0.element))
                } + [FormRow(.newCapture, "capture", "")]
        default: []
        }
    }

    private static func authRows(_ auth: SavedAuth) -> [FormRow] {
        var rows = [FormRow(.authScheme, "scheme", schemeName(auth.scheme), choices: schemes)]
        switch auth.scheme {
        case .none, .inherit: break
        case .basic(let username, let password), .digest(let username, let password):
            rows += [
                FormRow(.authUsername, "username", username),
                FormRow(.authPassword, "password", password, secret: true),
            ]
        case .bearer(let token):
            rows.append(FormRow(.authToken, "token", token, secret: true))
        case .apiKey(let name, let value, let location):
            rows += [
                FormRow(.authKeyName, "name", name), FormRow(.authKeyValue, "value", value, secret: true),
                FormRow(.authKeyLocation, "sent in", location.rawValue, choices: ["header", "query"]),
            ]
        case .awsSigV4(let aws):
            rows += [
                FormRow(.awsAccessKey, "access key id", aws.accessKeyID),
                FormRow(.awsSecretKey, "secret access key", aws.secretAccessKey, secret: true),
                FormRow(.awsSessionToken, "session token", aws.sessionToken, secret: true),
                FormRow(.awsRegion, "region", aws.region), FormRow(.awsService, "service", aws.service),
                FormRow(
                    .awsUnsignedPayload, "unsigned payload", aws.unsignedPayload ? "yes" : "no", choices: ["no", "yes"]),
            ]
        case .oauth2:
            // Edited in the collection file for now; the Auth tab shows the token's state below.
            break
        case .command(let command):
            rows += [
                FormRow(.commandLine, "command", command.command),
                FormRow(.commandHeader, "header", command.header),
                FormRow(.commandPrefix, "prefix", command.prefix),
                FormRow(.commandCache, "cache (s)", seconds(command.cacheSeconds)),
                FormRow(.commandTimeout, "timeout (s)", seconds(command.timeoutSeconds)),
            ]
        case .jwt(let jwt):
            rows += [
                FormRow(
                    .jwtAlgorithm, "algorithm", jwt.algorithm.rawValue,
                    choices: JWTAuth.Algorithm.allCases.map(\.rawValue)),
                FormRow(.jwtSecret, jwt.algorithm == .hs256 ? "secret" : "key (PEM)", jwt.secret, secret: true),
                FormRow(.jwtKeyFile, "private key file", jwt.privateKeyFile),
                FormRow(.jwtClaims, "claims", jwt.claims.compact()),
                FormRow(.jwtLifetime, "lifetime (s)", seconds(jwt.lifetimeSeconds)),
                FormRow(.jwtKeyID, "key id (kid)", jwt.keyID),
            ]
        case .ntlm(let ntlm):
            rows += [
                FormRow(.authUsername, "username", ntlm.username),
                FormRow(.authPassword, "password", ntlm.password, secret: true),
                FormRow(.ntlmDomain, "domain", ntlm.domain),
            ]
        case .negotiate: break
        }
        return rows
    }

    static func seconds(_ value: Double?) -> String {
        value.map(SecondsText.format) ?? ""
    }

    private static func optionRows(_ options: SavedOptions) -> [FormRow] {
        func flag(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? defaultChoice }
        return [
            FormRow(.timeout, "timeout (s)", seconds(options.timeoutSeconds)),
            FormRow(.connectTimeout, "connect timeout (s)", seconds(options.connectTimeoutSeconds)),
            FormRow(
                .followRedirects, "follow redirects", flag(options.followRedirects),
                choices: [defaultChoice, "yes", "no"]),
            FormRow(.maxRedirects, "max redirects", options.maxRedirects.map(String.init) ?? ""),
            FormRow(.verifyTLS, "verify TLS", flag(options.verifyTLS), choices: [defaultChoice, "yes", "no"]),
            FormRow(.proxy, "proxy", options.proxy ?? ""),
            FormRow(.caFile, "CA file", options.caFile ?? ""),
            // "" in the file is a request that presents none, even when its collection names one.
            FormRow(
                .clientCertificate, "client certificate",
                options.clientCertificate.map { $0.isEmpty ? "none" : $0 } ?? ""),
            FormRow(.clientKey, "client key", options.clientKey ?? ""),
            FormRow(.clientKeyPassphrase, "key passphrase", options.clientKeyPassphrase ?? "", secret: true),
            FormRow(
                .httpVersion, "HTTP version", options.httpVersion?.rawValue ?? defaultChoice,
                choices: [defaultChoice] + SavedOptions.HTTPVersionChoice.allCases.map(\.rawValue)),
        ]
    }

    /// The longest timeout a collection file may hold (2^31 - 1 milliseconds).
    static let maximumSeconds = 2_147_483.0

    static func schemeName(_ scheme: SavedAuth.Scheme) -> String {
        switch scheme {
        case .inherit: "inherit"
        case .none: "none"
        case .basic: "basic"
        case .bearer: "bearer"
        case .apiKey: "apiKey"
        case .digest: "digest"
        case .awsSigV4: "aws-sigv4"
        case .oauth2: "oauth2"
        case .command: "command"
        case .jwt: "jwt"
        case .ntlm: "ntlm"
        case .negotiate: "negotiate"
        }
    }

    /// Writes `text` into `field` of `request`; the error is shown when the text does not fit.
    package static func apply(_ field: FormRow.Field, _ text: String, to request: inout SavedRequest) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func number(_ apply: (Double?) -> Void) -> String? {
            if trimmed.isEmpty {
                apply(nil)
                return nil
            }
            guard let value = Double(trimmed), value >= 0 else {
                return "A number of seconds, or empty for the default"
            }
            // The loader's limit (libcurl's milliseconds in a C long): a larger value was saved
            // and the collection file then no longer loaded.
            guard value <= maximumSeconds else { return "At most \(Int(maximumSeconds)) seconds (about 24 days)" }
            apply(value)
            return nil
        }
        func flag(_ value: String) -> Bool? { value == "yes" ? true : value == "no" ? false : nil }
        switch field {
        case .authScheme: request.auth.scheme = scheme(named: trimmed, from: request.auth.scheme)
        case .authUsername, .authPassword:
            switch request.auth.scheme {
            case .basic(let username, let password):
                request.auth.scheme =
                    field == .authUsername
                    ? .basic(username: text, password: password) : .basic(username: username, password: text)
            case .digest(let username, let password):
                request.auth.scheme =
                    field == .authUsername
                    ? .digest(username: text, password: password) : .digest(username: username, password: text)
            case .ntlm(var ntlm):
                if field == .authUsername { ntlm.username = text } else { ntlm.password = text }
                request.auth.scheme = .ntlm(ntlm)
            default: break
            }
        case .authToken: request.auth.scheme = .bearer(token: text)
        case .authKeyName, .authKeyValue, .authKeyLocation:
            guard case .apiKey(let name, let value, let location) = request.auth.scheme else { return nil }
            switch field {
            case .authKeyName: request.auth.scheme = .apiKey(name: text, value: value, location: location)
            case .authKeyValue: request.auth.scheme = .apiKey(name: name, value: text, location: location)
            default:
                request.auth.scheme = .apiKey(
                    name: name, value: value, location: SavedAuth.APIKeyLocation(rawValue: trimmed) ?? location)
            }
        case .awsAccessKey, .awsSecretKey, .awsSessionToken, .awsRegion, .awsService, .awsUnsignedPayload:
            guard case .awsSigV4(var aws) = request.auth.scheme else { return nil }
            switch field {
            case .awsAccessKey: aws.accessKeyID = trimmed
            case .awsSecretKey: aws.secretAccessKey = text
            case .awsSessionToken: aws.sessionToken = text
            case .awsRegion: aws.region = trimmed
            case .awsService: aws.service = trimmed
            default: aws.unsignedPayload = trimmed == "yes"
            }
            request.auth.scheme = .awsSigV4(aws)
        case .commandLine, .commandHeader, .commandPrefix, .commandCache, .commandTimeout:
            guard case .command(var command) = request.auth.scheme else { return nil }
            switch field {
            case .commandLine:
                guard !trimmed.isEmpty else { return "A shell command that prints the token" }
                command.command = text
            case .commandHeader:
                guard !trimmed.isEmpty, !trimmed.contains(where: { $0 == ":" || $0 == " " }) else {
                    return "A header name, such as Authorization"
                }
                command.header = trimmed
            case .commandPrefix: command.prefix = text
            case .commandCache:
                if let problem = number({ command.cacheSeconds = $0 ?? CommandAuth.defaultCacheSeconds }) {
                    return problem
                }
            default:
                if let problem = number({
                    command.timeoutSeconds = $0.flatMap { $0 > 0 ? $0 : nil } ?? CommandAuth.defaultTimeoutSeconds
                }) {
                    return problem
                }
            }
            request.auth.scheme = .command(command)
        case .ntlmDomain:
            guard case .ntlm(var ntlm) = request.auth.scheme else { return nil }
            ntlm.domain = trimmed
            request.auth.scheme = .ntlm(ntlm)
        case .jwtAlgorithm, .jwtSecret, .jwtKeyFile, .jwtClaims, .jwtLifetime, .jwtKeyID:
            guard case .jwt(var jwt) = request.auth.scheme else { return nil }
            switch field {
            case .jwtAlgorithm: jwt.algorithm = JWTAuth.Algorithm(rawValue: trimmed) ?? jwt.algorithm
            case .jwtSecret: jwt.secret = text
            case .jwtKeyFile: jwt.privateKeyFile = trimmed
            case .jwtClaims:
                guard let claims = try? StoredJSON(parsing: trimmed.isEmpty ? "{}" : trimmed), case .object = claims
                else {
                    return "A JSON object, such as {\"sub\": \"{{user}}\"}"
                }
                jwt.claims = claims
            case .jwtLifetime:
                if let problem = number({ jwt.lifetimeSeconds = $0 ?? JWTAuth.defaultLifetimeSeconds }) {
                    return problem
                }
            default: jwt.keyID = trimmed
            }
            request.auth.scheme = .jwt(jwt)
        case .timeout: return number { request.options.timeoutSeconds = $0 }
        case .connectTimeout: return number { request.options.connectTimeoutSeconds = $0 }
        case .followRedirects: request.options.followRedirects = flag(trimmed)
        case .verifyTLS: request.options.verifyTLS = flag(trimmed)
        case .maxRedirects:
            if trimmed.isEmpty {
                request.options.maxRedirects = nil
            } else {
                guard let value = Int(trimmed), (0...100).contains(value) else { return "A whole number from 0 to 100" }
                request.options.maxRedirects = value
            }
        case .proxy:
            request.options.proxy = trimmed.isEmpty ? nil : trimmed
        case .caFile:
            request.options.caFile = trimmed.isEmpty ? nil : trimmed
        case .clientCertificate:
            request.options.clientCertificate = trimmed == "none" ? "" : (trimmed.isEmpty ? nil : trimmed)
        case .clientKey:
            request.options.clientKey = trimmed.isEmpty ? nil : trimmed
        case .clientKeyPassphrase:
            // Only references: a typed passphrase would sit in the draft and the collection file.
            guard trimmed.isEmpty || DraftSecrets.isOnlyReferences(trimmed) else {
                return "Write a {{variable}} (a secret variable, F4), never the passphrase itself"
            }
            request.options.clientKeyPassphrase = trimmed.isEmpty ? nil : trimmed
        case .httpVersion:
            request.options.httpVersion = SavedOptions.HTTPVersionChoice(rawValue: trimmed)
        case .expectation(let index):
            guard request.expectations.indices.contains(index) else { return nil }
            switch CheckSyntax.parseExpectation(text, keeping: request.expectations[index]) {
            case .success(let expectation): request.expectations[index] = expectation
            case .failure(let error): return error.message
            }
        case .newExpectation:
            guard !trimmed.isEmpty else { return nil }
            switch CheckSyntax.parseExpectation(text) {
            case .success(let expectation): request.expectations.append(expectation)
            case .failure(let error): return error.message
            }
        case .capture(let index):
            guard request.captures.indices.contains(index) else { return nil }
            switch CheckSyntax.parseCapture(text, keeping: request.captures[index]) {
            case .success(let capture): request.captures[index] = capture
            case .failure(let error): return error.message
            }
        case .newCapture:
            guard !trimmed.isEmpty else { return nil }
            switch CheckSyntax.parseCapture(text) {
            case .success(let capture): request.captures.append(capture)
            case .failure(let error): return error.message
            }
        }
        return nil
    }

    /// Deletes an expectation or capture line; false for other rows.
    package static func delete(_ field: FormRow.Field, from request: inout SavedRequest) -> Bool {
        switch field {
        case .expectation(let index) where request.expectations.indices.contains(index):
            request.expectations.remove(at: index)
        case .capture(let index) where request.captures.indices.contains(index):
            request.captures.remove(at: index)
        default:
            return false
        }
        return true
    }

    /// Another scheme, keeping the credentials that carry over (a username stays a username).
    static func scheme(named name: String, from old: SavedAuth.Scheme) -> SavedAuth.Scheme {
        var username = ""
        var secret = ""
        switch old {
        case .basic(let user, let password), .digest(let user, let password):
            username = user
            secret = password
        case .bearer(let token): secret = token
        case .apiKey(_, let value, _): secret = value
        case .awsSigV4(let aws): secret = aws.secretAccessKey
        case .oauth2(let oauth): secret = oauth.clientSecret
        case .ntlm(let ntlm):
            username = ntlm.username
            secret = ntlm.password
        case .jwt(let jwt): secret = jwt.secret
        case .none, .inherit, .command, .negotiate: break
        }
        switch name {
        case "inherit": return .inherit
        case "basic": return .basic(username: username, password: secret)
        case "digest": return .digest(username: username, password: secret)
        case "bearer": return .bearer(token: secret)
        case "apiKey": return .apiKey(name: "X-Api-Key", value: secret, location: .header)
        case "aws-sigv4": return .awsSigV4(AWSSigV4Auth(accessKeyID: username, secretAccessKey: secret))
        case "command": return .command(CommandAuth(command: "printf %s \"$API_TOKEN\""))
        case "jwt": return .jwt(JWTAuth(secret: secret, claims: .object([StoredJSON.Member("sub", .string(username))])))
        case "ntlm": return .ntlm(NTLMAuth(username: username, password: secret))
        case "negotiate": return .negotiate
        default: return .none
        }
    }
}

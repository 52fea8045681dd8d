import Foundation
import OpenAPIKit
import Workspace

extension OpenAPICollectionBuilder {
    // MARK: - Bodies

    /// The body from the preferred media type (JSON, then form, multipart, text, anything):
    /// its example, else one built from its schema.
    mutating func requestBody(
        _ value: Either<OpenAPI.Reference<OpenAPI.Request>, OpenAPI.Request>?, headers: inout [KeyValueRow],
        place: String
    ) -> SavedBody {
        guard let value else { return .empty }
        guard let request = document.components[value] else {
            reportItem("request body reference that does not resolve", place, kept: "sent without a body")
            return .empty
        }
        let candidates = request.content.compactMap { type, media -> (String, OpenAPI.Content)? in
            document.components[media].map { (type.rawValue, $0) }
        }
        func rank(_ type: String) -> Int {
            let lower = type.lowercased()
            if lower.hasPrefix("application/json") { return 0 }
            if lower.contains("+json") || lower.contains("/json") { return 1 }
            if lower.hasPrefix("application/x-www-form-urlencoded") { return 2 }
            if lower.hasPrefix("multipart/form-data") { return 3 }
            if lower.hasPrefix("text/") { return 4 }
            return 5
        }
        guard let (type, media) = candidates.min(by: { (rank($0.0), $0.0) < (rank($1.0), $1.0) }) else { return .empty }
        let schema: JSONSchema? = media.schema.flatMap { schema in
            if case .reference(let reference, _) = schema.value, let target = try? document.components.lookup(reference)
            {
                return target
            }
            return schema
        }
        var example: StoredJSON?
        if let value = media.example {
            example = SchemaExample.stored(value)
        } else if let first = media.examples?.sorted(by: { $0.key < $1.key }).first,
            let value = document.components[first.value]?.value?.value
        {
            example = SchemaExample.stored(value)
        }
        let lower = type.lowercased()
        switch rank(type) {
        case 0, 1:
            if rank(type) == 1 { headers.append(KeyValueRow(name: "Content-Type", value: type)) }
            return SavedBody(.json(example ?? media.schema.map(examples.value(for:)) ?? .object([])))
        case 2:
            return SavedBody(.formURLEncoded(formRows(example: example, schema: schema)))
        case 3:
            var parts: [SavedPart] = []
            for row in formRows(example: example, schema: schema) {
                let property = schema?.objectContext?.properties[row.name]
                if property?.formatString == "binary" || property?.formatString == "byte" {
                    reportItem("file part \"\(row.name)\"", place, kept: "a text part to replace with a file")
                }
                parts.append(SavedPart(name: row.name, source: .text(row.value), enabled: row.enabled))
            }
            return SavedBody(.multipart(parts))
        default:
            let text = example.map(SchemaExample.text) ?? ""
            if lower == "application/octet-stream" || schema?.formatString == "binary" {
                reportItem("binary body (\(type))", place, kept: "an empty text body to replace with a file")
            }
            return SavedBody(.text(text, contentType: type))
        }
    }

    /// Form fields from an example object, else from the schema's properties (required ones on).
    private func formRows(example: StoredJSON?, schema: JSONSchema?) -> [KeyValueRow] {
        if case .object(let members)? = example {
            return members.map { KeyValueRow(name: $0.key, value: SchemaExample.text($0.value)) }
        }
        guard let object = schema?.objectContext else { return [] }
        return object.properties.sorted(by: { $0.key < $1.key }).map { name, property in
            KeyValueRow(
                name: name, value: SchemaExample.text(examples.value(for: property)),
                enabled: object.requiredProperties.contains(name), description: property.description)
        }
    }

    // MARK: - Auth

    /// The first security requirement Lazer can send (alternatives are tried in order); its
    /// credentials are secret variables named after the scheme.
    mutating func auth(
        _ requirements: [OpenAPI.SecurityRequirement], headers: inout [KeyValueRow], query: inout [KeyValueRow],
        place: String
    ) -> SavedAuth {
        guard !requirements.isEmpty else { return SavedAuth(.inherit) }
        for requirement in requirements {
            if requirement.isEmpty { return SavedAuth(.none) }
            let names = requirement.keys.compactMap(\.name).sorted()
            var result: SavedAuth?
            for name in names {
                guard
                    let scheme = document.components.securitySchemes[OpenAPI.ComponentKey(stringLiteral: name)]
                        .flatMap({ document.components[$0] })
                else {
                    reportItem("security scheme \"\(name)\" that is not defined", place + ".security", kept: nil)
                    continue
                }
                let variable = PostmanPlaceholders.variableName(name)
                switch scheme.type {
                case .apiKey(let keyName, let location):
                    addVariable(variable, value: "", secret: true, description: "API key (\(name))")
                    switch location {
                    case .header where result == nil:
                        result = SavedAuth(.apiKey(name: keyName, value: "{{\(variable)}}", location: .header))
                    case .query where result == nil:
                        result = SavedAuth(.apiKey(name: keyName, value: "{{\(variable)}}", location: .query))
                    case .header:
                        headers.append(KeyValueRow(name: keyName, value: "{{\(variable)}}"))
                    case .query:
                        query.append(KeyValueRow(name: keyName, value: "{{\(variable)}}"))
                    case .cookie:
                        headers.append(KeyValueRow(name: "Cookie", value: "\(keyName)={{\(variable)}}"))
                    }
                case .http(let httpScheme, _):
                    switch httpScheme.lowercased() {
                    case "basic", "digest":
                        addVariable(variable + ".username", value: "", description: "user name (\(name))")
                        addVariable(variable + ".password", value: "", secret: true, description: "password (\(name))")
                        let username = "{{\(variable).username}}"
                        let password = "{{\(variable).password}}"
                        result =
                            result
                            ?? SavedAuth(
                                httpScheme.lowercased() == "basic"
                                    ? .basic(username: username, password: password)
                                    : .digest(username: username, password: password))
                    case "bearer":
                        addVariable(variable, value: "", secret: true, description: "bearer token (\(name))")
                        result = result ?? SavedAuth(.bearer(token: "{{\(variable)}}"))
                    case "negotiate":
                        result = result ?? SavedAuth(.negotiate)
                    default:
                        reportItem(
                            "HTTP auth scheme \"\(httpScheme)\" (\(name))", place + ".security", kept: "sent without it"
                        )
                    }
                case .oauth2, .openIdConnect:
                    guard result == nil else { continue }
                    let scopes = requirement.first { $0.key.name == name }?.value ?? []
                    result = oauth2Auth(scheme.type, name: name, scopes: scopes, place: place)
                case .mutualTLS:
                    reportItem("mutual TLS (\(name))", place + ".security", kept: "sent without a client certificate")
                }
            }
            if let result { return result }
        }
        return SavedAuth(.none)
    }

    // MARK: - Environments

    /// One live environment per server, named by its description (else its host), its variables
    /// the server variables' defaults.
    mutating func environments() -> [Environment] {
        var result: [Environment] = []
        for (index, server) in document.servers.enumerated() {
            var url = server.urlTemplate.rawValue
            var serverVariables = server.variables.sorted(by: { $0.key < $1.key }).map { name, variable in
                Variable(
                    name: PostmanPlaceholders.variableName(name), value: variable.default,
                    description: [
                        variable.description, variable.enum.map { "One of: " + $0.joined(separator: ", ") },
                    ].compactMap { $0 }.joined(separator: " ").nilIfEmpty)
            }
            for name in server.variables.keys {
                url = url.replacingOccurrences(of: "{\(name)}", with: "{{\(PostmanPlaceholders.variableName(name))}}")
            }
            if !url.contains("://"), !url.hasPrefix("{{") {
                reportItem(
                    "relative server URL \"\(url)\"", "servers[\(index)]",
                    kept: "joined to the variable origin (http://localhost)")
                serverVariables.append(Variable(name: "origin", value: "http://localhost"))
                url = "{{origin}}" + (url.hasPrefix("/") ? url : "/" + url)
            }
            // Named by the host the URL reaches with the variables' defaults (`api.example.com`
            // for `https://{env}.example.com`, `localhost` for a relative URL), never `{{origin}}`.
            let defaultURL = serverVariables.reduce(url) { url, variable in
                url.replacingOccurrences(of: "{{\(variable.name)}}", with: variable.value)
            }
            var name = server.description?.nilIfEmpty ?? Self.host(of: defaultURL)
            var number = 2
            let base = name
            while result.contains(where: { $0.name == name }) {
                name = "\(base) \(number)"
                number += 1
            }
            result.append(Environment(name: name, kind: .live, baseURL: url, variables: serverVariables))
        }
        if result.isEmpty {
            reportItem("no servers", "servers", kept: "an environment \"default\" at http://localhost")
            result.append(Environment(name: "default", kind: .live, baseURL: "http://localhost"))
        }
        return result
    }

    private static func host(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        let host = rest.prefix { $0 != "/" }
        return host.isEmpty ? "server" : String(host)
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}

import Workspace

/// A Postman `body` in Lazer's terms: raw text or JSON, urlencoded rows, form-data parts, a file,
/// or GraphQL (sent, as Postman sends it, as a JSON `{query, variables}` body).
struct PostmanBody {
    var body = SavedBody.empty

    /// `contentTypeHeader` is the request's own `Content-Type` value, if it sets one.
    static func read(
        _ value: JSONValue?, contentTypeHeader: String?, source: ImportSource, options: ImportOptions,
        report: inout ImportReport, rewrite: (String, String) -> String
    ) -> SavedBody {
        guard let value, value.isObject, let mode = value["mode"]?.string, !mode.isEmpty else { return .empty }
        if value["disabled"]?.bool == true {
            report.add("disabled body", at: value.location, kept: "sent without a body")
            return .empty
        }
        switch mode {
        case "raw":
            let raw = rewrite(value["raw"]?.text ?? "", value.path + ".raw")
            if raw.isEmpty { return .empty }
            let language = value["options"]?["raw"]?["language"]?.string
            return rawBody(raw, language: language, contentTypeHeader: contentTypeHeader)
        case "urlencoded":
            let rows = (value["urlencoded"]?.items ?? []).compactMap { item -> KeyValueRow? in
                guard let name = item["key"]?.text else { return nil }
                return KeyValueRow(
                    name: rewrite(name, item.path), value: rewrite(item["value"]?.text ?? "", item.path),
                    enabled: item["disabled"]?.bool != true && item["enabled"]?.bool != false,
                    description: item["description"]?.descriptionText)
            }
            return SavedBody(.formURLEncoded(rows))
        case "formdata":
            var parts: [SavedPart] = []
            for item in value["formdata"]?.items ?? [] {
                guard let name = item["key"]?.text else { continue }
                let enabled = item["disabled"]?.bool != true && item["enabled"]?.bool != false
                let contentType = item["contentType"]?.string.flatMap { $0.isEmpty ? nil : $0 }
                if item["type"]?.string == "file" {
                    let src = item["src"]
                    let sources =
                        src?.isArray == true ? src?.items.compactMap(\.string) ?? [] : src?.string.map { [$0] } ?? []
                    if sources.isEmpty {
                        report.add("form-data file part \"\(name)\" with no file chosen", at: item.location)
                        continue
                    }
                    for path in sources where !path.isEmpty {
                        parts.append(
                            SavedPart(
                                name: rewrite(name, item.path),
                                source: .file(path: options.collectionPath(rewrite(path, item.path), from: source)),
                                contentType: contentType, enabled: enabled))
                    }
                } else {
                    parts.append(
                        SavedPart(
                            name: rewrite(name, item.path),
                            source: .text(rewrite(item["value"]?.text ?? "", item.path)),
                            contentType: contentType, enabled: enabled))
                }
            }
            return SavedBody(.multipart(parts))
        case "file":
            if let path = value["file"]?["src"]?.string, !path.isEmpty {
                return SavedBody(
                    .file(
                        path: options.collectionPath(rewrite(path, value.path), from: source), contentType: nil))
            }
            if let content = value["file"]?["content"]?.string {
                return SavedBody(.text(rewrite(content, value.path), contentType: nil))
            }
            report.add("file body with no file chosen", at: value.location, kept: "sent without a body")
            return .empty
        case "graphql":
            let graphql = value["graphql"]
            let query = rewrite(graphql?["query"]?.text ?? "", value.path + ".graphql.query")
            var members = [StoredJSON.Member("query", .string(query))]
            if let variables = graphql?["variables"] {
                if let text = variables.string {
                    if text.contains(where: { !$0.isWhitespace }) {
                        if let parsed = try? StoredJSON(parsing: text) {
                            members.append(StoredJSON.Member("variables", parsed))
                        } else {
                            report.add(
                                "GraphQL variables that are not valid JSON", at: variables.location,
                                kept: "left out of the body")
                        }
                    }
                } else if variables.isObject {
                    members.append(StoredJSON.Member("variables", variables.stored))
                }
            }
            report.add(
                "GraphQL request (schema and introspection are not carried)", at: value.location,
                kept: "sent as a JSON {query, variables} body, as Postman sends it")
            return SavedBody(.json(.object(members)))
        default:
            report.add("body mode \"\(mode)\"", at: value.location, kept: "sent without a body")
            return .empty
        }
    }

    /// Raw text as JSON when it says it is JSON and parses (placeholders outside strings keep it
    /// as JSON text), else as text with the language's content type.
    static func rawBody(_ raw: String, language: String?, contentTypeHeader: String?) -> SavedBody {
        let header = contentTypeHeader?.lowercased() ?? ""
        let saysJSON = language == "json" || header.contains("json")
        let looksJSON = raw.first { !$0.isWhitespace }.map { $0 == "{" || $0 == "[" } ?? false
        if saysJSON || (language == nil && header.isEmpty && looksJSON) {
            if let json = try? StoredJSON(parsing: raw) { return SavedBody(.json(json)) }
            if saysJSON { return SavedBody(.jsonText(raw)) }
        }
        let types = [
            "json": "application/json", "xml": "application/xml", "html": "text/html",
            "javascript": "application/javascript", "text": "text/plain",
        ]
        let contentType = contentTypeHeader == nil ? language.flatMap { types[$0] } : nil
        return SavedBody(.text(raw, contentType: contentType))
    }
}

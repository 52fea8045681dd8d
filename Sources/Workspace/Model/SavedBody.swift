/// What a saved request sends as its body. File paths are relative to the collection file.
package struct SavedBody: Sendable, Equatable {
    package enum Content: Sendable, Equatable {
        case none
        /// A JSON document written inline in the collection; `{{variables}}` inside its strings are replaced.
        case json(StoredJSON)
        /// JSON written as text, for placeholders in non-string positions (`{"id": {{id}}}`).
        case jsonText(String)
        /// Free text with an optional content type.
        case text(String, contentType: String?)
        case formURLEncoded([KeyValueRow])
        case multipart([SavedPart])
        /// The bytes of a file, streamed from disk.
        case file(path: String, contentType: String?)
        /// A GraphQL operation (issue 28), sent as JSON (POST) or query parameters (GET).
        indirect case graphql(GraphQLBody)
    }

    package enum Kind: String, Sendable, CaseIterable {
        case none, json, text, form, multipart, file, graphql
    }

    package var content: Content
    package var unknownFields: [StoredJSON.Member]

    package init(_ content: Content, unknownFields: [StoredJSON.Member] = []) {
        self.content = content
        self.unknownFields = unknownFields
    }

    package static let empty = SavedBody(.none)

    /// The fields each body type uses; any other field is kept as unknown.
    static func keys(for kind: Kind?) -> [String] {
        switch kind {
        case .none?, nil: ["type"]
        case .json?: ["type", "json", "text"]
        case .text?: ["type", "text", "contentType"]
        case .form?: ["type", "fields"]
        case .multipart?: ["type", "parts"]
        case .file?: ["type", "path", "contentType"]
        case .graphql?: ["type", "query", "variables", "operationName", "connectionInit"]
        }
    }

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedBody? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let kind: Kind? = fields.choice("type", required: true)
        let unknown = fields.unknownFields(known: keys(for: kind))
        let contentType = fields.string("contentType")
        switch kind {
        case .none?:
            return SavedBody(.none, unknownFields: unknown)
        case .json?:
            if fields.has("json"), fields.has("text") {
                reader.report(
                    .error, "a json body has \"json\" (inline) or \"text\", not both", at: fields.offset, path: path)
                return nil
            }
            if let json = fields.json("json") { return SavedBody(.json(json), unknownFields: unknown) }
            if let text = fields.string("text") { return SavedBody(.jsonText(text), unknownFields: unknown) }
            reader.report(.error, "a json body needs \"json\" (inline) or \"text\"", at: fields.offset, path: path)
            return nil
        case .text?:
            guard let text = fields.string("text", required: true) else { return nil }
            return SavedBody(.text(text, contentType: contentType), unknownFields: unknown)
        case .form?:
            let rows = fields.array("fields") { KeyValueRow.read($0, $1, reader) }
            return SavedBody(.formURLEncoded(rows), unknownFields: unknown)
        case .multipart?:
            let parts = fields.array("parts") { SavedPart.read($0, $1, reader) }
            return SavedBody(.multipart(parts), unknownFields: unknown)
        case .file?:
            guard let file = fields.string("path", required: true) else { return nil }
            return SavedBody(.file(path: file, contentType: contentType), unknownFields: unknown)
        case .graphql?:
            guard let graphql = GraphQLBody.read(fields, path, reader) else { return nil }
            return SavedBody(.graphql(graphql), unknownFields: unknown)
        case nil:
            return nil
        }
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        switch content {
        case .none:
            object.add("type", Kind.none.rawValue)
        case .json(let json):
            object.add("type", Kind.json.rawValue)
            object.add("json", json)
        case .jsonText(let text):
            object.add("type", Kind.json.rawValue)
            object.add("text", text)
        case .text(let text, let contentType):
            object.add("type", Kind.text.rawValue)
            object.add("contentType", contentType)
            object.add("text", text)
        case .formURLEncoded(let rows):
            object.add("type", Kind.form.rawValue)
            object.add("fields", .array(rows.map(\.stored)))
        case .multipart(let parts):
            object.add("type", Kind.multipart.rawValue)
            object.add("parts", .array(parts.map(\.stored)))
        case .file(let path, let contentType):
            object.add("type", Kind.file.rawValue)
            object.add("contentType", contentType)
            object.add("path", path)
        case .graphql(let graphql):
            object.add("type", Kind.graphql.rawValue)
            graphql.add(to: &object)
        }
        object.append(unknown: unknownFields)
        return object.json
    }
}

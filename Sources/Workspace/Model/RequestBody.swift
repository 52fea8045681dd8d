/// What a saved request sends as its body. File paths are relative to the collection file.
public struct RequestBody: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case none
        /// A JSON document written inline in the collection; `{{variables}}` inside its strings are replaced.
        case json(StoredJSON)
        /// Free text (also JSON with unquoted placeholders, with `contentType` set to `application/json`).
        case text(String, contentType: String?)
        case formURLEncoded([KeyValueRow])
        case multipart([MultipartPart])
        /// The bytes of a file, streamed from disk.
        case file(path: String, contentType: String?)
    }

    public enum Kind: String, Sendable, CaseIterable {
        case none, json, text, form, multipart, file
    }

    public var content: Content
    public var unknownFields: [StoredJSON.Member]

    public init(_ content: Content, unknownFields: [StoredJSON.Member] = []) {
        self.content = content
        self.unknownFields = unknownFields
    }

    public static let empty = RequestBody(.none)

    static let keys = ["type", "json", "text", "contentType", "fields", "parts", "path"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> RequestBody? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let kind: Kind? = fields.choice("type", required: true)
        let unknown = fields.unknownFields(known: keys)
        let contentType = fields.string("contentType")
        switch kind {
        case .none?:
            return RequestBody(.none, unknownFields: unknown)
        case .json?:
            if let json = fields.json("json") { return RequestBody(.json(json), unknownFields: unknown) }
            if let text = fields.string("text") {
                return RequestBody(.text(text, contentType: contentType ?? "application/json"), unknownFields: unknown)
            }
            reader.report(.error, "a json body needs \"json\" (inline) or \"text\"", at: fields.offset, path: path)
            return nil
        case .text?:
            guard let text = fields.string("text", required: true) else { return nil }
            return RequestBody(.text(text, contentType: contentType), unknownFields: unknown)
        case .form?:
            let rows = fields.array("fields") { KeyValueRow.read($0, $1, reader) }
            return RequestBody(.formURLEncoded(rows), unknownFields: unknown)
        case .multipart?:
            let parts = fields.array("parts") { MultipartPart.read($0, $1, reader) }
            return RequestBody(.multipart(parts), unknownFields: unknown)
        case .file?:
            guard let file = fields.string("path", required: true) else { return nil }
            return RequestBody(.file(path: file, contentType: contentType), unknownFields: unknown)
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
        }
        object.append(unknown: unknownFields)
        return object.json
    }
}

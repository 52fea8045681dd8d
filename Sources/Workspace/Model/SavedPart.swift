/// One part of a multipart/form-data body: a text value or a file (path relative to the collection file).
package struct SavedPart: Sendable, Equatable {
    package enum Source: Sendable, Equatable {
        case text(String)
        case file(path: String)
    }

    package var name: String
    package var source: Source
    package var contentType: String?
    /// The file name sent for file parts; defaults to the file's own name.
    package var fileName: String?
    package var enabled: Bool
    package var unknownFields: [StoredJSON.Member]

    package init(
        name: String, source: Source, contentType: String? = nil, fileName: String? = nil, enabled: Bool = true,
        unknownFields: [StoredJSON.Member] = []
    ) {
        self.name = name
        self.source = source
        self.contentType = contentType
        self.fileName = fileName
        self.enabled = enabled
        self.unknownFields = unknownFields
    }

    static let keys = ["name", "value", "file", "fileName", "contentType", "enabled"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedPart? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let name = fields.string("name", required: true)
        let value = fields.string("value")
        let file = fields.string("file")
        let part = (
            contentType: fields.string("contentType"), fileName: fields.string("fileName"),
            enabled: fields.bool("enabled") ?? true
        )
        let unknown = fields.unknownFields(known: keys)
        let source: Source
        switch (value, file) {
        case (let value?, nil): source = .text(value)
        case (nil, let file?): source = .file(path: file)
        default:
            reader.report(.error, "a part needs exactly one of \"value\" or \"file\"", at: fields.offset, path: path)
            return nil
        }
        guard let name else { return nil }
        return SavedPart(
            name: name, source: source, contentType: part.contentType, fileName: part.fileName, enabled: part.enabled,
            unknownFields: unknown)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("name", name)
        switch source {
        case .text(let value): object.add("value", value)
        case .file(let path): object.add("file", path)
        }
        object.add("fileName", fileName)
        object.add("contentType", contentType)
        object.add("enabled", enabled ? nil : false)
        object.append(unknown: unknownFields)
        return object.json
    }
}

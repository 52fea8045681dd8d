/// One row of an ordered name/value table (query items, headers, path parameters, form fields,
/// mock response headers). Rows can be switched off without deleting them.
package struct KeyValueRow: Sendable, Equatable {
    package var name: String
    package var value: String
    package var enabled: Bool
    package var description: String?
    package var unknownFields: [StoredJSON.Member]

    package init(
        name: String, value: String, enabled: Bool = true, description: String? = nil,
        unknownFields: [StoredJSON.Member] = []
    ) {
        self.name = name
        self.value = value
        self.enabled = enabled
        self.description = description
        self.unknownFields = unknownFields
    }

    static let keys = ["name", "value", "enabled", "description"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> KeyValueRow? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let name = fields.string("name", required: true)
        let value = fields.string("value") ?? ""
        let enabled = fields.bool("enabled") ?? true
        let description = fields.string("description")
        let unknown = fields.unknownFields(known: keys)
        guard let name else { return nil }
        return KeyValueRow(name: name, value: value, enabled: enabled, description: description, unknownFields: unknown)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("name", name)
        object.add("value", value)
        object.add("enabled", enabled ? nil : false)
        object.add("description", description)
        object.append(unknown: unknownFields)
        return object.json
    }
}

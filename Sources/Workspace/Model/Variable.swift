/// A named value used as `{{name}}`. Secret variables never have their value written to the
/// collection file: it lives in the per-user secrets file or the process environment.
package struct Variable: Sendable, Equatable {
    package var name: String
    /// For secrets, the value in memory only (filled from the secrets store); never saved in the collection.
    package var value: String
    package var secret: Bool
    package var description: String?
    package var unknownFields: [StoredJSON.Member]

    package init(
        name: String, value: String = "", secret: Bool = false, description: String? = nil,
        unknownFields: [StoredJSON.Member] = []
    ) {
        self.name = name
        self.value = value
        self.secret = secret
        self.description = description
        self.unknownFields = unknownFields
    }

    static let keys = ["name", "value", "secret", "description"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> Variable? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let name = fields.string("name", required: true)
        let value = fields.string("value")
        let secret = fields.bool("secret") ?? false
        let description = fields.string("description")
        let unknown = fields.unknownFields(known: keys)
        guard let name, fields.checkVariableName("name", name) else { return nil }
        // An empty value holds nothing to move: no warning (a file written by hand, or by a tool, with "value": "").
        if secret, let value, !value.isEmpty, let node = fields.node("value") {
            reader.report(
                .warning,
                "secret \"\(name)\" has its value in the collection file; saving moves it to the secrets file",
                at: node.offset, path: path.appending("value"))
        }
        return Variable(
            name: name, value: value ?? "", secret: secret, description: description, unknownFields: unknown)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("name", name)
        object.add("value", secret ? nil : value)
        object.add("secret", secret ? true : nil)
        object.add("description", description)
        object.append(unknown: unknownFields)
        return object.json
    }
}

/// One way a document fails its schema: where in the document (a JSONPath such as
/// `$.items[3].price`), which keyword of which schema (`#/properties/items/items/properties/price/type`),
/// and what was expected against what was found, in plain words.
package struct SchemaFinding: Sendable, Equatable, Hashable {
    /// The instance location as a JSONPath (`$` for the whole document).
    package let instancePath: String
    /// The failing keyword's location: the schema's URI (empty for the document given) and a
    /// JSON Pointer fragment.
    package let schemaPath: String
    package let keyword: String
    /// "expected a number, found the string \"12.50\"".
    package let message: String

    package init(instancePath: String, schemaPath: String, keyword: String, message: String) {
        self.instancePath = instancePath
        self.schemaPath = schemaPath
        self.keyword = keyword
        self.message = message
    }

    /// The one-line form `lazer json --schema` prints: "`$.a`: expected …".
    package var description: String { "\(instancePath): \(message)" }
}

/// The outcome of validating one document.
package struct SchemaValidationResult: Sendable, Equatable {
    /// Every finding, in document order of discovery, up to `SchemaOptions.maximumFindings`.
    package var findings: [SchemaFinding]
    /// More findings existed than were collected.
    package var truncated: Bool
    /// The schema's references loop without moving into the document: the schema, not the
    /// document, is at fault (`lazer json --schema` exits 2 for it, as for a schema it cannot compile).
    package var schemaLoops = false

    package var isValid: Bool { findings.isEmpty }
}

/// Why a schema could not be compiled: it is not a schema, or a reference leads nowhere.
package struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The schema location (URI and JSON Pointer fragment) of the problem.
    package let location: String
    package let message: String

    package init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    package var description: String { location.isEmpty ? message : "\(location): \(message)" }
}

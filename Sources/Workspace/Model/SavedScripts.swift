/// A collection's, folder's or request's JavaScript (issue 32): `{"preRequest": "…", "test": "…"}`.
/// Pre-request scripts run before the request is resolved and sent, test scripts after its
/// response: the collection's, then each folder's down to the request's own, as Postman runs them.
package struct SavedScripts: Sendable, Equatable {
    package var preRequest: String?
    package var test: String?
    package var unknownFields: [StoredJSON.Member]

    package init(preRequest: String? = nil, test: String? = nil, unknownFields: [StoredJSON.Member] = []) {
        self.preRequest = preRequest
        self.test = test
        self.unknownFields = unknownFields
    }

    /// No script of either kind (blank text counts as none).
    package var isEmpty: Bool {
        Self.blank(preRequest) && Self.blank(test) && unknownFields.isEmpty
    }

    /// The script of `stage`, unless blank.
    package func text(for stage: ScriptJob.Stage) -> String? {
        let text = stage == .preRequest ? preRequest : test
        return Self.blank(text) ? nil : text
    }

    private static func blank(_ text: String?) -> Bool {
        text?.allSatisfy(\.isWhitespace) ?? true
    }

    static let keys = ["preRequest", "test"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedScripts? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let preRequest = fields.string("preRequest")
        let test = fields.string("test")
        return SavedScripts(preRequest: preRequest, test: test, unknownFields: fields.unknownFields(known: keys))
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("preRequest", preRequest)
        object.add("test", test)
        object.append(unknown: unknownFields)
        return object.json
    }
}

/// A value taken from a response into a variable, so later requests can use it (login → token →
/// authorised call): `{"variable": "token", "from": "jsonPath", "path": "$.token"}`.
package struct Capture: Sendable, Equatable {
    package enum Source: Sendable, Equatable {
        case jsonPath(String)
        case header(name: String)
        case status
        case body
        /// One event of a streamed body or one received WebSocket message (as the `event`
        /// expectation reads it): `index` from 0, negative from the end; its data at `path` when
        /// it is JSON, else its data as text.
        case event(index: Int, path: String?)
    }

    package enum SourceKind: String, Sendable, CaseIterable {
        case jsonPath, header, status, body, event
    }

    package var variable: String
    package var source: Source
    /// Treat the captured value as a secret (masked, redacted from history).
    package var secret: Bool
    package var unknownFields: [StoredJSON.Member]

    package init(variable: String, source: Source, secret: Bool = false, unknownFields: [StoredJSON.Member] = []) {
        self.variable = variable
        self.source = source
        self.secret = secret
        self.unknownFields = unknownFields
    }

    static func keys(for kind: SourceKind?) -> [String] {
        switch kind {
        case .jsonPath?: ["variable", "from", "path", "secret"]
        case .header?: ["variable", "from", "name", "secret"]
        case .event?: ["variable", "from", "index", "path", "secret"]
        default: ["variable", "from", "secret"]
        }
    }

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> Capture? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let variable = fields.string("variable", required: true)
        let kind: SourceKind? = fields.choice("from", required: true)
        let secret = fields.bool("secret") ?? false
        let unknown = fields.unknownFields(known: keys(for: kind))
        let source: Source
        switch kind {
        case .status?: source = .status
        case .body?: source = .body
        case .jsonPath?:
            guard let jsonPath = fields.string("path", required: true), fields.checkJSONPath("path", jsonPath)
            else { return nil }
            source = .jsonPath(jsonPath)
        case .header?:
            guard let name = fields.string("name", required: true) else { return nil }
            source = .header(name: name)
        case .event?:
            guard let event = fields.eventIndexAndPath() else { return nil }
            source = .event(index: event.index, path: event.path)
        case nil: return nil
        }
        guard let variable, fields.checkVariableName("variable", variable) else { return nil }
        return Capture(variable: variable, source: source, secret: secret, unknownFields: unknown)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("variable", variable)
        switch source {
        case .status: object.add("from", SourceKind.status.rawValue)
        case .body: object.add("from", SourceKind.body.rawValue)
        case .jsonPath(let jsonPath):
            object.add("from", SourceKind.jsonPath.rawValue)
            object.add("path", jsonPath)
        case .header(let name):
            object.add("from", SourceKind.header.rawValue)
            object.add("name", name)
        case .event(let index, let path):
            object.add("from", SourceKind.event.rawValue)
            object.add("index", index)
            object.add("path", path)
        }
        object.add("secret", secret ? true : nil)
        object.append(unknown: unknownFields)
        return object.json
    }
}

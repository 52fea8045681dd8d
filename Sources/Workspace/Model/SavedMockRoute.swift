import HTTPCore

/// One route of a mock environment: which requests it answers and with what.
///
/// `path` uses the `MockDispatcher` pattern syntax (`/posts/:id(int)`, `*` for any rest). The
/// optional `query`, `headers` and `json` matchers narrow the match (JSON: the request body must
/// contain this subset). A `sequence` answers successive calls in turn; its last response repeats,
/// or with `cycle` the sequence starts again.
package struct SavedMockRoute: Sendable, Equatable {
    package var name: String?
    /// A method, or `nil` for any method.
    package var method: RequestMethod?
    package var path: String
    package var query: [KeyValueRow]
    package var headers: [KeyValueRow]
    package var json: StoredJSON?
    package var responses: [SavedMockResponse]
    /// After the last response of a sequence, start again from the first (instead of repeating the last).
    package var cycle: Bool
    package var unknownFields: [StoredJSON.Member]

    package init(
        name: String? = nil, method: RequestMethod?, path: String, query: [KeyValueRow] = [],
        headers: [KeyValueRow] = [], json: StoredJSON? = nil, responses: [SavedMockResponse],
        cycle: Bool = false, unknownFields: [StoredJSON.Member] = []
    ) {
        self.cycle = cycle
        self.name = name
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.json = json
        self.responses = responses
        self.unknownFields = unknownFields
    }

    static let keys = ["name", "method", "path", "query", "headers", "json", "response", "sequence", "cycle"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedMockRoute? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let name = fields.string("name")
        let anyMethod = fields.string("method") == "*"
        let method = anyMethod ? nil : fields.method("method", required: true)
        let pattern = fields.string("path", required: true)
        let query = fields.array("query") { KeyValueRow.read($0, $1, reader) }
        let headers = fields.array("headers") { KeyValueRow.read($0, $1, reader) }
        let json = fields.json("json")
        var responses: [SavedMockResponse] = []
        if let single = fields.node("response") {
            if let response = SavedMockResponse.read(single, path.appending("response"), reader) {
                responses = [response]
            }
        }
        let sequence = fields.array("sequence") { SavedMockResponse.read($0, $1, reader) }
        let cycle = fields.bool("cycle") ?? false
        let unknown = fields.unknownFields(known: keys)
        switch (fields.has("response"), fields.has("sequence")) {
        case (true, true), (false, false):
            reader.report(
                .error, "a route needs exactly one of \"response\" or \"sequence\"", at: fields.offset, path: path)
            return nil
        case (false, true):
            if case .array(let items)? = fields.node("sequence")?.kind, items.isEmpty {
                reader.report(.error, "\"sequence\" needs at least one response", at: fields.offset, path: path)
                return nil
            }
            responses = sequence
        case (true, false):
            break
        }
        if let pattern, let node = fields.node("path") {
            guard pattern.hasPrefix("/") || pattern == "*" else {
                reader.report(.error, "a route path starts with '/'", at: node.offset, path: path.appending("path"))
                return nil
            }
            do {
                _ = try PathPattern(pattern)
            } catch {
                if case .invalidPattern(_, let reason) = error {
                    reader.report(
                        .error, "invalid path pattern: \(reason)", at: node.offset, path: path.appending("path"))
                }
                return nil
            }
        }
        guard let pattern, anyMethod || method != nil, !responses.isEmpty else { return nil }
        return SavedMockRoute(
            name: name, method: method, path: pattern, query: query, headers: headers, json: json, responses: responses,
            cycle: cycle, unknownFields: unknown)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("name", name)
        object.add("method", method?.rawValue ?? "*")
        object.add("path", path)
        object.add("query", list: query.map(\.stored))
        object.add("headers", list: headers.map(\.stored))
        object.add("json", json)
        if responses.count == 1, let only = responses.first {
            object.add("response", only.stored)
        } else {
            object.add("sequence", list: responses.map(\.stored))
        }
        object.add("cycle", cycle ? true : nil)
        object.append(unknown: unknownFields)
        return object.json
    }
}

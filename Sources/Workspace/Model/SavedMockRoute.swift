import HTTPCore

/// One route of a mock environment: which requests it answers and with what.
///
/// `path` uses the `MockDispatcher` pattern syntax (`/posts/:id(int)`, `*` for any rest). The
/// optional `query`, `headers` and `json` matchers narrow the match (JSON: the request body must
/// contain this subset; `graphql`: the GraphQL operation it runs, by name, and optionally
/// variables it must have). A `sequence` answers successive calls in turn; its last response repeats,
/// or with `cycle` the sequence starts again.
package struct SavedMockRoute: Sendable, Equatable {
    package var name: String?
    /// A method, or `nil` for any method.
    package var method: RequestMethod?
    package var path: String
    package var query: [KeyValueRow]
    package var headers: [KeyValueRow]
    package var json: StoredJSON?
    /// The GraphQL operation the request must run (and variables it must have).
    package var graphql: SavedGraphQLMatch?
    package var responses: [SavedMockResponse]
    /// After the last response of a sequence, start again from the first (instead of repeating the last).
    package var cycle: Bool
    package var unknownFields: [StoredJSON.Member]

    package init(
        name: String? = nil, method: RequestMethod?, path: String, query: [KeyValueRow] = [],
        headers: [KeyValueRow] = [], json: StoredJSON? = nil, graphql: SavedGraphQLMatch? = nil,
        responses: [SavedMockResponse], cycle: Bool = false, unknownFields: [StoredJSON.Member] = []
    ) {
        self.graphql = graphql
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

    static let keys = [
        "name", "method", "path", "query", "headers", "json", "graphql", "response", "sequence", "cycle",
    ]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedMockRoute? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let name = fields.string("name")
        let anyMethod = fields.string("method") == "*"
        let method = anyMethod ? nil : fields.method("method", required: true)
        let pattern = fields.string("path", required: true)
        let query = fields.array("query") { KeyValueRow.read($0, $1, reader) }
        let headers = fields.array("headers") { KeyValueRow.read($0, $1, reader) }
        let json = fields.json("json")
        let graphql = fields.node("graphql").flatMap { SavedGraphQLMatch.read($0, path.appending("graphql"), reader) }
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
        guard let pattern, anyMethod || method != nil, !responses.isEmpty,
            !fields.has("graphql") || graphql != nil
        else { return nil }
        return SavedMockRoute(
            name: name, method: method, path: pattern, query: query, headers: headers, json: json, graphql: graphql,
            responses: responses, cycle: cycle, unknownFields: unknown)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("name", name)
        object.add("method", method?.rawValue ?? "*")
        object.add("path", path)
        object.add("query", list: query.map(\.stored))
        object.add("headers", list: headers.map(\.stored))
        object.add("json", json)
        object.add("graphql", graphql?.stored)
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

/// A mock route's GraphQL matcher as the collection file writes it:
/// `"graphql": {"operation": "User", "variables": {"id": "1"}}` — the operation's name (from the
/// body's `operationName`, else the name in its `query`; a GET's query items too) and variables
/// the request must have (a subset: others may come too).
package struct SavedGraphQLMatch: Sendable, Equatable {
    package var operation: String
    package var variables: StoredJSON?
    package var unknownFields: [StoredJSON.Member]

    package init(operation: String, variables: StoredJSON? = nil, unknownFields: [StoredJSON.Member] = []) {
        self.operation = operation
        self.variables = variables
        self.unknownFields = unknownFields
    }

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedGraphQLMatch? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let unknown = fields.unknownFields(known: ["operation", "variables"])
        let operation = fields.string("operation", required: true)
        if let operation,
            operation.isEmpty || !operation.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        {
            reader.report(
                .error, "\"operation\" is an operation's name (letters, digits, _): found \"\(operation)\"",
                at: fields.node("operation")?.offset ?? fields.offset, path: path.appending("operation"))
            return nil
        }
        var variables: StoredJSON?
        if let node = fields.node("variables") {
            guard case .object = node.kind else {
                reader.report(
                    .error, "expected an object of variables; found \(node.kindName)", at: node.offset,
                    path: path.appending("variables"))
                return nil
            }
            variables = node.stored
        }
        return operation.map { SavedGraphQLMatch(operation: $0, variables: variables, unknownFields: unknown) }
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("operation", operation)
        object.add("variables", variables)
        object.append(unknown: unknownFields)
        return object.json
    }
}

/// An assertion on a response, checked by the replay runner and shown in the UI.
///
/// `{"subject": "status", "op": "equals", "value": 200}`,
/// `{"subject": "jsonPath", "path": "$.id", "op": "equals", "value": 1}`,
/// `{"subject": "schema", "schema": {"$ref": "schemas/pet.json"}}`,
/// `{"subject": "events", "op": "greaterThanOrEqual", "value": 3}`,
/// `{"subject": "event", "index": -1, "path": "$.done", "op": "equals", "value": true}`,
/// `{"subject": "anyEvent", "path": "$.type", "op": "equals", "value": "ready"}`,
/// `{"subject": "graphqlErrors", "op": "notExists"}`, `{"subject": "graphqlErrors", "path": "user.secret",
/// "op": "contains", "value": "not readable"}`, `{"subject": "close", "op": "equals", "value": 4001}`.
package struct Expectation: Sendable, Equatable {
    /// What part of the response is checked.
    package enum Subject: Sendable, Equatable {
        case status
        case header(name: String)
        case jsonPath(String)
        /// Total time in milliseconds.
        case responseTime
        /// The body as text.
        case body
        /// The whole response against its snapshot file (`Snapshot`, `SnapshotStore`).
        case snapshot(SnapshotOptions)
        /// The JSON body validated against a JSON Schema: inline, or `{"$ref": "schemas/pet.json"}`
        /// into a file beside the collection (no `op`, no `value`).
        case schema(StoredJSON)
        /// The number of events of a streamed body (SSE, NDJSON, json-seq by its Content-Type).
        case eventCount
        /// One event of a streamed body: `index` from 0 (negative: from the end, -1 the last); its
        /// data at `path` when it is JSON, else its data as text.
        case event(index: Int, path: String?)
        /// Whether some event (or received WebSocket message) satisfies the check — its data at
        /// `path` when it is JSON, else its data as text: with `stream.seconds`, "within N s an
        /// event like this arrives".
        case anyEvent(path: String?)
        /// The messages of a GraphQL answer's `errors` (issue 28), joined by "; " — only those whose
        /// `path` is `path` (`users.0.name`) when it is given. None: `notExists`.
        case graphqlErrors(path: String?)
        /// The close code a WebSocket conversation ended with (`WebSocketTranscript.closeHeader`);
        /// a request that has this check takes any close the server sends as a normal end.
        case close
    }

    package enum SubjectKind: String, Sendable, CaseIterable {
        case status, header, jsonPath, responseTime, body, snapshot, schema
        case events, event, anyEvent
        case graphqlErrors
        case close
    }

    /// How the subject is compared with `value`.
    package enum Operator: String, Sendable, CaseIterable {
        case equals, notEquals, contains, notContains, matches, exists, notExists
        case lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual, oneOf
    }

    package var subject: Subject
    package var op: Operator
    /// The expected value (any JSON); absent for `exists` / `notExists`.
    package var value: StoredJSON?
    package var unknownFields: [StoredJSON.Member]

    package init(subject: Subject, op: Operator, value: StoredJSON? = nil, unknownFields: [StoredJSON.Member] = []) {
        self.subject = subject
        self.op = op
        self.value = value
        self.unknownFields = unknownFields
    }

    /// The fields each kind of check knows, made once (every check of a collection asks).
    static func keys(for kind: SubjectKind?) -> [String] {
        switch kind {
        case .header?: Keys.header
        case .jsonPath?, .anyEvent?, .graphqlErrors?: Keys.path
        case .snapshot?: Keys.snapshot
        case .schema?: Keys.schema
        case .event?: Keys.event
        default: Keys.plain
        }
    }

    private enum Keys {
        static let header = ["subject", "name", "op", "value"]
        static let path = ["subject", "path", "op", "value"]
        static let snapshot = ["subject"] + SnapshotOptions.fieldNames
        static let schema = ["subject", "schema"]
        static let event = ["subject", "index", "path", "op", "value"]
        static let plain = ["subject", "op", "value"]
    }

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> Expectation? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let kind: SubjectKind? = fields.choice("subject", required: true)
        // A snapshot compares the whole response and a schema says it all: neither has an operator
        // or a value.
        let op: Operator? =
            switch kind {
            case .snapshot?: .equals
            case .schema?: .matches
            default: fields.choice("op", required: true)
            }
        let value = kind == .snapshot || kind == .schema ? nil : fields.json("value")
        let unknown = fields.unknownFields(known: keys(for: kind))
        let subject: Subject
        switch kind {
        case .status?: subject = .status
        case .responseTime?: subject = .responseTime
        case .body?: subject = .body
        case .events?: subject = .eventCount
        case .close?: subject = .close
        case .anyEvent?:
            guard let jsonPath = fields.optionalJSONPath("path") else { return nil }
            subject = .anyEvent(path: jsonPath)
        case .event?:
            guard let event = fields.eventIndexAndPath() else { return nil }
            subject = .event(index: event.index, path: event.path)
        case .graphqlErrors?:
            subject = .graphqlErrors(path: fields.string("path"))
        case .header?:
            guard let name = fields.string("name", required: true) else { return nil }
            subject = .header(name: name)
        case .jsonPath?:
            guard let jsonPath = fields.string("path", required: true), fields.checkJSONPath("path", jsonPath)
            else { return nil }
            subject = .jsonPath(jsonPath)
        case .snapshot?:
            guard let options = SnapshotOptions.read(fields) else { return nil }
            return Expectation(subject: .snapshot(options), op: .equals, unknownFields: unknown)
        case .schema?:
            guard let schema = fields.json("schema") else {
                reader.report(.error, "missing required field \"schema\"", at: fields.offset, path: path)
                return nil
            }
            switch schema {
            case .object, .bool: break
            default:
                reader.report(
                    .error, "\"schema\" must be a JSON Schema (an object or a boolean)",
                    at: fields.node("schema")?.offset ?? fields.offset, path: path.appending("schema"))
                return nil
            }
            return Expectation(subject: .schema(schema), op: .matches, unknownFields: unknown)
        case nil: return nil
        }
        guard let op else { return nil }
        if op == .matches, !fields.checkRegularExpression("value", value) { return nil }
        if value == nil, op != .exists, op != .notExists {
            reader.report(.error, "\"\(op.rawValue)\" needs a \"value\"", at: fields.offset, path: path)
            return nil
        }
        return Expectation(subject: subject, op: op, value: value, unknownFields: unknown)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        switch subject {
        case .status: object.add("subject", SubjectKind.status.rawValue)
        case .responseTime: object.add("subject", SubjectKind.responseTime.rawValue)
        case .body: object.add("subject", SubjectKind.body.rawValue)
        case .eventCount: object.add("subject", SubjectKind.events.rawValue)
        case .close: object.add("subject", SubjectKind.close.rawValue)
        case .anyEvent(let jsonPath):
            object.add("subject", SubjectKind.anyEvent.rawValue)
            object.add("path", jsonPath)
        case .event(let index, let jsonPath):
            object.add("subject", SubjectKind.event.rawValue)
            object.add("index", index)
            object.add("path", jsonPath)
        case .graphqlErrors(let errorPath):
            object.add("subject", SubjectKind.graphqlErrors.rawValue)
            object.add("path", errorPath)
        case .header(let name):
            object.add("subject", SubjectKind.header.rawValue)
            object.add("name", name)
        case .jsonPath(let jsonPath):
            object.add("subject", SubjectKind.jsonPath.rawValue)
            object.add("path", jsonPath)
        case .snapshot(let options):
            object.add("subject", SubjectKind.snapshot.rawValue)
            options.store(into: &object)
            object.append(unknown: unknownFields)
            return object.json
        case .schema(let schema):
            object.add("subject", SubjectKind.schema.rawValue)
            object.add("schema", schema)
            object.append(unknown: unknownFields)
            return object.json
        }
        object.add("op", op.rawValue)
        object.add("value", value)
        object.append(unknown: unknownFields)
        return object.json
    }
}

/// What a `snapshot` expectation keeps and compares: `{"subject": "snapshot", "ignore": ["$..id"],
/// "keys": {"$.items": "id"}, "headers": ["content-type"]}`. Values that change on every call
/// (ids, dates) are ignored rather than stored, so the snapshot file only changes when the API does.
package struct SnapshotOptions: Sendable, Equatable {
    /// An array of objects whose items are matched by one member rather than by position.
    package struct ArrayKey: Sendable, Equatable {
        /// A JSONPath selecting the array(s).
        package var path: String
        /// The member that identifies an item (`id`).
        package var key: String

        package init(path: String, key: String) {
            self.path = path
            self.key = key
        }
    }

    /// The headers kept when none are named: the media type is part of what an API promises.
    package static let defaultHeaders = ["content-type"]

    /// JSONPaths whose values are neither stored nor compared (`$..id`, `$.createdAt`).
    package var ignore: [String]
    /// Arrays matched by key, in the order written.
    package var keys: [ArrayKey]
    /// Response headers kept (names, any case); nil keeps `defaultHeaders`.
    package var headers: [String]?

    package init(ignore: [String] = [], keys: [ArrayKey] = [], headers: [String]? = nil) {
        self.ignore = ignore
        self.keys = keys
        self.headers = headers
    }

    /// The header names kept, lower-cased.
    package var keptHeaders: [String] { (headers ?? Self.defaultHeaders).map { $0.lowercased() } }

    static let fieldNames = ["ignore", "keys", "headers"]

    /// Reads the options of an expectation object, reporting bad JSONPaths and types in place.
    static func read(_ fields: ObjectFields) -> SnapshotOptions? {
        var valid = true
        let ignore = fields.array("ignore") { node, path -> String? in
            guard case .string(let text) = node.kind else {
                fields.reader.report(
                    .error, "expected a JSONPath string; found \(node.kindName)", at: node.offset, path: path)
                valid = false
                return nil
            }
            return text
        }
        for text in ignore where !fields.checkJSONPath("ignore", text) { valid = false }
        var keys: [ArrayKey] = []
        if let node = fields.node("keys") {
            if case .object(let members) = node.kind {
                for member in members {
                    guard case .string(let key) = member.value.kind, !key.isEmpty else {
                        fields.reader.report(
                            .error, "expected the name of the member that identifies an item (a string)",
                            at: member.value.offset, path: fields.path.appending("keys").appending(member.key))
                        valid = false
                        continue
                    }
                    guard fields.checkJSONPath("keys", member.key) else {
                        valid = false
                        continue
                    }
                    keys.append(ArrayKey(path: member.key, key: key))
                }
            } else {
                fields.reader.report(
                    .error, "expected an object of JSONPath to key member; found \(node.kindName)", at: node.offset,
                    path: fields.path.appending("keys"))
                valid = false
            }
        }
        var headers: [String]?
        if fields.has("headers") {
            headers = fields.array("headers") { node, path -> String? in
                guard case .string(let name) = node.kind, !name.isEmpty else {
                    fields.reader.report(.error, "expected a header name", at: node.offset, path: path)
                    valid = false
                    return nil
                }
                return name
            }
        }
        return valid ? SnapshotOptions(ignore: ignore, keys: keys, headers: headers) : nil
    }

    func store(into object: inout ObjectBuilder) {
        object.add("ignore", list: ignore.map { .string($0) })
        if !keys.isEmpty {
            object.add("keys", StoredJSON.object(keys.map { StoredJSON.Member($0.path, .string($0.key)) }))
        }
        if let headers { object.add("headers", StoredJSON.array(headers.map { .string($0) })) }
    }
}

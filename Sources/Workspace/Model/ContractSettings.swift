/// A collection's API contract: the OpenAPI document its requests' responses are checked against,
/// and whether that check is on. The document is a path relative to the collection file (the
/// import writes a copy next to it) or an absolute path; it is read as JSON.
///
/// `"contract": {"document": "petstore.openapi.json"}` (`"enabled": false` switches it off).
package struct CollectionContract: Sendable, Equatable {
    package var document: String
    /// Absent in the file means on.
    package var enabled: Bool
    package var unknownFields: [StoredJSON.Member]

    package init(document: String, enabled: Bool = true, unknownFields: [StoredJSON.Member] = []) {
        self.document = document
        self.enabled = enabled
        self.unknownFields = unknownFields
    }

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> CollectionContract? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let unknown = fields.unknownFields(known: ["document", "enabled"])
        guard let document = fields.string("document", required: true) else { return nil }
        if document.isEmpty {
            reader.report(.error, "the contract's document path is empty", at: fields.offset, path: path)
            return nil
        }
        return CollectionContract(document: document, enabled: fields.bool("enabled") ?? true, unknownFields: unknown)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("document", document)
        object.add("enabled", enabled ? nil : false)
        object.append(unknown: unknownFields)
        return object.json
    }
}

/// Which operation of the collection's contract documents a request: its `operationId`, or its
/// method and path template as the document writes them; and whether its responses are checked.
///
/// `"contract": {"operationId": "getPet"}`, `"contract": {"method": "GET", "path": "/pets/{petId}"}`,
/// `"contract": {"enabled": false}` (no check for this request).
package struct RequestContract: Sendable, Equatable {
    package enum Operation: Sendable, Equatable {
        case operationId(String)
        case route(method: String, path: String)
    }

    package var operation: Operation?
    package var enabled: Bool
    package var unknownFields: [StoredJSON.Member]

    package init(operation: Operation?, enabled: Bool = true, unknownFields: [StoredJSON.Member] = []) {
        self.operation = operation
        self.enabled = enabled
        self.unknownFields = unknownFields
    }

    /// "getPet" or "GET /pets/{petId}", as messages name it.
    package var operationName: String? {
        switch operation {
        case .operationId(let id)?: id
        case .route(let method, let path)?: "\(method.uppercased()) \(path)"
        case nil: nil
        }
    }

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> RequestContract? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let unknown = fields.unknownFields(known: ["operationId", "method", "path", "enabled"])
        let enabled = fields.bool("enabled") ?? true
        let operationId = fields.string("operationId")
        let method = fields.string("method")
        let routePath = fields.string("path")
        var operation: Operation?
        if let operationId {
            guard method == nil, routePath == nil else {
                reader.report(
                    .error, "name the operation by \"operationId\" or by \"method\" and \"path\", not both",
                    at: fields.offset, path: path)
                return nil
            }
            operation = .operationId(operationId)
        } else if method != nil || routePath != nil {
            guard let method, let routePath, routePath.hasPrefix("/") else {
                reader.report(
                    .error, "an operation by route needs \"method\" and a \"path\" starting with /",
                    at: fields.offset, path: path)
                return nil
            }
            operation = .route(method: method, path: routePath)
        } else if enabled {
            reader.report(
                .error, "name the operation: \"operationId\", or \"method\" and \"path\" (or \"enabled\": false)",
                at: fields.offset, path: path)
            return nil
        }
        return RequestContract(operation: operation, enabled: enabled, unknownFields: unknown)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        switch operation {
        case .operationId(let id)?: object.add("operationId", id)
        case .route(let method, let path)?:
            object.add("method", method)
            object.add("path", path)
        case nil: break
        }
        object.add("enabled", enabled ? nil : false)
        object.append(unknown: unknownFields)
        return object.json
    }
}

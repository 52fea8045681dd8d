/// Where a collection's (or an environment's) GraphQL schema comes from, for checking its GraphQL
/// requests (issue 28): a file beside the collection — SDL (`.graphql`, `.graphqls`) or the JSON
/// answer of an introspection query — or the endpoint itself, introspected and cached per user.
///
/// `"graphqlSchema": {"file": "schema.graphql"}`, `"graphqlSchema": {"introspect": true}`.
/// An environment's `graphqlSchema` wins over the collection's.
package struct GraphQLSchemaSource: Sendable, Equatable {
    package enum Origin: Sendable, Equatable {
        /// A path relative to the collection file, or absolute.
        case file(String)
        /// An introspection query sent to the request's own URL; its answer is cached.
        case introspect
    }

    package var origin: Origin
    package var unknownFields: [StoredJSON.Member]

    package init(_ origin: Origin, unknownFields: [StoredJSON.Member] = []) {
        self.origin = origin
        self.unknownFields = unknownFields
    }

    /// The file's path, when the schema is a file.
    package var file: String? {
        if case .file(let path) = origin { return path }
        return nil
    }

    /// The schema file's path for a collection file at `collectionFile`: relative paths are
    /// relative to its folder. Nil when the schema is introspected.
    package func filePath(collectionFile: String) -> String? {
        guard let file else { return nil }
        if file.hasPrefix("/") { return file }
        let folder = collectionFile.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        return folder.isEmpty ? file : folder + "/" + file
    }

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> GraphQLSchemaSource? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let unknown = fields.unknownFields(known: ["file", "introspect"])
        let file = fields.string("file")
        let introspect = fields.bool("introspect")
        switch (file, introspect) {
        case (let file?, nil) where !file.isEmpty:
            return GraphQLSchemaSource(.file(file), unknownFields: unknown)
        case (nil, true?):
            return GraphQLSchemaSource(.introspect, unknownFields: unknown)
        default:
            reader.report(
                .error, "a GraphQL schema is {\"file\": \"schema.graphql\"} or {\"introspect\": true}",
                at: fields.offset, path: path)
            return nil
        }
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        switch origin {
        case .file(let path): object.add("file", path)
        case .introspect: object.add("introspect", true)
        }
        object.append(unknown: unknownFields)
        return object.json
    }
}

extension RequestCollection {
    /// The schema source in force for `environment` (by name): the environment's own, else the collection's.
    package func graphqlSchema(environment: String?) -> GraphQLSchemaSource? {
        environments.first { $0.name == environment }?.graphqlSchema ?? graphqlSchema
    }
}

/// One collection file: requests in nested folders, environments, and collection variables.
///
/// The model holds only what belongs in the shared file; UI state (selection, scroll, expanded
/// folders) lives in the per-user state directory. Unknown fields are kept so a file written by
/// a newer Lazer survives being saved by this one.
package struct RequestCollection: Sendable, Equatable {
    /// The only format version this Lazer reads and writes.
    package static let formatVersion = 1
    /// The published schema, written as `$schema` in new files.
    package static let schemaURL = "https://lazer.dev/schema/collection-v1.json"

    package var schema: String?
    /// Stable id; history and secrets are keyed by it, so they survive renaming the file.
    package var id: String
    package var name: String
    package var description: String?
    /// The environment selected when the collection is opened.
    package var defaultEnvironment: String?
    /// The auth its requests inherit when no folder above them sets one.
    package var auth: SavedAuth?
    package var variables: [Variable]
    package var folders: [Folder]
    package var requests: [SavedRequest]
    package var environments: [Environment]
    /// Options every request of the collection starts from (a request's own win, field by field).
    package var options: SavedOptions
    /// Where the collection was imported from, if it was (re-importing updates it).
    package var imported: ImportOrigin?
    /// The OpenAPI document its responses are checked against (issue 27), if any.
    package var contract: CollectionContract?
    /// Where its GraphQL requests' schema comes from (issue 28), unless an environment says.
    package var graphqlSchema: GraphQLSchemaSource?
    /// Scripts that run for every request of the collection, before its folders' and its own.
    package var scripts: SavedScripts?
    package var unknownFields: [StoredJSON.Member]
    /// Where its requests are, to find one by id at once (see `RequestPositions`).
    let positions = RequestPositionsHint()

    package init(
        schema: String? = RequestCollection.schemaURL, id: String = IdentifierGenerator.make(), name: String,
        description: String? = nil, defaultEnvironment: String? = nil, auth: SavedAuth? = nil,
        variables: [Variable] = [],
        folders: [Folder] = [], requests: [SavedRequest] = [], environments: [Environment] = [],
        options: SavedOptions = SavedOptions(), imported: ImportOrigin? = nil, unknownFields: [StoredJSON.Member] = [],
        contract: CollectionContract? = nil, graphqlSchema: GraphQLSchemaSource? = nil, scripts: SavedScripts? = nil
    ) {
        self.schema = schema
        self.id = id
        self.name = name
        self.description = description
        self.defaultEnvironment = defaultEnvironment
        self.auth = auth
        self.variables = variables
        self.folders = folders
        self.requests = requests
        self.environments = environments
        self.options = options
        self.imported = imported
        self.contract = contract
        self.graphqlSchema = graphqlSchema
        self.scripts = scripts
        self.unknownFields = unknownFields
    }

    static let keys = [
        "$schema", "formatVersion", "id", "name", "description", "defaultEnvironment", "auth", "variables", "folders",
        "requests", "environments", "options", "imported", "contract",
        "graphqlSchema",
        "scripts",
    ]

    static func read(_ node: SourceNode, _ reader: DocumentReader) -> RequestCollection? {
        let path = DocumentPath.root
        guard let fields = reader.object(node, at: path) else { return nil }
        let schema = fields.string("$schema")
        guard let version = fields.int("formatVersion", in: 1...Int.max, required: true) else { return nil }
        guard version == formatVersion else {
            reader.report(
                .error, "this file uses format version \(version); this Lazer reads version \(formatVersion)",
                at: fields.node("formatVersion")?.offset ?? fields.offset, path: path.appending("formatVersion"))
            return nil
        }
        let id = fields.string("id")
        if !fields.has("id") {
            reader.report(
                .error, "missing required field \"id\" (a stable id, for example \"\(IdentifierGenerator.make())\")",
                at: fields.offset, path: path)
        }
        let name = fields.string("name", required: true)
        let description = fields.string("description")
        let defaultEnvironment = fields.string("defaultEnvironment")
        let auth = fields.node("auth").flatMap { SavedAuth.read($0, path.appending("auth"), reader) }
        let variables = fields.array("variables") { Variable.read($0, $1, reader) }
        let folders = fields.list("folders") { Folder.read($0, $1, reader) }
        reader.reserveUnique(
            "request id", field: "id", min(fields.node("requests")?.childCount ?? 0, reader.listLimit ?? .max))
        let requests = fields.list("requests") { SavedRequest.read($0, $1, reader) }
        let environments = fields.array("environments") { Environment.read($0, $1, reader) }
        let options = fields.node("options").flatMap { SavedOptions.read($0, path.appending("options"), reader) }
        let imported = fields.node("imported").flatMap { ImportOrigin.read($0, path.appending("imported"), reader) }
        let contract = fields.node("contract").flatMap {
            CollectionContract.read($0, path.appending("contract"), reader)
        }
        let graphqlSchema = fields.node("graphqlSchema").flatMap {
            GraphQLSchemaSource.read($0, path.appending("graphqlSchema"), reader)
        }
        let scripts = fields.node("scripts").flatMap { SavedScripts.read($0, path.appending("scripts"), reader) }
        let unknown = fields.unknownFields(known: keys)
        // Only when every environment was read: a broken one is already reported and may be the one named.
        if let defaultEnvironment, let node = fields.node("defaultEnvironment"),
            case .array(let rawEnvironments)? = fields.node("environments")?.kind ?? .array([]),
            rawEnvironments.count == environments.count,
            !environments.contains(where: { $0.name == defaultEnvironment })
        {
            let names = environments.map(\.name).joined(separator: ", ")
            reader.report(
                .error, "no environment named \"\(defaultEnvironment)\" (environments: \(names))", at: node.offset,
                path: path.appending("defaultEnvironment"))
        }
        guard let id, let name else { return nil }
        return RequestCollection(
            schema: schema, id: id, name: name, description: description, defaultEnvironment: defaultEnvironment,
            auth: auth, variables: variables, folders: folders, requests: requests, environments: environments,
            options: options ?? SavedOptions(), imported: imported, unknownFields: unknown,
            contract: contract, graphqlSchema: graphqlSchema, scripts: scripts)
    }

    /// The collection as the JSON written to its file.
    package var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("$schema", schema)
        object.add("formatVersion", Self.formatVersion)
        object.add("id", id)
        object.add("name", name)
        object.add("description", description)
        object.add("defaultEnvironment", defaultEnvironment)
        object.add("auth", auth?.storedUnlessInherited)
        object.add("variables", list: variables.map(\.stored))
        object.add("folders", list: folders.map(\.stored))
        object.add("requests", list: requests.map(\.stored))
        object.add("environments", list: environments.map(\.stored))
        object.add("options", options.isEmpty ? nil : options.stored)
        object.add("imported", imported?.stored)
        object.add("contract", contract?.stored)
        object.add("graphqlSchema", graphqlSchema?.stored)
        object.add("scripts", scripts.flatMap { $0.isEmpty ? nil : $0.stored })
        object.append(unknown: unknownFields)
        return object.json
    }

    /// The exact bytes `save` writes: pretty, byte-stable, with a trailing newline.
    package func fileText() -> String { stored.prettyPrinted() }
}

/// A named group of requests and further folders.
package struct Folder: Sendable, Equatable {
    package var name: String
    package var description: String?
    /// The auth its requests (and folders) inherit; nil: they inherit from further up.
    package var auth: SavedAuth?
    /// Scripts that run for each of its requests, after the collection's and before theirs.
    package var scripts: SavedScripts?
    package var folders: [Folder]
    package var requests: [SavedRequest]
    package var unknownFields: [StoredJSON.Member]

    package init(
        name: String, description: String? = nil, auth: SavedAuth? = nil, folders: [Folder] = [],
        requests: [SavedRequest] = [], unknownFields: [StoredJSON.Member] = [], scripts: SavedScripts? = nil
    ) {
        self.name = name
        self.description = description
        self.auth = auth
        self.scripts = scripts
        self.folders = folders
        self.requests = requests
        self.unknownFields = unknownFields
    }

    static let keys = ["name", "description", "auth", "scripts", "folders", "requests"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> Folder? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let name = fields.string("name", required: true)
        let description = fields.string("description")
        let auth = fields.node("auth").flatMap { SavedAuth.read($0, path.appending("auth"), reader) }
        let scripts = fields.node("scripts").flatMap { SavedScripts.read($0, path.appending("scripts"), reader) }
        let folders = fields.list("folders") { Folder.read($0, $1, reader) }
        reader.reserveUnique(
            "request id", field: "id", min(fields.node("requests")?.childCount ?? 0, reader.listLimit ?? .max))
        let requests = fields.list("requests") { SavedRequest.read($0, $1, reader) }
        let unknown = fields.unknownFields(known: keys)
        guard let name else { return nil }
        return Folder(
            name: name, description: description, auth: auth, folders: folders, requests: requests,
            unknownFields: unknown, scripts: scripts)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("name", name)
        object.add("description", description)
        object.add("auth", auth?.storedUnlessInherited)
        object.add("scripts", scripts.flatMap { $0.isEmpty ? nil : $0.stored })
        object.add("folders", list: folders.map(\.stored))
        object.add("requests", list: requests.map(\.stored))
        object.append(unknown: unknownFields)
        return object.json
    }
}

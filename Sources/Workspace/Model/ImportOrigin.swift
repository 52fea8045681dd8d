/// Where an imported collection came from, so importing the same document again updates it
/// instead of making a second collection of the same name: the source (a URL, or a file's
/// absolute path) and, per imported request, a digest of the request as imported. A request whose
/// digest still matches was not edited since, and takes the new import whole; an edited one keeps
/// the user's edits (`ImportUpdate` in Interop).
///
/// `"imported": {"from": "https://api.test/openapi.json", "requests": [{"id": "getTask", "digest": "…"}]}`
package struct ImportOrigin: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var id: String
        package var digest: String
        package var unknownFields: [StoredJSON.Member]

        package init(id: String, digest: String, unknownFields: [StoredJSON.Member] = []) {
            self.id = id
            self.digest = digest
            self.unknownFields = unknownFields
        }
    }

    /// The URL or absolute file path the collection was imported from.
    package var from: String
    /// The requests the import made, in the file's order.
    package var requests: [Entry]
    package var unknownFields: [StoredJSON.Member]

    package init(from: String, requests: [Entry] = [], unknownFields: [StoredJSON.Member] = []) {
        self.from = from
        self.requests = requests
        self.unknownFields = unknownFields
    }

    /// The digest recorded for request `id`, if the import made it.
    package func digest(of id: String) -> String? {
        requests.first { $0.id == id }?.digest
    }

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> ImportOrigin? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let unknown = fields.unknownFields(known: ["from", "requests"])
        guard let from = fields.string("from", required: true) else { return nil }
        let requests = fields.array("requests") { node, path -> Entry? in
            guard let entry = reader.object(node, at: path) else { return nil }
            let unknown = entry.unknownFields(known: ["id", "digest"])
            guard let id = entry.string("id", required: true), let digest = entry.string("digest", required: true)
            else { return nil }
            return Entry(id: id, digest: digest, unknownFields: unknown)
        }
        return ImportOrigin(from: from, requests: requests, unknownFields: unknown)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("from", from)
        object.add(
            "requests",
            list: requests.map { entry in
                var member = ObjectBuilder()
                member.add("id", entry.id)
                member.add("digest", entry.digest)
                member.append(unknown: entry.unknownFields)
                return member.json
            })
        object.append(unknown: unknownFields)
        return object.json
    }
}

import Workspace

/// Postman v2.1 collections from Lazer collections: folders, requests (URL, query, path
/// variables, headers, body, auth), collection variables and the chosen environment's variables
/// (`--env`, else the default environment, else the first live one when the default is a mock) as
/// collection variables, with relative URLs joined to a
/// `{{baseUrl}}` variable holding that environment's base URL. Secret values are written only with
/// `--reveal-secrets`; otherwise secret variables are exported empty and secrets elsewhere masked.
public enum PostmanExport {
    public static let schemaURL = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"

    public static func export(_ input: ExportInput) throws(ExportError) -> [UInt8] {
        guard !input.selection.isEmpty else { throw ExportError("no requests selected") }
        let collection = input.document.collection
        let redactor = input.redactor
        // Postman cannot use a mock environment: the default one unless it is a mock, else the first live one.
        let preferred = collection.defaultEnvironment.flatMap { collection.environment(named: $0) }
        let environment =
            input.environment ?? (preferred?.kind == .live ? preferred : nil)
            ?? collection.environments.first { $0.kind == .live } ?? preferred
        let writer = PostmanItemWriter(redactor: redactor, hasBaseURL: environment != nil)
        let root = PostmanTreeNode()
        for location in input.selection {
            root.insert(location.request, at: location.folderPath[...])
        }
        let items = writer.items(root, folders: collection.folders)
        var info = [
            StoredJSON.Member("_postman_id", .string(collection.id)),
            StoredJSON.Member("name", .string(collection.name)),
        ]
        if let description = collection.description {
            info.append(StoredJSON.Member("description", .string(description)))
        }
        info.append(StoredJSON.Member("schema", .string(schemaURL)))
        var variables: [StoredJSON] = []
        func add(_ variable: Variable) {
            let value = variable.secret && !input.revealSecrets ? "" : variable.value
            var members = [
                StoredJSON.Member("key", .string(variable.name)), StoredJSON.Member("value", .string(value)),
                StoredJSON.Member("type", .string(variable.secret ? "secret" : "string")),
            ]
            if let description = variable.description {
                members.append(StoredJSON.Member("description", .string(description)))
            }
            variables.append(.object(members))
        }
        collection.variables.forEach(add)
        if let environment {
            add(
                Variable(
                    name: "baseUrl", value: environment.baseURL,
                    description: "base URL of the \(environment.name) environment"))
            environment.variables.forEach(add)
        }
        var members = [StoredJSON.Member("info", .object(info)), StoredJSON.Member("item", .array(items))]
        if !variables.isEmpty { members.append(StoredJSON.Member("variable", .array(variables))) }
        return Array(StoredJSON.object(members).prettyPrinted().utf8)
    }
}

/// The selected requests regrouped under their folders, in collection order.
final class PostmanTreeNode {
    var folders: [(name: String, node: PostmanTreeNode)] = []
    var requests: [SavedRequest] = []

    func insert(_ request: SavedRequest, at path: ArraySlice<String>) {
        guard let first = path.first else {
            requests.append(request)
            return
        }
        if let index = folders.firstIndex(where: { $0.name == first }) {
            folders[index].node.insert(request, at: path.dropFirst())
        } else {
            let node = PostmanTreeNode()
            node.insert(request, at: path.dropFirst())
            folders.append((first, node))
        }
    }
}

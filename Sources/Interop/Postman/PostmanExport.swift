import Foundation
import Workspace

/// Postman v2.1 collections from Lazer collections: folders, requests (URL, query, path
/// variables, headers, body, auth, redirect and TLS options), expectations and captures as a
/// `test` script (`PostmanTestScript`), and collection variables.
///
/// Environments, two ways. By default the chosen environment (`--env`, else the default
/// environment, else the first live one when the default is a mock) is folded into the collection
/// variables, with relative URLs joined to a `{{baseUrl}}` variable holding its base URL. With
/// `ExportInput.environmentFiles` each environment (`--env`: that one; else every live one)
/// becomes a Postman environment file of its own (`NAME.postman_environment.json` in
/// `ExportOutput.files`) holding `baseUrl` and its variables, and the collection keeps only its
/// own variables. Secret values are written only with `--reveal-secrets`; otherwise secret
/// variables are exported empty (type `secret`) and secrets elsewhere masked. What Postman
/// cannot express is listed in `ExportOutput.report`.
package enum PostmanExport {
    package static let schemaURL = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"

    /// The collection's bytes only.
    package static func export(_ input: ExportInput) throws(ExportError) -> [UInt8] {
        try output(input).bytes
    }

    package static func output(_ input: ExportInput) throws(ExportError) -> ExportOutput {
        guard !input.selection.isEmpty else { throw ExportError("no requests selected") }
        let collection = input.document.collection
        var report = ExportReport()
        let exported = environments(input, report: &report)
        let writer = PostmanItemWriter(
            redactor: input.redactor, hasBaseURL: !exported.isEmpty,
            folder: (input.document.path as NSString).deletingLastPathComponent)
        let root = PostmanTreeNode()
        for location in input.selection {
            root.insert(location.request, at: location.folderPath[...])
        }
        let items = writer.items(root, folders: collection.folders, report: &report)
        var info = [
            StoredJSON.Member("_postman_id", .string(collection.id)),
            StoredJSON.Member("name", .string(collection.name)),
        ]
        if let description = collection.description {
            info.append(StoredJSON.Member("description", .string(description)))
        }
        info.append(StoredJSON.Member("schema", .string(schemaURL)))
        var variables = collection.variables.map { variable(input, $0) }
        var files: [ExportOutput.File] = []
        if input.environmentFiles {
            var taken: Set<String> = []
            for environment in exported {
                let name = PostmanEnvironmentWriter.fileName(for: environment.name, taken: &taken)
                files.append(ExportOutput.File(name: name, bytes: PostmanEnvironmentWriter.file(environment, input)))
            }
        } else if let environment = exported.first {
            // As in an environment file: `baseUrl` unless the environment has a variable of that name
            // (one imported from Postman, its base URL `{{baseUrl}}`: written twice, the second a loop).
            if !environment.baseURL.isEmpty, !environment.variables.contains(where: { $0.name == "baseUrl" }) {
                variables.append(variable(input, baseURLVariable(environment)))
            }
            variables += environment.variables.map { variable(input, $0) }
        }
        var members = [StoredJSON.Member("info", .object(info)), StoredJSON.Member("item", .array(items))]
        if let saved = collection.auth, let auth = writer.auth(saved, place: "collection", report: &report) {
            members.append(StoredJSON.Member("auth", auth))
        }
        if !variables.isEmpty { members.append(StoredJSON.Member("variable", .array(variables))) }
        let events = PostmanItemWriter.events(
            preRequest: collection.scripts?.preRequest, test: collection.scripts?.test.map { [$0] } ?? [])
        if !events.isEmpty { members.append(StoredJSON.Member("event", .array(events))) }
        return ExportOutput(bytes: Array(StoredJSON.object(members).prettyPrinted().utf8), files: files, report: report)
    }

    /// The environments the export carries, reporting the ones it leaves out.
    private static func environments(_ input: ExportInput, report: inout ExportReport) -> [Environment] {
        let collection = input.document.collection
        var chosen: [Environment]
        if input.environmentFiles {
            chosen = input.environment.map { [$0] } ?? collection.environments.filter { $0.kind == .live }
        } else {
            // Postman cannot use a mock environment: the default one unless it is a mock, else the first live one.
            let preferred = collection.defaultEnvironment.flatMap { collection.environment(named: $0) }
            let environment =
                input.environment ?? (preferred?.kind == .live ? preferred : nil)
                ?? collection.environments.first { $0.kind == .live } ?? preferred
            chosen = environment.map { [$0] } ?? []
        }
        for environment in collection.environments where !chosen.contains(where: { $0.name == environment.name }) {
            let why =
                environment.kind == .mock
                ? "mock environment (Postman does not serve Lazer's mock routes)"
                : input.environmentFiles
                    ? "environment (not the one --env names)"
                    : "environment (--environments DIR writes each as a Postman environment)"
            report.add(why, at: "environment \(environment.name)")
        }
        for environment in chosen where !environment.routes.isEmpty {
            report.add(
                "\(environment.routes.count) mock route\(environment.routes.count == 1 ? "" : "s")",
                at: "environment \(environment.name)")
        }
        return chosen
    }

    /// `baseUrl`, holding an environment's base URL: relative request URLs are joined to it.
    static func baseURLVariable(_ environment: Environment) -> Variable {
        Variable(
            name: "baseUrl", value: environment.baseURL, description: "base URL of the \(environment.name) environment")
    }

    private static func variable(_ input: ExportInput, _ variable: Variable) -> StoredJSON {
        let value = variable.secret && !input.revealSecrets ? "" : variable.value
        var members = [
            StoredJSON.Member("key", .string(variable.name)), StoredJSON.Member("value", .string(value)),
            StoredJSON.Member("type", .string(variable.secret ? "secret" : "string")),
        ]
        if let description = variable.description {
            members.append(StoredJSON.Member("description", .string(description)))
        }
        return .object(members)
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

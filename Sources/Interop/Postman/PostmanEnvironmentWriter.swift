import Workspace

/// A Lazer environment as a Postman environment file (`NAME.postman_environment.json`):
/// `baseUrl` (its base URL, unless a variable of that name exists) and its variables, secret ones
/// typed `secret` and empty unless `--reveal-secrets`. `PostmanEnvironmentReader` reads it back.
enum PostmanEnvironmentWriter {
    static func file(_ environment: Environment, _ input: ExportInput) -> [UInt8] {
        var variables = environment.variables
        if !environment.baseURL.isEmpty, !variables.contains(where: { $0.name == "baseUrl" }) {
            variables.insert(PostmanExport.baseURLVariable(environment), at: 0)
        }
        let redactor = input.redactor
        let values: [StoredJSON] = variables.map { variable in
            let value = variable.secret ? (input.revealSecrets ? variable.value : "") : redactor.redact(variable.value)
            var members = [
                StoredJSON.Member("key", .string(variable.name)), StoredJSON.Member("value", .string(value)),
                StoredJSON.Member("type", .string(variable.secret ? "secret" : "default")),
                StoredJSON.Member("enabled", .bool(true)),
            ]
            if let description = variable.description {
                members.append(StoredJSON.Member("description", .string(description)))
            }
            return .object(members)
        }
        let id = StableID.make(input.document.collection.id, "environment", environment.name)
        let root = StoredJSON.object([
            StoredJSON.Member("id", .string(id)), StoredJSON.Member("name", .string(environment.name)),
            StoredJSON.Member("values", .array(values)),
            StoredJSON.Member("_postman_variable_scope", .string("environment")),
        ])
        return Array(root.prettyPrinted().utf8)
    }

    /// `NAME.postman_environment.json`, with every character a file name should not hold (a path
    /// separator, a control, a leading dot) replaced by `_`, and a number added when two
    /// environments would share a name.
    static func fileName(for name: String, taken: inout Set<String>) -> String {
        var base = String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { scalar in
                    let bad =
                        scalar.value < 0x20 || scalar.value == 0x7F || "/\\:*?\"<>|".unicodeScalars.contains(scalar)
                    return bad ? "_" : scalar
                }))
        if base.hasPrefix(".") { base = "_" + base.dropFirst() }
        if base.isEmpty { base = "environment" }
        var candidate = base
        var number = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(base) \(number)"
            number += 1
        }
        taken.insert(candidate.lowercased())
        return candidate + ".postman_environment.json"
    }
}

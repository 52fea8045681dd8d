/// The contents of the secrets file: values by collection id, environment and variable name.
package struct SecretValues: Sendable, Equatable {
    /// Collection-level secrets are kept under this environment key.
    static let collectionScope = ""

    private var values: [String: [String: [String: String]]] = [:]

    package init() {}

    package func value(collection: String, environment: String?, name: String) -> String? {
        values[collection]?[environment ?? Self.collectionScope]?[name]
    }

    package mutating func set(_ value: String?, collection: String, environment: String?, name: String) {
        let scope = environment ?? Self.collectionScope
        values[collection, default: [:]][scope, default: [:]][name] = value
        // A value removed leaves no empty environment or collection behind in the file.
        if values[collection]?[scope]?.isEmpty == true { values[collection]?[scope] = nil }
        if values[collection]?.isEmpty == true { values[collection] = nil }
    }

    /// Fills the values of `collection`'s secret variables: the process environment
    /// (`LAZER_VAR_<name>`) wins over the secrets file, so CI can inject them.
    package func apply(to collection: inout RequestCollection, processEnvironment: [String: String] = [:]) {
        func fill(_ variables: inout [Variable], environment: String?) {
            for index in variables.indices where variables[index].secret {
                let name = variables[index].name
                if let value = processEnvironment[ProcessVariables.prefix + name]
                    ?? value(
                        collection: collection.id, environment: environment, name: name)
                {
                    variables[index].value = value
                }
            }
        }
        fill(&collection.variables, environment: nil)
        for index in collection.environments.indices {
            fill(&collection.environments[index].variables, environment: collection.environments[index].name)
        }
    }

    init(stored: StoredJSON) {
        guard case .object(let collections)? = stored["collections"] else { return }
        for entry in collections {
            if case .object(let variables)? = entry.value["variables"] {
                for variable in variables {
                    if let text = variable.value.stringValue {
                        set(text, collection: entry.key, environment: nil, name: variable.key)
                    }
                }
            }
            guard case .object(let environments)? = entry.value["environments"] else { continue }
            for environment in environments {
                guard case .object(let variables) = environment.value else { continue }
                for variable in variables {
                    if let text = variable.value.stringValue {
                        set(text, collection: entry.key, environment: environment.key, name: variable.key)
                    }
                }
            }
        }
    }

    var stored: StoredJSON {
        func names(_ map: [String: String]) -> StoredJSON {
            .object(map.keys.sorted().compactMap { key in map[key].map { StoredJSON.Member(key, .string($0)) } })
        }
        let collections = values.keys.sorted().map { id in
            let scopes = values[id] ?? [:]
            var object = ObjectBuilder()
            if let shared = scopes[Self.collectionScope], !shared.isEmpty { object.add("variables", names(shared)) }
            let environments = scopes.keys.filter { $0 != Self.collectionScope }.sorted()
            if !environments.isEmpty {
                object.add(
                    "environments",
                    .object(environments.map { StoredJSON.Member($0, names(scopes[$0] ?? [:])) }))
            }
            return StoredJSON.Member(id, object.json)
        }
        return .object([
            StoredJSON.Member("formatVersion", .integer(1)), StoredJSON.Member("collections", .object(collections)),
        ])
    }

    /// Every stored value, for redaction.
    package var allValues: [String] {
        values.values.flatMap { $0.values.flatMap(\.values) }
    }
}

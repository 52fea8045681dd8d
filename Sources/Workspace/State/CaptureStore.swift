import Foundation
import RegularFiles
package import StateStore

/// Captured values kept between runs, per collection and environment (as Postman keeps
/// `pm.environment.set` values): switching from `local` to `staging` never sends local's token
/// to staging. Plain values are in the state store's `captures` table; a secret one is only
/// named there, its value in the secrets file (under the collection id + `#captures`, an entry
/// no collection variable reads).
package struct CaptureStore: Sendable {
    package let database: StateDatabase
    package let secrets: SecretStore

    package init(database: StateDatabase, secrets: SecretStore) {
        self.database = database
        self.secrets = secrets
    }

    static func secretsKey(_ collectionID: String) -> String { collectionID + "#captures" }

    /// The values captured for `collectionID` in `environment` (nil: the collection has none).
    package func load(collectionID: String, environment: String?) throws(StateStoreError) -> [String: VariableScope
        .Value]
    {
        let stored = try database.captures(collectionID: collectionID, environment: environment ?? "")
        guard !stored.isEmpty else { return [:] }
        let secretValues = stored.contains(where: \.secret) ? ((try? secrets.load()) ?? SecretValues()) : SecretValues()
        var values: [String: VariableScope.Value] = [:]
        for capture in stored {
            if capture.secret {
                let text = secretValues.value(
                    collection: Self.secretsKey(collectionID), environment: environment, name: capture.name)
                if let text { values[capture.name] = VariableScope.Value(text, secret: true) }
            } else if let text = capture.value {
                values[capture.name] = VariableScope.Value(text)
            }
        }
        return values
    }

    /// Keeps `values` (secret ones' values in the secrets file first, then every name in the store).
    package func store(
        _ values: [String: VariableScope.Value], collectionID: String, environment: String?
    ) throws(StateStoreError) {
        let secretOnes = values.filter(\.value.secret)
        if !secretOnes.isEmpty {
            do throws(FileSystemError) {
                var stored = try secrets.load()
                for (name, value) in secretOnes {
                    stored.set(
                        value.text, collection: Self.secretsKey(collectionID), environment: environment, name: name)
                }
                try secrets.save(stored)
            } catch {
                throw StateStoreError(
                    kind: .other, path: error.path, reason: "could not \(error.operation) (\(error.reason))")
            }
        }
        let rows = values.keys.sorted().map { name in
            StoredCapture(name: name, value: values[name]?.text, secret: values[name]?.secret ?? false)
        }
        try database.storeCaptures(
            rows, collectionID: collectionID, environment: environment ?? "", now: Date().timeIntervalSince1970)
    }

    /// Forgets captured values (all of the environment's when `names` is nil), secret ones too.
    package func clear(collectionID: String, environment: String?, names: [String]? = nil) throws(StateStoreError) {
        let stored = try database.captures(collectionID: collectionID, environment: environment ?? "")
        let secretNames = stored.filter { $0.secret && (names?.contains($0.name) ?? true) }.map(\.name)
        if !secretNames.isEmpty, var values = try? secrets.load() {
            for name in secretNames {
                values.set(nil, collection: Self.secretsKey(collectionID), environment: environment, name: name)
            }
            try? secrets.save(values)
        }
        try database.clearCaptures(collectionID: collectionID, environment: environment ?? "", names: names)
    }
}

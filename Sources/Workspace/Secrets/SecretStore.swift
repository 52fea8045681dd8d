import Foundation
import Glibc
package import RegularFiles

/// The per-user secrets file, `$XDG_CONFIG_HOME/lazer/secrets.json` (mode 0600, folder 0700).
///
/// Values are keyed by collection id, then by environment (or collection-level), then by name:
/// `{"formatVersion": 1, "collections": {"<id>": {"variables": {…}, "environments": {"live": {…}}}}}`.
package struct SecretStore: Sendable {
    package var path: String

    package init(path: String) {
        self.path = path
    }

    package init(directories: UserDirectories) {
        path = directories.config + "/secrets.json"
    }

    /// All stored values (empty when the file does not exist yet).
    package func load() throws(FileSystemError) -> SecretValues {
        guard let bytes = try AtomicFile.read(path) else { return SecretValues() }
        // Tighten a file someone made readable by others, before reading secrets from it.
        chmod(path, 0o600)
        guard let root = try? SourceNode.parse(bytes).stored else {
            throw FileSystemError(operation: "read", path: path, reason: "not valid JSON")
        }
        return SecretValues(stored: root)
    }

    /// Writes all values atomically with mode 0600 (no backup copy: that would be one more file holding secrets).
    package func save(_ values: SecretValues) throws(FileSystemError) {
        try AtomicFile.writePrivate(Array(values.stored.prettyPrinted().utf8), to: path)
    }

    /// Copies the in-memory values of `collection`'s secret variables into the file (empty values are not stored).
    /// The values of secrets `saved` (the collection as last saved) had and `collection` no longer has
    /// — an environment renamed or deleted, a variable deleted or no longer secret — leave the file:
    /// a rename moves them (the renamed environment's values are in memory), a deletion removes them.
    package func store(secretsOf collection: RequestCollection, saved: RequestCollection? = nil)
        throws(FileSystemError)
    {
        var values = try load()
        let before = values
        if let saved {
            for (environment, name) in Self.secretNames(saved)
            where !Self.secretNames(collection).contains(
                where: { $0 == (environment, name) })
            {
                values.set(nil, collection: collection.id, environment: environment, name: name)
            }
        }
        for variable in collection.variables where variable.secret && !variable.value.isEmpty {
            values.set(variable.value, collection: collection.id, environment: nil, name: variable.name)
        }
        for environment in collection.environments {
            for variable in environment.variables where variable.secret && !variable.value.isEmpty {
                values.set(
                    variable.value, collection: collection.id, environment: environment.name, name: variable.name)
            }
        }
        if values != before { try save(values) }
    }

    /// Every secret variable of `collection`: its environment (nil: the collection's) and name.
    private static func secretNames(_ collection: RequestCollection) -> [(String?, String)] {
        collection.variables.filter(\.secret).map { (nil, $0.name) }
            + collection.environments.flatMap { environment in
                environment.variables.filter(\.secret).map { (environment.name, $0.name) }
            }
    }
}

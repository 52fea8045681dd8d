import Foundation
package import RegularFiles

/// A folder of collections (`Collections/` by default): every `*.json` file in it, each loaded
/// on its own so one broken file never hides the others.
package struct WorkspaceFolder: Sendable {
    package var path: String
    /// In file-name order.
    package var entries: [CollectionEntry]

    /// Loads every collection file directly inside `path` (`isCollectionFileName`; subfolders
    /// such as `mocks/` are not collections).
    package static func open(_ path: String) throws(FileSystemError) -> WorkspaceFolder {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw FileSystemError(operation: "list", path: path, reason: "no such folder, or not readable")
        }
        let files = names.filter(isCollectionFileName).sorted()
        let entries = files.map { CollectionStore.load(path: (path as NSString).appendingPathComponent($0)) }
        return WorkspaceFolder(path: path, entries: entries)
    }

    /// A file a folder of collections reads as one: `*.json`, not hidden, and not another tool's
    /// file named as such (`*.postman_collection.json`, `*.postman_environment.json`: an export
    /// written beside its collection was shown as a broken one).
    package static func isCollectionFileName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".json") && !name.hasPrefix(".")
            && !["postman_collection.json", "postman_environment.json", "postman_globals.json"].contains {
                lowered.hasSuffix("." + $0)
            }
    }

    package var documents: [CollectionDocument] { entries.compactMap(\.document) }

    /// The loaded collection with `id`, if any.
    package func document(collectionID id: String) -> CollectionDocument? {
        documents.first { $0.collection.id == id }
    }
}

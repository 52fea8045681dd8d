import Foundation
import RegularFiles
package import Workspace

/// Loads the collections a run names — files, or folders of them (every `*.json` directly
/// inside) — as the explorer does, with secret values filled from the secrets file and the
/// process environment. A broken file is a collection error: its diagnostics are kept, with
/// line and column, and the run does not start.
package enum RunLoader {
    package struct Loaded: Sendable {
        package var documents: [CollectionDocument]
        /// Every problem found, errors and warnings, as `lazer validate` prints them.
        package var diagnostics: [Diagnostic]
        /// Files that could not be loaded, or paths that do not exist.
        package var failures: [String]
    }

    /// `read` sees each named file's bytes before they are parsed (not the files of a folder).
    package static func load(
        _ paths: [String], services: WorkspaceServices, read: (([UInt8]) -> Void)? = nil
    ) -> Loaded {
        var loaded = Loaded(documents: [], diagnostics: [], failures: [])
        var entries: [CollectionEntry] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                loaded.failures.append(
                    "\(path): \(RegularFile.notFoundReason(path, "no such collection file or folder"))")
                continue
            }
            if isFolder.boolValue {
                do {
                    entries += try services.open(folder: path).entries
                } catch {
                    loaded.failures.append("\(path): \(error.description)")
                }
                continue
            }
            var entry = CollectionStore.load(path: path, read: read)
            if case .loaded(var document) = entry {
                do {
                    document.fillSecrets(
                        from: try services.secrets.load(), processEnvironment: services.processEnvironment)
                } catch {
                    document.diagnostics.append(
                        Diagnostic(
                            severity: .warning, file: services.secrets.path, line: 1, column: 1, path: "",
                            message: "secrets not loaded: \(error.description)"))
                }
                entry = .loaded(document)
            }
            entries.append(entry)
        }
        // Captured values, history and mock dispatchers are kept per collection id: two files with
        // one id (a copy: cp a.json b.json) would share them, so the second is refused, as the
        // explorer lists it broken.
        // The same file named twice (`Collections Collections/a.json`, `./a.json a.json`) runs once.
        var pathsByID: [String: (shown: String, resolved: String)] = [:]
        for entry in entries {
            if let document = entry.document {
                let id = document.collection.id
                let resolved = URL(fileURLWithPath: document.path).standardizedFileURL.resolvingSymlinksInPath().path
                if let first = pathsByID[id] {
                    guard first.resolved != resolved else { continue }
                    loaded.diagnostics += entry.diagnostics
                    loaded.failures.append(
                        "\(document.path): the collection id \"\(id)\" is already used by \(first.shown) (a copy? give it its own id)"
                    )
                    continue
                }
                loaded.diagnostics += entry.diagnostics
                pathsByID[id] = (document.path, resolved)
                loaded.documents.append(document)
            } else {
                loaded.diagnostics += entry.diagnostics
                loaded.failures.append("\(entry.path): not loaded")
            }
        }
        if loaded.documents.isEmpty, loaded.failures.isEmpty {
            loaded.failures.append("no collection files found in \(paths.joined(separator: ", "))")
        }
        return loaded
    }
}

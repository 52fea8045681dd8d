import Foundation
package import RegularFiles

/// Per-user UI state per collection, in `$XDG_STATE_HOME/lazer/ui/<collection id>.json`. Keyed
/// by the collection's id, so it follows a renamed file. A missing or damaged file is an empty state.
package struct UIStateStore: Sendable {
    package var folder: String

    package init(folder: String) {
        self.folder = folder
    }

    package init(directories: UserDirectories) {
        folder = directories.state + "/ui"
    }

    package func path(collectionID: String) -> String {
        folder + "/" + PercentEncoding.encodeSegment(collectionID) + ".json"
    }

    package func load(collectionID: String) -> UIState {
        guard let bytes = try? AtomicFile.read(path(collectionID: collectionID)),
            let root = try? SourceNode.parse(bytes)
        else { return UIState() }
        return UIState(stored: root.stored)
    }

    package func save(_ state: UIState, collectionID: String) throws(FileSystemError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FileSystemError(operation: "create", path: folder, reason: error.localizedDescription)
        }
        try AtomicFile.write(
            Array(state.stored.prettyPrinted().utf8), to: path(collectionID: collectionID), permissions: 0o600,
            keepBackup: false)
    }
}

import Foundation

/// Per-user UI state per collection, in `$XDG_STATE_HOME/lazer/ui/<collection id>.json`. Keyed
/// by the collection's id, so it follows a renamed file. A missing or damaged file is an empty state.
public struct UIStateStore: Sendable {
    public var folder: String

    public init(folder: String) {
        self.folder = folder
    }

    public init(directories: UserDirectories) {
        folder = directories.state + "/ui"
    }

    public func path(collectionID: String) -> String {
        folder + "/" + PercentEncoding.encodeSegment(collectionID) + ".json"
    }

    public func load(collectionID: String) -> UIState {
        guard let bytes = try? AtomicFile.read(path(collectionID: collectionID)),
            let root = try? SourceNode.parse(bytes)
        else { return UIState() }
        return UIState(stored: root.stored)
    }

    public func save(_ state: UIState, collectionID: String) throws(FileSystemError) {
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

import Foundation
package import StateStore

/// Per-user UI state per collection, in the state store's `session` table (earlier versions kept
/// `$XDG_STATE_HOME/lazer/ui/<collection id>.json`, still read when the store has nothing). Keyed
/// by the collection's id, so it follows a renamed file. Missing or damaged state is empty.
package struct UIStateStore: Sendable {
    package let database: StateDatabase
    /// The folder of the older per-collection files.
    package var legacyFolder: String

    package init(database: StateDatabase, legacyFolder: String) {
        self.database = database
        self.legacyFolder = legacyFolder
    }

    package init(directories: UserDirectories) {
        self.init(database: StateFiles.database(directories: directories), legacyFolder: directories.state + "/ui")
    }

    package func load(collectionID: String) -> UIState {
        let text =
            (try? database.sessionState(collectionID: collectionID))
            ?? (try? AtomicFile.read(legacyFolder + "/" + PercentEncoding.encodeSegment(collectionID) + ".json"))
            .map { String(decoding: $0, as: UTF8.self) }
        guard let text, let root = try? SourceNode.parse(Array(text.utf8)) else { return UIState() }
        return UIState(stored: root.stored)
    }

    package func save(_ state: UIState, collectionID: String) throws(StateStoreError) {
        try database.storeSessionState(state.stored.compact(), collectionID: collectionID)
    }
}

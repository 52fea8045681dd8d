import Foundation
package import StateStore

/// Where the state store lives, and what it imports when first opened.
package enum StateFiles {
    /// `$XDG_STATE_HOME/lazer/state.sqlite`; on first open in a process it imports the history
    /// JSON Lines files (`history/*.jsonl`) and `drafts.json` that earlier versions wrote, once
    /// (the store notes each file it imported; the files are left as they are).
    package static func database(
        directories: UserDirectories, legacyHistoryFolder: String? = nil, maximumPageCount: Int? = nil
    ) -> StateDatabase {
        let historyFolder = legacyHistoryFolder ?? directories.state + "/history"
        let draftsFile = directories.state + "/drafts.json"
        return StateDatabase(path: directories.state + "/state.sqlite", maximumPageCount: maximumPageCount) {
            database in
            LegacyStateImport.importHistory(from: historyFolder, into: database)
            LegacyStateImport.importDrafts(from: draftsFile, into: database)
        }
    }
}

import Foundation
package import StateStore

/// Per-collection history in the state store (`$XDG_STATE_HOME/lazer/state.sqlite`, table
/// `history`), keyed by the collection's stable id, so renaming or moving the collection file
/// keeps its history. Each exchange is one row written in one transaction (a run's, queued on a
/// `HistoryBatchWriter`, a batch of rows in one): several explorers and `lazer run`s append at
/// once without losing an entry, and a full disk leaves no partial entry.
/// Retention (newest 500, 90 days, 5 MB per collection by default) is `retention`; see
/// `HistoryRetention.init(processEnvironment:)` for the settings.
package struct HistoryStore: Sendable {
    package let database: StateDatabase
    package var retention: HistoryRetention
    /// Bodies longer than this are cut and marked `truncated`.
    package var maximumBodyBytes: Int

    package init(
        database: StateDatabase, retention: HistoryRetention = HistoryRetention(), maximumBodyBytes: Int = 65_536
    ) {
        self.database = database
        self.retention = retention
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// A store in `folder` (its `state.sqlite`), importing the JSON Lines files found there.
    package init(
        folder: String, maximumEntries: Int = 500, maximumBytes: Int = 5_000_000, maximumBodyBytes: Int = 65_536
    ) {
        let directories = UserDirectories(config: folder, state: folder)
        self.init(
            database: StateFiles.database(directories: directories, legacyHistoryFolder: folder),
            retention: HistoryRetention(maximumEntries: maximumEntries, maximumAge: nil, maximumBytes: maximumBytes),
            maximumBodyBytes: maximumBodyBytes)
    }

    package init(directories: UserDirectories, processEnvironment: [String: String] = [:]) {
        self.init(
            database: StateFiles.database(directories: directories),
            retention: HistoryRetention(processEnvironment: processEnvironment))
    }

    /// Records an exchange. `redactor` masks secrets (again: defence in depth for entries built by hand).
    package func append(_ entry: HistoryEntry, collectionID: String, redactor: Redactor) throws(StateStoreError) {
        try database.appendHistory(
            entry.redacted(with: redactor).record(collectionID: collectionID), retention: retention)
    }

    /// The same, queued on `writer` (written in the background, in batches; see `batchWriter`).
    package func append(
        _ entry: HistoryEntry, collectionID: String, redactor: Redactor, to writer: HistoryBatchWriter
    ) {
        writer.append(entry.redacted(with: redactor).record(collectionID: collectionID))
    }

    /// A writer that records exchanges in the background and in batches, with this store's
    /// retention: for a run's many exchanges (`finish` it before the run ends).
    package func batchWriter() -> HistoryBatchWriter {
        HistoryBatchWriter(database: database, retention: retention)
    }

    /// Builds the stored body for `bytes`, truncated to `maximumBodyBytes` and redacted.
    package func body(_ bytes: [UInt8], redactor: Redactor) -> HistoryBody {
        HistoryBody(bytes: bytes, limit: maximumBodyBytes, redactor: redactor)
    }

    /// The entries of a collection (of one request when `requestID` is given), oldest first.
    package func entries(collectionID: String, requestID: String? = nil) throws(StateStoreError) -> [HistoryEntry] {
        try database.history(collectionID: collectionID, requestID: requestID).compactMap(HistoryEntry.init(json:))
    }

    /// Entries holding every word of `query` (name, method, URL, status, headers, bodies; each
    /// word a prefix), newest first: the history browser's search.
    package func search(
        _ query: String, collectionID: String? = nil, limit: Int = 200
    ) throws(StateStoreError) -> [(collectionID: String, entry: HistoryEntry)] {
        try database.searchHistory(query, collectionID: collectionID, limit: limit).compactMap { match in
            HistoryEntry(json: match.json).map { (match.collectionID, $0) }
        }
    }

    package func clear(collectionID: String) throws(StateStoreError) {
        try database.clearHistory(collectionID: collectionID)
    }
}

extension HistoryRetention {
    /// The limits from the process environment: `LAZER_HISTORY_MAX_ENTRIES` (per collection,
    /// default 500), `LAZER_HISTORY_MAX_DAYS` (default 90; 0 keeps entries of any age) and
    /// `LAZER_HISTORY_MAX_BYTES` (per collection, default 5,000,000). A value that is not a
    /// whole number is ignored.
    package init(processEnvironment: [String: String]) {
        let defaults = HistoryRetention()
        func number(_ name: String) -> Int? {
            processEnvironment[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap {
                $0 >= 0 ? $0 : nil
            }
        }
        let days = number("LAZER_HISTORY_MAX_DAYS")
        self.init(
            maximumEntries: number("LAZER_HISTORY_MAX_ENTRIES") ?? defaults.maximumEntries,
            maximumAge: days.map { $0 == 0 ? nil : Double($0) * 86_400 } ?? defaults.maximumAge,
            maximumBytes: number("LAZER_HISTORY_MAX_BYTES") ?? defaults.maximumBytes)
    }
}

extension HistoryEntry {
    /// The row for the store: the entry as JSON and what search indexes.
    func record(collectionID: String) -> HistoryRecord {
        let headers = (requestHeaders + responseHeaders).map { $0.name + ": " + $0.value }.joined(separator: "\n")
        let bodies = [requestBody, responseBody].compactMap { $0?.encoding == .utf8 ? $0?.text : nil }
        return HistoryRecord(
            id: id, collectionID: collectionID, requestID: requestID, time: date.timeIntervalSince1970,
            json: stored.compact(),
            search: HistorySearchText(
                requestName: requestName ?? "", method: method, url: url,
                status: status.map(String.init) ?? error ?? "",
                headers: headers, body: bodies.joined(separator: "\n")))
    }

    /// An entry from its stored JSON (a history row, or a line of the older JSON Lines files).
    init?(json: String) {
        guard let node = try? SourceNode.parse(Array(json.utf8)) else { return nil }
        self.init(stored: node.stored)
    }
}

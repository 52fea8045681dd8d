import Foundation
import GRDB

/// One history entry as the store keeps it: the entry's JSON (Workspace's `HistoryEntry` shape)
/// and the columns lists, retention and search work on.
package struct HistoryRecord: Sendable, Equatable {
    package var id: String
    package var collectionID: String
    package var requestID: String?
    /// Seconds since 1970.
    package var time: Double
    package var json: String
    package var search: HistorySearchText

    package init(
        id: String, collectionID: String, requestID: String?, time: Double, json: String, search: HistorySearchText
    ) {
        self.id = id
        self.collectionID = collectionID
        self.requestID = requestID
        self.time = time
        self.json = json
        self.search = search
    }
}

/// What full-text search indexes of an entry (already redacted).
package struct HistorySearchText: Sendable, Equatable {
    package var requestName: String
    package var method: String
    package var url: String
    package var status: String
    package var headers: String
    package var body: String

    package init(
        requestName: String = "", method: String = "", url: String = "", status: String = "", headers: String = "",
        body: String = ""
    ) {
        self.requestName = requestName
        self.method = method
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// How much history each collection keeps: the newest `maximumEntries`, no older than
/// `maximumAge` seconds, at most `maximumBytes` of entries (the newest entry always stays).
package struct HistoryRetention: Sendable, Equatable {
    package var maximumEntries: Int
    package var maximumAge: Double?
    package var maximumBytes: Int

    package init(maximumEntries: Int = 500, maximumAge: Double? = 90 * 86_400, maximumBytes: Int = 5_000_000) {
        self.maximumEntries = max(1, maximumEntries)
        self.maximumAge = maximumAge
        self.maximumBytes = maximumBytes
    }
}

/// A search hit: the entry's collection and JSON, newest first.
package struct HistoryMatch: Sendable, Equatable {
    package var collectionID: String
    package var json: String
}

extension StateDatabase {
    /// Appends `record` and applies `retention` to its collection, in one transaction.
    package func appendHistory(_ record: HistoryRecord, retention: HistoryRetention) throws(StateStoreError) {
        try appendHistory([record], retention: retention)
    }

    /// Appends `records` in order, each followed by `retention` as if appended alone, in one
    /// transaction: one commit and one set of pages written for the lot (a `lazer run` records its
    /// exchanges so, `HistoryBatchWriter`).
    package func appendHistory(_ records: [HistoryRecord], retention: HistoryRetention) throws(StateStoreError) {
        guard !records.isEmpty else { return }
        try write { db in
            for record in records {
                // The row just inserted is the collection's newest (`seq` only grows).
                let seq = try Self.insert(record, db)
                try Self.applyRetention(retention, collectionID: record.collectionID, newest: seq, now: record.time, db)
            }
        }
    }

    /// The entries of a collection (of one request when `requestID` is given), oldest first.
    package func history(collectionID: String, requestID: String? = nil) throws(StateStoreError) -> [String] {
        try read { db in
            if let requestID {
                return try String.fetchAll(
                    db, sql: "SELECT entry FROM history WHERE collection_id = ? AND request_id = ? ORDER BY seq",
                    arguments: [collectionID, requestID])
            }
            return try String.fetchAll(
                db, sql: "SELECT entry FROM history WHERE collection_id = ? ORDER BY seq", arguments: [collectionID])
        }
    }

    /// Entries whose name, method, URL, status, headers or bodies hold every word of `query`
    /// (each word matches as a prefix), newest first; in one collection when `collectionID` is given.
    package func searchHistory(
        _ query: String, collectionID: String? = nil, limit: Int = 200
    ) throws(StateStoreError) -> [HistoryMatch] {
        let match = Self.ftsQuery(query)
        guard !match.isEmpty else { return [] }
        return try read { db in
            var sql = """
                SELECT history.collection_id, history.entry FROM history_search
                JOIN history ON history.seq = history_search.rowid
                WHERE history_search MATCH ?
                """
            var arguments: StatementArguments = [match]
            if let collectionID {
                sql += " AND history.collection_id = ?"
                arguments += [collectionID]
            }
            sql += " ORDER BY history.seq DESC LIMIT ?"
            arguments += [limit]
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map {
                HistoryMatch(collectionID: $0[0], json: $0[1])
            }
        }
    }

    package func clearHistory(collectionID: String) throws(StateStoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM history WHERE collection_id = ?", arguments: [collectionID])
        }
    }

    /// Imports records from an older format once per `source` (a file path): the records and the
    /// note that `source` was imported commit together, so a second start (or a second process
    /// starting at the same time) never imports them twice. Returns whether this call imported.
    package func importHistoryOnce(
        source: String, records: [HistoryRecord], retention: HistoryRetention, now: Double
    ) throws(StateStoreError) -> Bool {
        try write { db in
            guard try Self.markImported(source, now: now, db) else { return false }
            for record in records {
                if try !Self.exists(record, db) { try Self.insert(record, db) }
            }
            for collection in Set(records.map(\.collectionID)) {
                let newest =
                    try Int64.fetchOne(
                        db, sql: "SELECT max(seq) FROM history WHERE collection_id = ?", arguments: [collection]) ?? 0
                try Self.applyRetention(retention, collectionID: collection, newest: newest, now: now, db)
            }
            return true
        }
    }

    /// Whether `source` was imported already; notes it as imported when not.
    static func markImported(_ source: String, now: Double, _ db: Database) throws -> Bool {
        if try Bool.fetchOne(db, sql: "SELECT 1 FROM imported WHERE source = ?", arguments: [source]) == true {
            return false
        }
        try db.execute(sql: "INSERT INTO imported (source, time) VALUES (?, ?)", arguments: [source, now])
        return true
    }

    private static func exists(_ record: HistoryRecord, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT 1 FROM history WHERE collection_id = ? AND id = ?",
            arguments: [record.collectionID, record.id]) == true
    }

    /// Inserts `record` and its search row; its `seq`. The statements are compiled once per
    /// connection (GRDB's statement cache): a run appends them for every exchange.
    @discardableResult
    private static func insert(_ record: HistoryRecord, _ db: Database) throws -> Int64 {
        try db.cachedStatement(
            sql: "INSERT INTO history (id, collection_id, request_id, time, bytes, entry) VALUES (?, ?, ?, ?, ?, ?)"
        ).execute(arguments: [
            record.id, record.collectionID, record.requestID, record.time, record.json.utf8.count, record.json,
        ])
        let seq = db.lastInsertedRowID
        let search = record.search
        try db.cachedStatement(
            sql: """
                INSERT INTO history_search (rowid, request_name, method, url, status, headers, body)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            seq, search.requestName, search.method, search.url, search.status, search.headers, search.body,
        ])
        return seq
    }

    /// Keeps a collection's newest entries within `retention`: past the count, past the size
    /// (counted from the newest), or older than the age, an entry goes; the newest always stays.
    /// The count goes first through the `(collection_id, seq)` index; the size and the age are
    /// then looked at only when the entries left could break them (their total, kept by triggers
    /// in `history_totals`, and their oldest time, through `(collection_id, time)`). The
    /// ranking query that decides them entry by entry cost 0.4 ms on every append of a full
    /// collection: half of what history added to each request of a `lazer run`.
    private static func applyRetention(
        _ retention: HistoryRetention, collectionID: String, newest: Int64, now: Double, _ db: Database
    ) throws {
        try db.cachedStatement(
            sql: """
                DELETE FROM history WHERE collection_id = ?1 AND seq != ?2 AND seq <= (
                    SELECT seq FROM history WHERE collection_id = ?1 ORDER BY seq DESC LIMIT 1 OFFSET ?3)
                """
        ).execute(arguments: [collectionID, newest, retention.maximumEntries])
        let left = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT (SELECT bytes FROM history_totals WHERE collection_id = ?1),
                        (SELECT min(time) FROM history WHERE collection_id = ?1)
                    """),
            arguments: [collectionID])
        let total = left.flatMap { $0[0] as Int64? } ?? 0
        let oldest = left.flatMap { $0[1] as Double? }
        let aged = retention.maximumAge.map { age in oldest.map { $0 < now - age } ?? false } ?? false
        guard total > Int64(retention.maximumBytes) || aged else { return }
        // Newest first, with the running count and size: a row goes when it is past any limit.
        var sql = """
            DELETE FROM history WHERE seq IN (
                SELECT seq FROM (
                    SELECT seq, time,
                        row_number() OVER (ORDER BY seq DESC) AS position,
                        sum(bytes) OVER (ORDER BY seq DESC) AS total
                    FROM history WHERE collection_id = ?
                ) WHERE seq != ? AND (position > ? OR total > ?
            """
        var arguments: StatementArguments = [collectionID, newest, retention.maximumEntries, retention.maximumBytes]
        if let age = retention.maximumAge {
            sql += " OR time < ?"
            arguments += [now - age]
        }
        sql += "))"
        try db.execute(sql: sql, arguments: arguments)
    }

    /// FTS5 query text for what a user typed: each word quoted (so `-`, `:` and `"` are plain
    /// characters) and matched as a prefix.
    static func ftsQuery(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).map { word in
            "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
        }.joined(separator: " ")
    }
}

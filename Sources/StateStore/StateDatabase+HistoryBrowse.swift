import Foundation
import GRDB

/// One row of the history browser: what its list shows of an entry, read from the indexed
/// columns (the entry's JSON is not parsed, so ten thousand rows come back quickly).
package struct HistorySummary: Sendable, Equatable, Hashable {
    package var id: String
    package var collectionID: String
    package var requestID: String?
    /// Seconds since 1970.
    package var time: Double
    package var requestName: String
    package var method: String
    package var url: String
    /// The status code as text (`404`), or the error when there was no response.
    package var status: String
    package var durationMilliseconds: Double?

    package init(
        id: String, collectionID: String, requestID: String?, time: Double, requestName: String, method: String,
        url: String, status: String, durationMilliseconds: Double?
    ) {
        self.id = id
        self.collectionID = collectionID
        self.requestID = requestID
        self.time = time
        self.requestName = requestName
        self.method = method
        self.url = url
        self.status = status
        self.durationMilliseconds = durationMilliseconds
    }
}

/// What the browser's search asks of the store: words every entry must hold (each a prefix, in
/// any indexed column), status classes (`5` for `5xx`: the status starts with it), and time
/// ranges (a day or a month typed as a date; an entry must fall in each).
package struct HistoryFilter: Sendable, Equatable {
    package var words: [String]
    package var statusPrefixes: [String]
    package var timeRanges: [Range<Double>]

    package init(words: [String] = [], statusPrefixes: [String] = [], timeRanges: [Range<Double>] = []) {
        self.words = words
        self.statusPrefixes = statusPrefixes
        self.timeRanges = timeRanges
    }

    package var isEmpty: Bool { words.isEmpty && statusPrefixes.isEmpty && timeRanges.isEmpty }
}

extension StateDatabase {
    /// The entries of `collectionIDs` (every collection when nil) that pass `filter`, newest
    /// first, at most `limit`.
    package func historySummaries(
        collectionIDs: [String]?, filter: HistoryFilter = HistoryFilter(), limit: Int = 10_000
    ) throws(StateStoreError) -> [HistorySummary] {
        if let collectionIDs, collectionIDs.isEmpty { return [] }
        return try read { db in
            var sql = """
                SELECT history.id, history.collection_id, history.request_id, history.time,
                    history_search.request_name, history_search.method, history_search.url, history_search.status,
                    json_extract(history.entry, '$.durationMilliseconds')
                FROM history JOIN history_search ON history_search.rowid = history.seq
                WHERE 1
                """
            var arguments = StatementArguments()
            if let collectionIDs {
                sql += " AND history.collection_id IN (" + collectionIDs.map { _ in "?" }.joined(separator: ",") + ")"
                arguments += StatementArguments(collectionIDs)
            }
            let match = Self.ftsMatch(filter)
            if !match.isEmpty {
                sql += " AND history_search MATCH ?"
                arguments += [match]
            }
            for range in filter.timeRanges {
                sql += " AND history.time >= ? AND history.time < ?"
                arguments += [range.lowerBound, range.upperBound]
            }
            sql += " ORDER BY history.seq DESC LIMIT ?"
            arguments += [limit]
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                HistorySummary(
                    id: row[0], collectionID: row[1], requestID: row[2], time: row[3], requestName: row[4],
                    method: row[5], url: row[6], status: row[7], durationMilliseconds: row[8])
            }
        }
    }

    /// One entry's JSON, by its collection and id (nil when it is gone: cleared or past retention).
    package func historyEntry(collectionID: String, id: String) throws(StateStoreError) -> String? {
        try read { db in
            try String.fetchOne(
                db, sql: "SELECT entry FROM history WHERE collection_id = ? AND id = ?",
                arguments: [collectionID, id])
        }
    }

    /// How many entries `collectionIDs` have (every collection when nil).
    package func historyCount(collectionIDs: [String]?) throws(StateStoreError) -> Int {
        if let collectionIDs, collectionIDs.isEmpty { return 0 }
        return try read { db in
            guard let collectionIDs else {
                return try Int.fetchOne(db, sql: "SELECT count(*) FROM history") ?? 0
            }
            let marks = collectionIDs.map { _ in "?" }.joined(separator: ",")
            return try Int.fetchOne(
                db, sql: "SELECT count(*) FROM history WHERE collection_id IN (\(marks))",
                arguments: StatementArguments(collectionIDs)) ?? 0
        }
    }

    /// Deletes the entries of `collectionIDs` (every entry when nil); returns how many went.
    @discardableResult
    package func clearHistory(collectionIDs: [String]?) throws(StateStoreError) -> Int {
        if let collectionIDs, collectionIDs.isEmpty { return 0 }
        return try write { db in
            if let collectionIDs {
                let marks = collectionIDs.map { _ in "?" }.joined(separator: ",")
                try db.execute(
                    sql: "DELETE FROM history WHERE collection_id IN (\(marks))",
                    arguments: StatementArguments(collectionIDs))
            } else {
                try db.execute(sql: "DELETE FROM history")
            }
            return db.changesCount
        }
    }

    /// FTS5 text for a filter: each word a quoted prefix in any column, each status class a
    /// quoted prefix in the status column.
    static func ftsMatch(_ filter: HistoryFilter) -> String {
        let words = ftsQuery(filter.words.joined(separator: " "))
        let statuses = filter.statusPrefixes.map { "status : \"" + $0.replacingOccurrences(of: "\"", with: "") + "\"*" }
        return ([words] + statuses).filter { !$0.isEmpty }.joined(separator: " ")
    }
}

import Foundation
import GRDB

/// One autosaved draft: a request's edited form (a collection-file request as JSON, with its
/// secret fields already left out by the caller).
package struct StoredDraft: Sendable, Equatable, Hashable {
    package var collectionID: String
    package var requestID: String
    package var json: String

    package init(collectionID: String, requestID: String, json: String) {
        self.collectionID = collectionID
        self.requestID = requestID
        self.json = json
    }
}

/// Drafts another instance left behind (it ended without saving or discarding them), offered to
/// this one: `instances` are the ones they came from, so discarding removes only these rows.
package struct DraftOffer: Sendable, Equatable {
    package var instances: [String]
    package var drafts: [StoredDraft]

    package init(instances: [String] = [], drafts: [StoredDraft] = []) {
        self.instances = instances
        self.drafts = drafts
    }
}

/// A running explorer: its id in the store, and the process that runs it. `alive` tells a
/// crashed or killed instance from a running one (the process id with its start time, so a
/// reused process id is not taken for the old instance).
package struct DraftInstance: Sendable, Equatable {
    package var id: String
    package var process: String

    package init(id: String, process: String) {
        self.id = id
        self.process = process
    }

    /// This process: a new id, and `pid:start` from /proc.
    package static func current() -> DraftInstance {
        DraftInstance(id: UUID().uuidString.lowercased(), process: processTag(getpid()) ?? "\(getpid())")
    }

    /// `pid:start time` of a running process, nil when there is none.
    static func processTag(_ pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm)": state is field 3, start time field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19 else { return nil }
        return "\(pid):\(fields[19])"
    }

    static func isRunning(_ process: String) -> Bool {
        guard let pid = process.split(separator: ":").first.flatMap({ Int32($0) }) else { return false }
        return processTag(pid) == process
    }
}

extension StateDatabase {
    /// Replaces `instance`'s drafts by `drafts` in one transaction (an empty list removes the
    /// instance). Other instances' rows are never touched. `settling` offered drafts are removed
    /// in the same transaction: restored ones are in `drafts` now, discarded ones are gone.
    package func replaceDrafts(
        of instance: DraftInstance, with drafts: [StoredDraft], settling offer: DraftOffer? = nil, now: Double
    ) throws(StateStoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM drafts WHERE instance = ?", arguments: [instance.id])
            for draft in drafts {
                try db.execute(
                    sql:
                        "INSERT INTO drafts (instance, collection_id, request_id, time, request) VALUES (?, ?, ?, ?, ?)",
                    arguments: [instance.id, draft.collectionID, draft.requestID, now, draft.json])
            }
            if drafts.isEmpty {
                try db.execute(sql: "DELETE FROM instances WHERE instance = ?", arguments: [instance.id])
            } else {
                try db.execute(
                    sql: """
                        INSERT INTO instances (instance, pid, started, seen) VALUES (?, ?, ?, ?)
                        ON CONFLICT (instance) DO UPDATE SET seen = excluded.seen
                        """,
                    arguments: [instance.id, instance.process, now, now])
            }
            if let offer { try Self.forget(offer, db) }
        }
    }

    /// Drafts of instances that are no longer running, claimed for `instance` in one
    /// transaction, so two instances starting together never both offer them.
    package func claimLeftDrafts(for instance: DraftInstance, now: Double) throws(StateStoreError) -> DraftOffer {
        try write { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT instance, pid FROM instances WHERE instance != ?", arguments: [instance.id])
            var left: [String] = []
            for row in rows {
                let id: String = row[0]
                let process: String = row[1]
                if !DraftInstance.isRunning(process) { left.append(id) }
            }
            // Drafts whose instance row is missing (migrated ones) are left too.
            let orphans = try String.fetchAll(
                db, sql: "SELECT DISTINCT instance FROM drafts WHERE instance NOT IN (SELECT instance FROM instances)")
            left += orphans.filter { $0 != instance.id }
            var drafts: [StoredDraft] = []
            for id in left {
                // Claimed: the row now names this process, so another starting instance sees it running.
                try db.execute(
                    sql: """
                        INSERT INTO instances (instance, pid, started, seen) VALUES (?, ?, ?, ?)
                        ON CONFLICT (instance) DO UPDATE SET pid = excluded.pid, seen = excluded.seen
                        """,
                    arguments: [id, instance.process, now, now])
                drafts += try Row.fetchAll(
                    db, sql: "SELECT collection_id, request_id, request FROM drafts WHERE instance = ?", arguments: [id]
                ).map { StoredDraft(collectionID: $0[0], requestID: $0[1], json: $0[2]) }
            }
            return DraftOffer(instances: left, drafts: drafts)
        }
    }

    /// Removes the offered drafts (only those rows: drafts the left instances had that were not
    /// offered stay for a later start).
    package func forget(_ offer: DraftOffer) throws(StateStoreError) {
        try write { db in try Self.forget(offer, db) }
    }

    /// Every draft of every instance (tests and `lazer` diagnostics).
    package func allDrafts() throws(StateStoreError) -> [String: [StoredDraft]] {
        try read { db in
            var result: [String: [StoredDraft]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT instance, collection_id, request_id, request FROM drafts") {
                result[row[0], default: []].append(StoredDraft(collectionID: row[1], requestID: row[2], json: row[3]))
            }
            return result
        }
    }

    /// Imports drafts from an older format once per `source`, as one left instance's.
    package func importDraftsOnce(source: String, drafts: [StoredDraft], now: Double) throws(StateStoreError) -> Bool {
        try write { db in
            guard try Self.markImported(source, now: now, db) else { return false }
            let instance = "imported:" + source
            for draft in drafts {
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO drafts (instance, collection_id, request_id, time, request)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [instance, draft.collectionID, draft.requestID, now, draft.json])
            }
            return true
        }
    }

    private static func forget(_ offer: DraftOffer, _ db: Database) throws {
        for id in offer.instances {
            for draft in offer.drafts {
                try db.execute(
                    sql: "DELETE FROM drafts WHERE instance = ? AND collection_id = ? AND request_id = ?",
                    arguments: [id, draft.collectionID, draft.requestID])
            }
            let remaining = try Int.fetchOne(db, sql: "SELECT count(*) FROM drafts WHERE instance = ?", arguments: [id])
            if remaining == 0 {
                try db.execute(sql: "DELETE FROM instances WHERE instance = ?", arguments: [id])
            }
        }
    }
}

import GRDB

/// A value a response captured, as kept between runs. A secret one has no `value` here: the
/// caller keeps it in the secrets store and fills it back.
package struct StoredCapture: Sendable, Equatable {
    package var name: String
    package var value: String?
    package var secret: Bool

    package init(name: String, value: String?, secret: Bool) {
        self.name = name
        self.value = value
        self.secret = secret
    }
}

extension StateDatabase {
    /// Sets captured values of a collection in one environment ("" for none); a secret's value
    /// is never written here.
    package func storeCaptures(
        _ captures: [StoredCapture], collectionID: String, environment: String, now: Double
    ) throws(StateStoreError) {
        try write { db in
            for capture in captures {
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO captures (collection_id, environment, name, value, secret, time)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        collectionID, environment, capture.name, capture.secret ? nil : capture.value, capture.secret,
                        now,
                    ])
            }
        }
    }

    /// The captured values of a collection in one environment, by name.
    package func captures(collectionID: String, environment: String) throws(StateStoreError) -> [StoredCapture] {
        try read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT name, value, secret FROM captures WHERE collection_id = ? AND environment = ? ORDER BY name",
                arguments: [collectionID, environment]
            ).map { StoredCapture(name: $0[0], value: $0[1], secret: $0[2]) }
        }
    }

    /// Removes a collection's captured values in one environment (all of them when `names` is nil).
    package func clearCaptures(collectionID: String, environment: String, names: [String]? = nil)
        throws(StateStoreError)
    {
        try write { db in
            if let names {
                for name in names {
                    try db.execute(
                        sql: "DELETE FROM captures WHERE collection_id = ? AND environment = ? AND name = ?",
                        arguments: [collectionID, environment, name])
                }
            } else {
                try db.execute(
                    sql: "DELETE FROM captures WHERE collection_id = ? AND environment = ?",
                    arguments: [collectionID, environment])
            }
        }
    }

    // MARK: - Session state

    /// What the explorer remembers about a collection (selection, open folders) as JSON.
    package func sessionState(collectionID: String) throws(StateStoreError) -> String? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT state FROM session WHERE collection_id = ?", arguments: [collectionID])
        }
    }

    package func storeSessionState(_ json: String, collectionID: String) throws(StateStoreError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO session (collection_id, state) VALUES (?, ?)",
                arguments: [collectionID, json])
        }
    }
}

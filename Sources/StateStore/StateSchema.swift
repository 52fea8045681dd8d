import GRDB

/// The store's tables, made and upgraded by numbered migrations (GRDB's `DatabaseMigrator`
/// records which ran in `grdb_migrations`). The schema is documented in docs/workspace.md
/// ("The state store"); change both together, and never edit a migration that shipped.
enum StateSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // One row per exchange. `entry` is the whole entry as JSON (the shape the JSONL files
            // had); the other columns are what lists, retention and search select on.
            try db.execute(
                sql: """
                    CREATE TABLE history (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL,
                        collection_id TEXT NOT NULL,
                        request_id TEXT,
                        time REAL NOT NULL,
                        bytes INTEGER NOT NULL,
                        entry TEXT NOT NULL,
                        UNIQUE (collection_id, id)
                    );
                    CREATE INDEX history_by_collection ON history (collection_id, seq);
                    CREATE INDEX history_by_request ON history (collection_id, request_id, seq);
                    CREATE VIRTUAL TABLE history_search USING fts5 (
                        request_name, method, url, status, headers, body, tokenize = 'unicode61'
                    );
                    CREATE TRIGGER history_forget AFTER DELETE ON history BEGIN
                        DELETE FROM history_search WHERE rowid = old.seq;
                    END;
                    """)
            // One row per request per explorer instance: instances never overwrite each other's.
            try db.execute(
                sql: """
                    CREATE TABLE drafts (
                        instance TEXT NOT NULL,
                        collection_id TEXT NOT NULL,
                        request_id TEXT NOT NULL,
                        time REAL NOT NULL,
                        request TEXT NOT NULL,
                        PRIMARY KEY (instance, collection_id, request_id)
                    );
                    CREATE TABLE instances (
                        instance TEXT PRIMARY KEY,
                        pid INTEGER NOT NULL,
                        started REAL NOT NULL,
                        seen REAL NOT NULL
                    );
                    """)
            // Captured values per collection and environment ("" when the collection has none).
            // A secret value is never here: `value` is NULL and the secrets store has it.
            try db.execute(
                sql: """
                    CREATE TABLE captures (
                        collection_id TEXT NOT NULL,
                        environment TEXT NOT NULL,
                        name TEXT NOT NULL,
                        value TEXT,
                        secret INTEGER NOT NULL,
                        time REAL NOT NULL,
                        PRIMARY KEY (collection_id, environment, name)
                    );
                    CREATE TABLE session (
                        collection_id TEXT PRIMARY KEY,
                        state TEXT NOT NULL
                    );
                    CREATE TABLE imported (
                        source TEXT PRIMARY KEY,
                        time REAL NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v2") { db in
            // What retention reads on every append, without a pass over the collection: the size of
            // its entries (kept by triggers) and its oldest time (through an index).
            try db.execute(
                sql: """
                    CREATE TABLE history_totals (
                        collection_id TEXT PRIMARY KEY,
                        bytes INTEGER NOT NULL
                    );
                    INSERT INTO history_totals (collection_id, bytes)
                        SELECT collection_id, sum(bytes) FROM history GROUP BY collection_id;
                    CREATE TRIGGER history_total_in AFTER INSERT ON history BEGIN
                        INSERT INTO history_totals (collection_id, bytes) VALUES (new.collection_id, new.bytes)
                            ON CONFLICT (collection_id) DO UPDATE SET bytes = bytes + new.bytes;
                    END;
                    CREATE TRIGGER history_total_out AFTER DELETE ON history BEGIN
                        UPDATE history_totals SET bytes = bytes - old.bytes WHERE collection_id = old.collection_id;
                    END;
                    CREATE INDEX history_by_time ON history (collection_id, time);
                    """)
        }
        return migrator
    }
}

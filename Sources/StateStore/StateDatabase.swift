import AnnotatedLocks
import Foundation
import GRDB
import Glibc
import Synchronization

/// The per-user state store: one SQLite file (`$XDG_STATE_HOME/lazer/state.sqlite`) in WAL mode
/// holding what Lazer keeps beside the collections — history, drafts, captured values and
/// session state. Several explorers and `lazer run`s share it: every write is one IMMEDIATE
/// transaction that waits up to `busyTimeout` for another process's, so no writer loses an
/// entry; a write is whole or absent (a full disk rolls it back and is thrown as `.full`).
///
/// The file is opened on first use, and again after a failed open, so a folder that becomes
/// writable (or a disk with space again) recovers without a restart. Thread-safe.
package final class StateDatabase: Sendable {
    package let path: String
    let busyTimeout: Double
    /// Test hook: SQLite's `max_page_count`, to make a full disk without filling one.
    let maximumPageCount: Int?
    /// Test hook: the last migration to run (nil: all), to make a file as an older Lazer left it.
    let schemaVersion: String?
    /// Runs once, after the file is first opened in this process (importing older files).
    let afterOpening: (@Sendable (StateDatabase) -> Void)?
    private let opened = Mutex<DatabasePool?>(nil)

    package init(
        path: String, busyTimeout: Double = 10, maximumPageCount: Int? = nil, schemaVersion: String? = nil,
        afterOpening: (@Sendable (StateDatabase) -> Void)? = nil
    ) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.maximumPageCount = maximumPageCount
        self.schemaVersion = schemaVersion
        self.afterOpening = afterOpening
    }

    /// Runs `updates` in one write transaction (rolled back when it throws).
    func write<T>(_ updates: (Database) throws -> T) throws(StateStoreError) -> T {
        let pool = try open()
        do {
            return try pool.write(updates)
        } catch {
            throw translate(error)
        }
    }

    func read<T>(_ value: (Database) throws -> T) throws(StateStoreError) -> T {
        let pool = try open()
        do {
            return try pool.read(value)
        } catch {
            throw translate(error)
        }
    }

    /// Opens the file (made with mode 0600 in a 0700 folder) and brings its schema up to date.
    private func open() throws(StateStoreError) -> DatabasePool {
        if let pool = opened.withLock(ownedBy: self, { $0 }) { return pool }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StateStoreError(
                kind: access(folder, W_OK) == 0 ? .cannotOpen : .readOnly, path: folder,
                reason: "cannot make the state folder")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "lazer.state"
        let pageLimit = maximumPageCount
        configuration.prepareDatabase { db in
            if let pageLimit { try db.execute(sql: "PRAGMA max_page_count = \(pageLimit)") }
        }
        let created = !FileManager.default.fileExists(atPath: path)
        do {
            let pool = try openAndMigrate(configuration)
            if created { chmod(path, 0o600) }
            let (winner, first) = opened.withLock(ownedBy: self) { existing in
                if let existing { return (existing, false) }
                existing = pool
                return (pool, true)
            }
            if first { afterOpening?(self) }
            return winner
        } catch {
            throw translate(error)
        }
    }

    /// Two processes opening a new file at once race: switching it to WAL answers BUSY without
    /// waiting, and both may see the schema missing and one then finds "table history already
    /// exists". Both are over in a moment, so opening is tried again (within the busy timeout)
    /// instead of losing the write that opened it (two runs kept 119 of 120 entries).
    private func openAndMigrate(_ configuration: Configuration) throws -> DatabasePool {
        let deadline = ContinuousClock.now + .seconds(busyTimeout)
        while true {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                if let schemaVersion {
                    try StateSchema.migrator.migrate(pool, upTo: schemaVersion)
                } else {
                    try StateSchema.migrator.migrate(pool)
                }
                return pool
            } catch let error as DatabaseError where Self.isOpeningRace(error) && ContinuousClock.now < deadline {
                usleep(20_000)
            }
        }
    }

    private static func isOpeningRace(_ error: DatabaseError) -> Bool {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: true
        case .SQLITE_ERROR: error.message?.contains("already exists") == true
        default: false
        }
    }

    /// SQLite's result codes in words a user can act on.
    func translate(_ error: any Error) -> StateStoreError {
        if let error = error as? StateStoreError { return error }
        guard let error = error as? DatabaseError else {
            return StateStoreError(kind: .other, path: path, reason: "\(error)")
        }
        switch error.resultCode {
        case .SQLITE_FULL:
            return StateStoreError(kind: .full, path: path, reason: "the disk is full")
        case .SQLITE_READONLY:
            return StateStoreError(kind: .readOnly, path: path, reason: "the state file cannot be written")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            let writable = access((path as NSString).deletingLastPathComponent, W_OK) == 0
            return StateStoreError(
                kind: writable ? .cannotOpen : .readOnly, path: path,
                reason: writable ? "cannot open the state file" : "the state folder cannot be written")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StateStoreError(kind: .busy, path: path, reason: "the state file stayed busy (another lazer?)")
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return StateStoreError(kind: .corrupt, path: path, reason: "the state file is damaged")
        case .SQLITE_IOERR:
            let reason = error.message.map { "input/output error (\($0))" } ?? "input/output error"
            return StateStoreError(kind: .other, path: path, reason: reason)
        default:
            return StateStoreError(kind: .other, path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }
}

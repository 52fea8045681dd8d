package import Foundation
package import HTTPCore
package import RegularFiles

/// The cookie jars of the explorer's sends, one per collection and environment, kept as Netscape
/// cookie files (the format `curl -b`/`-c` read and write) under
/// `$XDG_STATE_HOME/lazer/cookies/<collection id>/<environment>.txt` (mode 0600, folders 0700).
///
/// Files rather than the SQLite state store, so a jar can be handed to `curl -b` as it is. Two
/// explorers sending at once do not lose each other's cookies: a send starts from the file
/// (``load(collectionID:environment:)``), and ``save(_:collectionID:environment:)`` takes the
/// folder's lock, reads the file again, replays only what this jar changed (its journal:
/// `CookieJar.takeChanges()`), and writes it atomically.
package struct CookieJarStore: Sendable {
    /// `<state>/cookies`.
    package let folder: String

    package init(directories: UserDirectories) {
        folder = directories.state + "/cookies"
    }

    /// The file of a collection's jar in `environment` (nil: no environment selected). Names are
    /// percent-encoded to one safe file name each.
    package func path(collectionID: String, environment: String?) -> String {
        folder + "/" + Self.fileName(collectionID) + "/" + (environment.map(Self.fileName) ?? "_none") + ".txt"
    }

    /// A jar holding the file's cookies (empty when there is no file yet).
    package func load(collectionID: String, environment: String?, at now: Date = Date()) throws(FileSystemError)
        -> CookieJar
    {
        let path = path(collectionID: collectionID, environment: environment)
        guard let bytes = try RegularFile.read(path, limit: Self.sizeLimit) else { return CookieJar() }
        return CookieJar(netscape: String(decoding: bytes, as: UTF8.self), at: now)
    }

    /// Writes what `jar` changed since it was loaded (or last saved) into the file, merged with what
    /// the file holds now; returns the jar as written (nil when nothing changed: nothing written).
    @discardableResult
    package func save(_ jar: CookieJar, collectionID: String, environment: String?, at now: Date = Date())
        throws(FileSystemError) -> CookieJar?
    {
        let changes = jar.takeChanges()
        guard !changes.isEmpty else { return nil }
        return try apply(changes, collectionID: collectionID, environment: environment, at: now)
    }

    /// Applies `changes` to the file under the folder's lock (read again first, written
    /// atomically); returns the jar as written.
    @discardableResult
    package func apply(
        _ changes: [CookieJar.Change], collectionID: String, environment: String?, at now: Date = Date()
    ) throws(FileSystemError) -> CookieJar {
        let path = path(collectionID: collectionID, environment: environment)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try Self.makeFolder(URL(fileURLWithPath: folder).deletingLastPathComponent().path)
        try Self.makeFolder(folder)
        try Self.makeFolder(directory)
        let lock = try FolderLock(folder: directory)
        defer { lock.unlock() }
        let current = try load(collectionID: collectionID, environment: environment, at: now)
        current.apply(changes, at: now)
        try AtomicFile.write(
            Array(current.netscapeText(at: now).utf8), to: path, permissions: 0o600, keepBackup: false)
        return current
    }

    /// A cookie file larger than this is refused (curl's own jars are far smaller).
    static let sizeLimit = 16 * 1024 * 1024

    private static func makeFolder(_ path: String) throws(FileSystemError) {
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw FileSystemError.system("create folder", path: path)
        }
    }

    /// Letters, digits, `-` and `.` as they are (a leading `.` escaped); anything else as `%XX`.
    static func fileName(_ name: String) -> String {
        var result = ""
        for byte in name.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80,
                character.isLetter || character.isNumber || character == "-" || (character == "." && !result.isEmpty)
            {
                result.append(character)
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result.isEmpty ? "%" : result
    }
}

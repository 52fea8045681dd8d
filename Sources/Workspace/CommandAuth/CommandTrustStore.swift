import Foundation
package import RegularFiles

/// Which collection files the user allowed to run their `command` auth, kept in the per-user
/// state folder (`trusted-commands.json`), never in the collection: a collection file from
/// elsewhere cannot trust itself. The trust is for a file's path and the exact commands it held
/// when trusted; a command changed or added (by an edit, a `git pull`) is not trusted until the
/// user says so again. Scripts are trusted the same way (`ScriptTrust`, `trusted-scripts.json`),
/// their fingerprints standing for the commands.
package struct CommandTrustStore: Sendable {
    package let path: String

    package init(directories: UserDirectories) {
        path = directories.state + "/trusted-commands.json"
    }

    /// A store in the file at `path`.
    package init(path: String) {
        self.path = path
    }

    /// One trusted file and its commands.
    struct Entry: Codable, Equatable {
        var file: String
        var commands: [String]
    }

    private struct Contents: Codable {
        var version = 1
        var trusted: [Entry] = []
    }

    /// The absolute, normalised path by which a collection file is trusted.
    package static func key(for file: String) -> String {
        URL(fileURLWithPath: file).standardizedFileURL.path
    }

    /// Whether every one of `commands` was trusted for `file`. An unreadable or damaged store
    /// trusts nothing (and `trust` says what is wrong with it).
    package func isTrusted(file: String, commands: [String]) -> Bool {
        guard !commands.isEmpty else { return true }
        guard let contents = try? load() else { return false }
        let key = Self.key(for: file)
        guard let entry = contents.trusted.first(where: { $0.file == key }) else { return false }
        return Set(commands).isSubset(of: entry.commands)
    }

    /// Trusts `commands` for `file` (replacing what was trusted for it before).
    package func trust(file: String, commands: [String]) throws(FileSystemError) {
        var contents = try load()
        let key = Self.key(for: file)
        contents.trusted.removeAll { $0.file == key }
        contents.trusted.append(Entry(file: key, commands: commands.sorted()))
        try save(contents)
    }

    /// Forgets the trust of `file`.
    package func revoke(file: String) throws(FileSystemError) {
        var contents = try load()
        let key = Self.key(for: file)
        contents.trusted.removeAll { $0.file == key }
        try save(contents)
    }

    private func load() throws(FileSystemError) -> Contents {
        guard let bytes = try AtomicFile.read(path) else { return Contents() }
        do {
            return try JSONDecoder().decode(Contents.self, from: Data(bytes))
        } catch {
            throw FileSystemError(
                operation: "read", path: path, reason: "it is not a list of trusted collections (\(error))")
        }
    }

    private func save(_ contents: Contents) throws(FileSystemError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(contents)
        } catch {
            throw FileSystemError(operation: "write", path: path, reason: "\(error)")
        }
        try AtomicFile.writePrivate(Array(data) + [0x0A], to: path)
    }
}

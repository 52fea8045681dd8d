package import Foundation
package import RegularFiles

/// The tokens of `command` auth shared between processes: `$XDG_CONFIG_HOME/lazer/command-tokens.json`,
/// kept like the OAuth token cache (mode 0600 in a 0700 folder, written atomically, no backup), so
/// two `lazer run`s within a command's `cacheSeconds` run it once. Keyed by the command's folder
/// and text; each token with the wall-clock time it stops being used.
package struct CommandTokenStore: Sendable {
    package struct Entry: Codable, Sendable, Equatable {
        package var token: String
        package var expiresAt: Date
    }

    private struct File: Codable {
        var formatVersion = 1
        var tokens: [String: Entry]
    }

    package var path: String

    package init(path: String) {
        self.path = path
    }

    package init(directories: UserDirectories) {
        path = directories.config + "/command-tokens.json"
    }

    /// The tokens still fresh at `now` (none when the file does not exist or is not Lazer's).
    package func load(now: Date) -> [String: Entry] {
        guard let bytes = try? AtomicFile.read(path) else { return [:] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let file = try? decoder.decode(File.self, from: Data(bytes)) else { return [:] }
        return file.tokens.filter { $0.value.expiresAt > now }
    }

    /// Adds or replaces `key`'s token (nil removes it), dropping the expired ones, in one atomic write.
    package func store(_ key: String, _ entry: Entry?, now: Date) throws(FileSystemError) {
        var tokens = load(now: now)
        tokens[key] = entry
        try write(tokens)
    }

    /// Forgets every token.
    package func clear() throws(FileSystemError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        try write([:])
    }

    private func write(_ tokens: [String: Entry]) throws(FileSystemError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data = (try? encoder.encode(File(tokens: tokens))) ?? Data()
        try AtomicFile.writePrivate(Array(data), to: path)
    }
}

import Foundation
package import RegularFiles

/// The token cache on disk: `$XDG_CONFIG_HOME/lazer/oauth-tokens.json`, beside the secrets file
/// and kept as it is (mode 0600 in a 0700 folder, written atomically, no backup copy), so a token
/// obtained in the explorer serves `lazer run` until it can no longer be refreshed. Keyed by
/// `OAuthSettings.cacheKey` (collection, environment, provider, client, grant, scope).
package struct OAuthTokenStore: Sendable {
    package var path: String

    package init(path: String) {
        self.path = path
    }

    package init(directories: UserDirectories) {
        path = directories.config + "/oauth-tokens.json"
    }

    private struct File: Codable {
        var formatVersion = 1
        var tokens: [String: OAuthToken]
    }

    /// Every cached token (none when the file does not exist yet).
    package func load() throws(FileSystemError) -> [String: OAuthToken] {
        guard let bytes = try AtomicFile.read(path) else { return [:] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let file = try? decoder.decode(File.self, from: Data(bytes)) else {
            throw FileSystemError(operation: "read", path: path, reason: "not a token cache Lazer wrote")
        }
        return file.tokens
    }

    /// Writes all tokens atomically with mode 0600.
    package func save(_ tokens: [String: OAuthToken]) throws(FileSystemError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data = (try? encoder.encode(File(tokens: tokens))) ?? Data()
        try AtomicFile.writePrivate(Array(data), to: path)
    }
}

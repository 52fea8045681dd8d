package import Foundation
package import RegularFiles

/// The answers of introspection queries (issue 28: `"graphqlSchema": {"introspect": true}`), kept
/// per user under `$XDG_STATE_HOME/lazer/graphql-schemas/`, one file per environment and endpoint
/// URL, with the time each was fetched; read again until the user refreshes it.
///
/// A file is a one-line JSON header (`{"environment": …, "url": …, "fetchedAt": seconds}`), then
/// the answer's text as the server sent it, so reading it back never re-encodes 3 MB of JSON.
package struct IntrospectionCache: Sendable {
    /// One cached answer.
    package struct Entry: Sendable, Equatable {
        package var environment: String?
        package var url: String
        package var fetchedAt: Date
        /// The answer (`{"data": {"__schema": …}}`) as the server sent it.
        package var answer: String

        package init(environment: String?, url: String, fetchedAt: Date, answer: String) {
            self.environment = environment
            self.url = url
            self.fetchedAt = fetchedAt
            self.answer = answer
        }
    }

    /// `<state>/graphql-schemas`.
    package let folder: String

    package init(directories: UserDirectories) {
        folder = directories.state + "/graphql-schemas"
    }

    /// An answer is refused above this size (GitHub's is about 3 MB).
    static let sizeLimit = 64 << 20

    /// The file of `environment` + `url`: the environment's name and a hash of both, so a long URL
    /// never makes a file name too long and two endpoints never share a file.
    package func path(environment: String?, url: String) -> String {
        let hash = FileFingerprint(of: Array((environment ?? "").utf8) + [0] + Array(url.utf8)).hash
        let name = CookieJarStore.fileName(environment ?? "_none")
        return folder + "/" + name + "-" + String(hash, radix: 16) + ".introspection"
    }

    /// The answer cached for `environment` + `url`, nil when there is none (or the file is not
    /// one of ours, or is for another endpoint).
    package func entry(environment: String?, url: String) throws(FileSystemError) -> Entry? {
        let path = path(environment: environment, url: url)
        guard let bytes = try RegularFile.read(path, limit: Self.sizeLimit),
            let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
            let header = try? JSONSerialization.jsonObject(with: Data(bytes[..<newline])) as? [String: Any],
            header["url"] as? String == url, header["environment"] as? String == environment,
            let seconds = header["fetchedAt"] as? Double,
            let answer = String(validating: bytes[(newline + 1)...], as: UTF8.self)
        else { return nil }
        return Entry(
            environment: environment, url: url, fetchedAt: Date(timeIntervalSince1970: seconds), answer: answer)
    }

    /// Keeps `entry` (written atomically, readable by the user only).
    package func store(_ entry: Entry) throws(FileSystemError) {
        var header: [String: Any] = ["url": entry.url, "fetchedAt": entry.fetchedAt.timeIntervalSince1970]
        if let environment = entry.environment { header["environment"] = environment }
        let data = (try? JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])) ?? Data("{}".utf8)
        try AtomicFile.writePrivate(
            Array(data) + [UInt8(ascii: "\n")] + Array(entry.answer.utf8),
            to: path(environment: entry.environment, url: entry.url))
    }
}

import Foundation
import HTTPCore
import RegularFiles
import Workspace

/// Netscape cookie files for `lazer send -b/-c` and `lazer run --cookie-jar`, read and written as
/// curl reads and writes them (so a file goes from one tool to the other).
enum CookieFiles {
    /// Why a cookie file could not be read or written.
    struct Failure: Error {
        let message: String
    }

    /// The jar in the file at `path`; nil when there is no such file (curl starts empty then).
    /// Lines that are not cookies are skipped, as curl skips them.
    static func read(_ path: String) throws(Failure) -> CookieJar? {
        let bytes: [UInt8]?
        do {
            bytes = try RegularFile.read(path, limit: 16 * 1024 * 1024)
        } catch {
            throw Failure(message: "cannot read the cookie file \(path): \(error.reason)")
        }
        guard let bytes else { return nil }
        return CookieJar(netscape: String(decoding: bytes, as: UTF8.self))
    }

    /// Writes `jar` to `path` atomically (mode 0600: cookies are credentials), or to standard
    /// output for `-`, as `curl -c -` does.
    static func write(_ jar: CookieJar, to path: String) throws(Failure) {
        let text = jar.netscapeText()
        if path == "-" {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try AtomicFile.write(Array(text.utf8), to: path, permissions: 0o600, keepBackup: false)
        } catch {
            throw Failure(message: "cannot write the cookie file \(path): \(error.reason)")
        }
    }
}

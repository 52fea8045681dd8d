import AnnotatedLocks
import Crypto
package import RegularFiles
import Synchronization

/// Which collection files the user allowed to run their scripts in the explorer (a script can
/// send requests), kept per user in the state folder (`trusted-scripts.json`), never in the
/// collection. The trust is for a file's path and the exact scripts it held (SHA-256 of each):
/// a script changed or added (an edit, a `git pull`) asks again. `lazer run` has
/// `--trust-scripts` instead.
package struct ScriptTrust: Sendable {
    private let store: CommandTrustStore
    /// What was trusted in this process, kept even when the file could not be written.
    private let session = Remembered()

    package init(directories: UserDirectories) {
        store = CommandTrustStore(path: directories.state + "/trusted-scripts.json")
    }

    /// Whether `document`'s scripts may run: it has none, or the user trusted them as they are.
    package func isTrusted(_ document: CollectionDocument) -> Bool {
        let fingerprints = Self.fingerprints(document.collection)
        if session.contains(document.path, fingerprints) { return true }
        return store.isTrusted(file: document.path, commands: fingerprints)
    }

    /// Trusts `document`'s scripts as they are now.
    package func trust(_ document: CollectionDocument) throws(FileSystemError) {
        let fingerprints = Self.fingerprints(document.collection)
        session.add(document.path, fingerprints)
        try store.trust(file: document.path, commands: fingerprints)
    }

    /// One fingerprint per script: where it is, its stage and its text, hashed.
    static func fingerprints(_ collection: RequestCollection) -> [String] {
        collection.allScripts.map { script in
            let digest = SHA256.hash(data: Array("\(script.origin)\u{0}\(script.stage)\u{0}\(script.text)".utf8))
            return digest.map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
        }
    }
}

/// The files trusted in this process, with their scripts' fingerprints.
private final class Remembered: Sendable {
    private let trusted = Mutex<[String: Set<String>]>([:])

    func add(_ file: String, _ fingerprints: [String]) {
        trusted.withLock(ownedBy: self) { $0[CommandTrustStore.key(for: file)] = Set(fingerprints) }
    }

    func contains(_ file: String, _ fingerprints: [String]) -> Bool {
        guard let known = trusted.withLock(ownedBy: self, { $0[CommandTrustStore.key(for: file)] }) else {
            return false
        }
        return Set(fingerprints).isSubset(of: known)
    }
}

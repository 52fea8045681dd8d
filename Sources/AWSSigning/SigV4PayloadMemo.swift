import AnnotatedLocks
import Foundation
import Synchronization

/// The hash of the body signed last, kept with its bytes: a load test or a run that sends one body
/// again and again (every iteration of `lazer load`, retries, a collection whose requests share a
/// payload) compares the bytes, a `memcmp`, instead of hashing them again. Only small bodies are
/// kept, so the memo never holds a large upload alive.
final class SigV4PayloadMemo: Sendable {
    static let shared = SigV4PayloadMemo()
    /// Bodies up to this size are remembered (the usual JSON body; a large one is hashed each time).
    static let limit = 64 * 1024

    private struct Entry {
        var body: Data
        var hex: String
    }

    private let last = Mutex<Entry?>(nil)

    /// The hex SHA-256 of `body`, from the memo when it is the body hashed last.
    func hex(of body: Data) -> String {
        guard body.count <= Self.limit, !body.isEmpty else {
            return body.isEmpty ? SigV4PayloadHash.empty : SigV4PayloadHash.hex(of: body)
        }
        let remembered = last.withLock(ownedBy: self) { entry -> String? in
            guard let entry, entry.body == body else { return nil }
            return entry.hex
        }
        if let remembered { return remembered }
        let hex = SigV4PayloadHash.hex(of: body)
        last.withLock(ownedBy: self) { $0 = Entry(body: body, hex: hex) }
        return hex
    }
}

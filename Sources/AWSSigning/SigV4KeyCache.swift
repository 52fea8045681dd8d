import AnnotatedLocks
import Crypto
import Synchronization

/// The signing keys derived lately, each as an HMAC ready to take a string to sign. A key is
/// valid for one day, region and service: deriving it costs four HMACs and their key set-up,
/// most of a signature's time, and a `lazer run` of 1,000 requests needs it once. Kept in memory
/// only, a few at a time.
final class SigV4KeyCache: Sendable {
    struct Key: Hashable {
        var secret: String
        var day: String
        var region: String
        var service: String
    }

    static let shared = SigV4KeyCache()
    /// More distinct keys than this at once (many accounts or days): the cache starts again.
    static let limit = 32

    private struct State {
        /// The key asked for last: a run signs with one key, compared without hashing the secret.
        var last: (key: Key, mac: HMAC<SHA256>)?
        var entries: [Key: HMAC<SHA256>] = [:]
    }

    private let state = Mutex(State())

    /// An HMAC keyed with the signing key for `key`, derived when not cached.
    func mac(for key: Key) -> HMAC<SHA256> {
        let cached = state.withLock(ownedBy: self) { state -> HMAC<SHA256>? in
            if let last = state.last, last.key == key { return last.mac }
            guard let mac = state.entries[key] else { return nil }
            state.last = (key, mac)
            return mac
        }
        if let cached { return cached }
        let mac = HMAC<SHA256>(key: SymmetricKey(data: Self.derive(key)))
        state.withLock(ownedBy: self) { state in
            if state.entries.count >= Self.limit { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = mac
            state.last = (key, mac)
        }
        return mac
    }

    /// The signing key chain: `AWS4` + secret → day → region → service → `aws4_request`.
    static func derive(_ key: Key) -> [UInt8] {
        var derived = hmac(key: Array(("AWS4" + key.secret).utf8), Array(key.day.utf8))
        derived = hmac(key: derived, Array(key.region.utf8))
        derived = hmac(key: derived, Array(key.service.utf8))
        return hmac(key: derived, Array("aws4_request".utf8))
    }

    static func hmac(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
    }
}

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
        var lastKey: Key?
        var lastMAC: SigV4HMAC?
        var entries: [Key: SigV4HMAC] = [:]
    }

    private let state = Mutex(State())

    /// An HMAC keyed with the signing key for these parts, derived when not cached. The key asked
    /// for last is compared field by field, with no `Key` made (its four strings were retained
    /// and released for every signature).
    func mac(secret: String, day: String, region: String, service: String) -> SigV4HMAC {
        let cached = state.withLock(ownedBy: self) { state -> SigV4HMAC? in
            if let last = state.lastKey, last.secret == secret, last.day == day, last.region == region,
                last.service == service
            {
                return state.lastMAC
            }
            let key = Key(secret: secret, day: day, region: region, service: service)
            guard let mac = state.entries[key] else { return nil }
            state.lastKey = key
            state.lastMAC = mac
            return mac
        }
        if let cached { return cached }
        let key = Key(secret: secret, day: day, region: region, service: service)
        let mac = SigV4HMAC(key: Self.derive(key))
        state.withLock(ownedBy: self) { state in
            if state.entries.count >= Self.limit { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = mac
            state.lastKey = key
            state.lastMAC = mac
        }
        return mac
    }

    /// The signing key chain: `AWS4` + secret → day → region → service → `aws4_request`.
    static func derive(_ key: Key) -> [UInt8] {
        var derived = SigV4HMAC(key: Array(("AWS4" + key.secret).utf8)).code(Array(key.day.utf8))
        derived = SigV4HMAC(key: derived).code(Array(key.region.utf8))
        derived = SigV4HMAC(key: derived).code(Array(key.service.utf8))
        return SigV4HMAC(key: derived).code(Array("aws4_request".utf8))
    }
}

import Foundation

/// The hash of the body signed last, kept with its bytes: a load test or a run that sends one body
/// again and again (every iteration of `lazer load`, retries, a collection whose requests share a
/// payload) compares the bytes, a `memcmp`, instead of hashing them again. Only small bodies are
/// kept, so the memo never holds a large upload alive.
final class SigV4PayloadMemo: Sendable {
    static let shared = SigV4PayloadMemo()
    /// Bodies up to this size are remembered (the usual JSON body; a large one is hashed each time).
    static let limit = 64 * 1024

    private let last = LastValueMemo<Data, String>()

    /// The hex SHA-256 of `body`, from the memo when it is the body hashed last.
    func hex(of body: Data) -> String {
        if body.isEmpty { return SigV4PayloadHash.empty }
        guard body.count <= Self.limit else { return SigV4PayloadHash.hex(of: body) }
        return last.value(for: body) { SigV4PayloadHash.hex(of: body) }
    }
}

import Crypto

/// HMAC-SHA256 (RFC 2104) over swift-crypto's SHA-256, with the key's two padded blocks already
/// hashed, taking its message as a buffer. swift-crypto's `HMAC.update(data:)` is generic over
/// `DataProtocol` and is not specialised from another module: in `make bench-sigv4` it spent more
/// time looking up metadata than hashing. This is the same construction with nothing generic.
struct SigV4HMAC: Sendable {
    /// SHA-256 after `key ⊕ ipad`, and after `key ⊕ opad`; copied for each message (a copy is
    /// one context copy, as `HMAC`'s own).
    private let inner: SHA256
    private let outer: SHA256

    init(key: [UInt8]) {
        // A key longer than the block is hashed first (RFC 2104 §2); SigV4's keys are 32 bytes,
        // its first `AWS4` + secret key is usually 44.
        var block = key.count > 64 ? Array(SHA256.hash(data: key)) : key
        block += repeatElement(0, count: 64 - block.count)
        var inner = SHA256()
        var outer = SHA256()
        var pad = block.map { $0 ^ 0x36 }
        pad.withUnsafeBytes { inner.update(bufferPointer: $0) }
        pad = block.map { $0 ^ 0x5C }
        pad.withUnsafeBytes { outer.update(bufferPointer: $0) }
        self.inner = inner
        self.outer = outer
    }

    /// The authentication code of `message`.
    func code(_ message: UnsafeRawBufferPointer) -> SHA256Digest {
        var inner = inner
        inner.update(bufferPointer: message)
        let innerDigest = inner.finalize()
        var outer = outer
        innerDigest.withUnsafeBytes { outer.update(bufferPointer: $0) }
        return outer.finalize()
    }

    /// The authentication code of `message`, as bytes (the signing key chain's steps).
    func code(_ message: [UInt8]) -> [UInt8] {
        message.withUnsafeBytes { Array(code($0)) }
    }
}

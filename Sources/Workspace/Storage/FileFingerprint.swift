/// What a file looked like when it was loaded or saved: its size and a 64-bit FNV-1a hash of its
/// bytes. Comparing fingerprints tells whether someone else changed the file since.
package struct FileFingerprint: Sendable, Equatable, Hashable {
    package var size: Int
    package var hash: UInt64

    /// The fingerprint of a file that does not exist.
    package static let missing = FileFingerprint(size: -1, hash: 0)

    package init(size: Int, hash: UInt64) {
        self.size = size
        self.hash = hash
    }

    package init(of bytes: some Collection<UInt8>) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        self.init(size: bytes.count, hash: hash)
    }
}

/// Deterministic ids for imported collections and requests, so importing the same file twice
/// writes the same bytes (ids are otherwise random UUIDs). The id is a UUID-shaped hex rendering of
/// two 64-bit FNV-1a hashes of the parts; it only needs to be stable and unlikely to collide
/// within a workspace, not secret.
package enum StableID {
    /// `make("curl", "paste.txt", "3")` → `"6f1c…-…"`, always the same for the same parts.
    package static func make(_ parts: String...) -> String {
        make(parts)
    }

    package static func make(_ parts: [String]) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for part in parts {
            for byte in part.utf8 + [0] {
                first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                second = (second &+ UInt64(byte)) &* 0x9E37_79B9_7F4A_7C15
                second ^= second >> 29
            }
        }
        let hex = hex16(mix(first)) + hex16(mix(second ^ first))
        let characters = Array(hex)
        func slice(_ range: Range<Int>) -> String { String(characters[range]) }
        return [slice(0..<8), slice(8..<12), slice(12..<16), slice(16..<20), slice(20..<32)].joined(separator: "-")
    }

    /// SplitMix64's finalizer: every input bit changes about half the output bits.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func hex16(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}

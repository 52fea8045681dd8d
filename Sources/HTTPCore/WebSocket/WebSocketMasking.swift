/// RFC 6455 §5.3 masking (client frames are XORed with a 4-byte key), eight bytes at a time:
/// NIOWebSocket's byte-at-a-time loop was most of the CPU a 1 MiB message cost the client that
/// masks it and `lazer mock`, which unmasks it.
package enum WebSocketMasking {
    /// XORs `bytes` with `key` (4 bytes), the first byte taking the key's byte `offset % 4`.
    package static func apply(key: [UInt8], to bytes: UnsafeMutableRawBufferPointer, offset: Int = 0) {
        precondition(key.count == 4, "a WebSocket masking key has 4 bytes")
        guard let base = bytes.baseAddress else { return }
        // The key as eight bytes from `offset`: it repeats every four, so every eight too.
        var pattern: UInt64 = 0
        withUnsafeMutableBytes(of: &pattern) { word in
            for position in 0..<8 { word[position] = key[(position + offset) % 4] }
        }
        var index = 0
        while index + 8 <= bytes.count {
            let value = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            base.storeBytes(of: value ^ pattern, toByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            let value = base.load(fromByteOffset: index, as: UInt8.self)
            base.storeBytes(of: value ^ key[(index + offset) % 4], toByteOffset: index, as: UInt8.self)
            index += 1
        }
    }
}

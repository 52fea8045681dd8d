import HTTPCore
import Testing

/// RFC 6455 §5.3: byte i is XORed with key byte (i + offset) mod 4 — eight at a time here, so every
/// length around a word's edge and every offset is checked against the plain definition.
struct WebSocketMaskingTests {
    @Test(arguments: [0, 1, 2, 3])
    func equalsTheDefinitionForEveryLengthAndOffset(offset: Int) {
        let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        for length in [0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000] {
            let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let expected = payload.enumerated().map { $0.element ^ key[($0.offset + offset) % 4] }
            var masked = payload
            masked.withUnsafeMutableBytes { WebSocketMasking.apply(key: key, to: $0, offset: offset) }
            #expect(masked == expected, "length \(length)")
            // Masking twice gives the payload back (the server's unmasking is the same operation).
            masked.withUnsafeMutableBytes { WebSocketMasking.apply(key: key, to: $0, offset: offset) }
            #expect(masked == payload)
        }
    }

    @Test func theRFCsExample() {
        // RFC 6455 §5.7: "Hello" masked with 37 fa 21 3d is 7f 9f 4d 51 58.
        var bytes = Array("Hello".utf8)
        bytes.withUnsafeMutableBytes { WebSocketMasking.apply(key: [0x37, 0xFA, 0x21, 0x3D], to: $0) }
        #expect(bytes == [0x7F, 0x9F, 0x4D, 0x51, 0x58])
    }
}

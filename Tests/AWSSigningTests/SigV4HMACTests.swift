import Testing

@testable import AWSSigning

/// The HMAC-SHA256 a signature is made with, against RFC 4231's test cases: a short key, a key
/// of the block's size, and keys longer than the block (hashed first), which a long secret
/// access key makes.
@Suite struct SigV4HMACTests {
    @Test(
        "HMAC-SHA256 gives RFC 4231's codes",
        arguments: [
            (
                [UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                [UInt8](repeating: 0xAA, count: 20), [UInt8](repeating: 0xDD, count: 50),
                "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
            ),
            (
                [UInt8](repeating: 0xAA, count: 131),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
            (
                [UInt8](repeating: 0xAA, count: 131),
                Array(
                    ("This is a test using a larger than block-size key and a larger than block-size data. "
                        + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
                "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
            ),
        ])
    func rfc4231(key: [UInt8], message: [UInt8], expected: String) {
        #expect(hex(SigV4HMAC(key: key).code(message)) == expected)
    }

    @Test("a key of exactly one block is used as it is, and one MAC answers many messages alike")
    func blockSizedKeyAndReuse() {
        let mac = SigV4HMAC(key: [UInt8](repeating: 0x61, count: 64))
        let first = mac.code(Array("one".utf8))
        #expect(mac.code(Array("two".utf8)) != first)
        #expect(mac.code(Array("one".utf8)) == first)
        // Python: hmac.new(b"a" * 64, b"one", hashlib.sha256).hexdigest()
        #expect(hex(first) == "520b7413cd172b5eed128dd614f69ded1d7b3b4ab5372c27b80f4ae8d5c1a349")
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

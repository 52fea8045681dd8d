import Testing

@testable import JSONTree

/// The tape is sized once from `entryBound` (a parse whose bound is short starts over), so the
/// bound must hold for any body: counted the same at every length, across the vector blocks'
/// edges (255 bytes) and in the tail.
@Suite struct EntryBoundTests {
    /// The bound by its definition, a byte at a time.
    func expected(_ bytes: [UInt8]) -> Int {
        1 + bytes.count { $0 | 0x20 == 0x2C } + 2 * bytes.count { $0 | 0x20 == 0x7B }
    }

    @Test(arguments: [0, 1, 31, 32, 33, 254, 255, 256, 511, 8_191, 70_001])
    func theBoundIsCountedAlikeAtEveryLength(length: Int) {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("{}[],:\"ab1 \u{0C}".utf8) + [0x0B, 0x5B, 0x7B]
        let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
        let counted = bytes.withUnsafeBufferPointer { JSONParser.entryBound($0) }
        #expect(counted == expected(bytes))
    }

    @Test func theBoundHoldsForTheTapeOfRealBodies() throws {
        let items = (0..<2_000).map { #"{"id":\#($0),"tags":["a","b"],"nested":{"x":[1,2,{"y":null}]}}"# }
        for text in ["[" + items.joined(separator: ",") + "]", "{}", "[]", "7", #"{"a":[[[[]]]]}"#] {
            let bytes = Array(text.utf8)
            let document = try JSONDocument(bytes: bytes)
            let bound = bytes.withUnsafeBufferPointer { JSONParser.entryBound($0) }
            #expect(bound >= document.tapeCount, "\(text.prefix(40))")
            #expect(bound == expected(bytes))
        }
    }
}

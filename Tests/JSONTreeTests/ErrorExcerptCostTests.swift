import Testing

@testable import JSONTree

/// Issue 16: an error in a 100 MB minified line must not make the whole line visible before
/// cutting it (it took 10 s and 570 MB). What the excerpt is built from is checked directly, so the
/// test holds without any time limit.
@Suite("JSON error excerpts cost O(excerpt)")
struct ErrorExcerptCostTests {
    @Test("the excerpt is built from a bounded slice of a long line, wherever the error is")
    func sliceIsBounded() {
        var input = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000_000)
        input[500_000] = 0xC3  // a two-byte character across the window's edge
        input[500_001] = 0xA9
        input.withUnsafeBufferPointer { bytes in
            for offset in [0, 1, 320, 500_000, 500_321, 999_999, 1_000_000] {
                let slice = JSONParseError.visibleSlice(of: 0..<bytes.count, around: offset, in: bytes)
                #expect(slice.count <= 2 * 4 * 80 + 8, "offset \(offset)")
                #expect(slice.contains(offset) || offset == slice.upperBound, "offset \(offset)")
                #expect(slice.lowerBound == 0 || bytes[slice.lowerBound] & 0xC0 != 0x80)
            }
        }
    }

    @Test("a slice never leaves its line")
    func sliceStaysInItsLine() {
        let input = Array("[1,\n2 3,\n4]".utf8)
        input.withUnsafeBufferPointer { bytes in
            let slice = JSONParseError.visibleSlice(of: 4..<8, around: 6, in: bytes)
            #expect(slice == 4..<8)
        }
    }
}

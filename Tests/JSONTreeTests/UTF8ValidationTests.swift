import Testing

@testable import JSONTree

/// A string's bytes are accepted exactly when they are valid UTF-8 (RFC 3629), whichever path the
/// scanner takes (the two- and three-byte fast path, or the general one), and wherever the
/// sequence stops (cut short before the closing quote).
@Suite struct UTF8ValidationTests {
    func accepts(_ sequence: [UInt8]) -> Bool {
        (try? JSONDocument(bytes: Array("[\"a".utf8) + sequence + Array("b\"]".utf8))) != nil
    }

    func isValid(_ sequence: [UInt8]) -> Bool {
        String(validating: sequence, as: UTF8.self) != nil
    }

    @Test func everyTwoByteSequence() {
        var mismatches: [[UInt8]] = []
        for lead in 0x80...0xFF {
            for second in 0x00...0xFF where second != 0x22 && second != 0x5C && second >= 0x20 {
                let sequence = [UInt8(lead), UInt8(second)]
                if accepts(sequence) != isValid(sequence) { mismatches.append(sequence) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(8))")
    }

    @Test func threeAndFourByteSequencesAtTheirEdges() {
        let edges: [UInt8] = [0x20, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var mismatches: [[UInt8]] = []
        for lead in 0xE0...0xF7 {
            for second in edges {
                for third in edges {
                    let sequence = [UInt8(lead), second, third]
                    if accepts(sequence) != isValid(sequence) { mismatches.append(sequence) }
                    for fourth in edges where lead >= 0xF0 {
                        let long = sequence + [fourth]
                        if accepts(long) != isValid(long) { mismatches.append(long) }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(8))")
    }

    @Test func runsOfCharactersAndSequencesCutShortAtTheEnd() throws {
        let text = "Привет мир 日本語 한국어 😀 café ß"
        #expect(accepts(Array(text.utf8)))
        let document = try JSONDocument(bytes: Array("[\"\(text)\"]".utf8))
        #expect(document.string(document.child(document.root, at: 0)!) == text)
        for cut in [[0xD0], [0xE6, 0x97], [0xF0, 0x9F, 0x98]] as [[UInt8]] {
            #expect(throws: JSONParseError.self) { try JSONDocument(bytes: Array("[\"".utf8) + cut) }
            #expect(!accepts(cut))
        }
    }
}

internal import CJSONKernel
import Testing

@testable import JSONTree

/// The vector pre-pass (`JSONPrepass`, CJSONKernel's AVX2 kernel) decides whether string scans
/// check UTF-8 at all, so it must call a body valid exactly when it is — wherever a character
/// falls against its 32-byte blocks and the pieces a mapped file is read in — and count the same
/// tape bound as `JSONParser.entryBound`. A parse gives the same document, or the same error at
/// the same offset, with the pre-pass and without it.
@Suite(.enabled(if: JSONPrepass.isAvailable, "the kernel runs on x86-64 CPUs with AVX2"))
struct VectorPrepassTests {
    /// Nil only where the kernel does not run (the suite is not enabled there).
    func prepass(_ bytes: [UInt8], piece: Int? = nil) -> JSONPrepass? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let piece else { return JSONPrepass(buffer, release: nil) }
            return JSONPrepass(buffer, release: { _ in }, stride: piece)
        }
    }

    func isValid(_ bytes: [UInt8]) -> Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// Sequences at the edges of every UTF-8 rule: overlong forms, surrogates, past U+10FFFF,
    /// lone continuations, leads with too few continuations, bytes never allowed.
    static let sequences: [[UInt8]] = [
        [0xC2, 0x80], [0xDF, 0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0x80], [0xBF, 0xBF],
        [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xE1, 0x80, 0x80], [0xEC, 0xBF, 0xBF], [0xED, 0x9F, 0xBF],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xE6, 0x97],
        [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
        [0xF5, 0x80, 0x80, 0x80], [0xF1, 0x80, 0x80], [0xF0, 0x9F, 0x98], [0xF8, 0x88, 0x80, 0x80, 0x80],
        [0xFE], [0xFF], [0xE2, 0x82, 0xAC, 0x80], [0xF0, 0x9F, 0x98, 0x80, 0x80],
    ]

    @Test func everyRuleAtEveryPlaceAgainstTheBlocks() {
        var mismatches: [String] = []
        for sequence in Self.sequences {
            for offset in 0..<70 {
                for after in [0, 1, 40] {
                    let bytes =
                        [UInt8](repeating: 0x61, count: offset) + sequence + [UInt8](repeating: 0x62, count: after)
                    if prepass(bytes)?.isValidUTF8 != isValid(bytes) {
                        mismatches.append("\(sequence) at \(offset), \(after) after")
                    }
                }
            }
        }
        #expect(mismatches.count == 0, "the first: \(mismatches.prefix(8))")
    }

    @Test func randomBytesAndTextAgreeWithSwiftsValidator() {
        var random = SplitMix(seed: 31)
        let pieces: [[UInt8]] =
            Self.sequences + ["é", "日本", "😀", "a", "\"", ",", "{", "["].map { Array($0.utf8) }
        var mismatches = 0
        var valid = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            let length = Int(random.next() % 90)
            while bytes.count < length {
                let roll = random.next() % 100
                if roll < 70 {
                    // Mostly valid text, so that invalid pieces are rare and found inside it.
                    bytes += Array(["é", "日本", "😀", "abc", "Привет", " "][Int(random.next() % 6)].utf8)
                } else if roll < 95 {
                    bytes += pieces[Int(random.next() % UInt64(pieces.count))]
                } else {
                    bytes.append(UInt8(truncatingIfNeeded: random.next()))
                }
            }
            let expected = isValid(bytes)
            if expected { valid += 1 }
            if prepass(bytes)?.isValidUTF8 != expected { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(valid > 2_000 && valid < 18_000, "both kinds are drawn: \(valid) valid")
    }

    @Test func piecesOfAMappedFileCarryCharactersAcrossTheirEdges() {
        // A 3-byte character across every edge of 64-byte pieces (the AVX-512 kernel's block; the
        // AVX2 kernel's is 32), and a cut one at the very end.
        for offset in [28, 29, 30, 31, 32, 33, 60, 61, 62, 63, 64, 65] {
            let bytes =
                [UInt8](repeating: 0x20, count: offset) + [0xE6, 0x97, 0xA5] + [UInt8](repeating: 0x20, count: 64)
            #expect(prepass(bytes, piece: 64)?.isValidUTF8 == true)
            #expect(prepass(Array(bytes.prefix(offset + 2)), piece: 64)?.isValidUTF8 == false)
            var broken = bytes
            broken[offset + 2] = 0x41
            #expect(prepass(broken, piece: 64)?.isValidUTF8 == false)
        }
    }

    /// The AVX2 and AVX-512 kernels give the same counts and the same verdict, whatever falls
    /// across their blocks and the pieces (multiples of 64 bytes) the body is read in.
    @Test(.enabled(if: lazer_json_index_wide_available() != 0, "the CPU has AVX-512"))
    func bothKernelsAgree() {
        var random = SplitMix(seed: 41)
        let pieces = VectorPrepassTests.sequences + [Array("{[,\" a".utf8), Array("é日本😀".utf8)]
        for _ in 0..<2_000 {
            var bytes: [UInt8] = []
            while bytes.count < Int(random.next() % 400) { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
            let piece = 64 * Int(1 + random.next() % 3)
            let avx2 = read(bytes, kernel: 1, piece: piece)
            let avx512 = read(bytes, kernel: 2, piece: piece)
            #expect(avx2 == avx512, "\(bytes)")
            #expect(avx2.valid == isValid(bytes))
        }
    }

    func read(_ bytes: [UInt8], kernel: Int32, piece: Int) -> (commas: UInt64, opens: UInt64, valid: Bool) {
        var state = lazer_json_prepass()
        lazer_json_prepass_start(&state)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + piece)
                lazer_json_prepass_read_with(&state, base + start, end - start, end == bytes.count ? 1 : 0, kernel)
                start = end
            }
        }
        return (state.commas, state.opens, state.invalid == 0)
    }

    @Test(arguments: [0, 1, 31, 32, 33, 255, 256, 4_097])
    func theBoundIsTheScalarOne(length: Int) {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("{}[],:\"ab1 \u{0C}é".utf8) + [0x0B, 0x5B, 0x7B]
        let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
        let scalar = bytes.withUnsafeBufferPointer { JSONParser.entryBound($0) }
        #expect(prepass(bytes)?.entryBound == scalar)
        #expect(prepass(bytes, piece: 64)?.entryBound == scalar)
    }

    @Test func aParseIsTheSameWithAndWithoutThePrepass() {
        var random = SplitMix(seed: 7)
        var without = JSONParseOptions.strict
        without.usesVectorPrepass = false
        var errors = 0
        for _ in 0..<3_000 {
            var bytes = Array(RandomJSON.value(&random, depth: 0).utf8)
            // Now and then a byte changed: invalid UTF-8 in a string, or a syntax error first.
            if !bytes.isEmpty, random.next() % 3 == 0 {
                bytes[Int(random.next() % UInt64(bytes.count))] =
                    [0xFF, 0xC3, 0xE6, 0x80, 0x01, 0x7D][
                        Int(random.next() % 6)]
            }
            let fast = Result { () throws(JSONParseError) in try JSONDocument(bytes: bytes) }
            let plain = Result { () throws(JSONParseError) in try JSONDocument(bytes: bytes, options: without) }
            switch (fast, plain) {
            case (.success(let one), .success(let other)):
                #expect(JSONPrinter.string(one) == JSONPrinter.string(other))
            case (.failure(let one), .failure(let other)):
                errors += 1
                #expect(one.reason == other.reason && one.offset == other.offset, "\(one) vs \(other)")
            default:
                Issue.record("one parse failed and the other did not: \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(errors > 100)
    }
}

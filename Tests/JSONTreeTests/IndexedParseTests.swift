internal import CJSONKernel
import Testing

@testable import JSONTree

/// The indexed parse (`StructuralIndex` + `JSONParser.runIndexed`) must accept exactly the
/// documents the byte-at-a-time parser accepts (UTF-8 aside: the pre-pass has checked it) and
/// build the very same tape, overflow table and checkpoints; whatever it declines is parsed the
/// old way, so errors keep their reasons and offsets. Documents here are generated to put every
/// kind of token against the kernel's 64-byte blocks and 16 KiB windows.
@Suite(.enabled(if: StructuralIndex.isAvailable, "the kernel runs on x86-64 CPUs with AVX2"))
struct IndexedParseTests {
    /// Strict grammar, UTF-8 not checked, no index: what `runIndexed` must agree with.
    static let plain: JSONParseOptions = {
        var options = JSONParseOptions(validatesUTF8: false)
        options.usesStructuralIndex = false
        return options
    }()

    /// Compares the indexed parse of `bytes` with the plain one; returns whether the plain parse
    /// accepted the document.
    @discardableResult
    func compare(_ bytes: [UInt8], _ comment: Comment? = nil) -> Bool {
        let indexed = bytes.withUnsafeBufferPointer { JSONParser.parseIndexedOnly($0) }
        guard let document = try? JSONDocument(bytes: bytes, options: IndexedParseTests.plain) else {
            #expect(indexed == nil, "the index accepted what the parser refuses: \(text(bytes))")
            return false
        }
        guard let (tape, overflow, checkpoints) = indexed else {
            Issue.record("the index declined a valid document: \(text(bytes))")
            return true
        }
        #expect(tape.count == document.tape.count, comment)
        let same = (0..<min(tape.count, document.tape.count)).allSatisfy { tape[$0] == document.tape[$0] }
        #expect(same, "tapes differ: \(text(bytes))")
        #expect(overflow == document.overflow)
        #expect(checkpoints.entries == document.checkpoints.entries)
        return true
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes.prefix(300), as: UTF8.self) }

    @Test func generatedDocumentsGiveTheSameTape() {
        var random = SplitMix(seed: 31)
        for round in 0..<800 {
            var generator = IndexedJSON(random: random, longValues: round % 50 == 0)
            let bytes = generator.document()
            random = generator.random
            #expect(compare(bytes), "a generated document did not parse: \(text(bytes))")
        }
    }

    @Test func damagedDocumentsAreDeclinedExactlyWhenRefused() {
        var random = SplitMix(seed: 32)
        let damage: [UInt8] = Array("\"\\{}[]:,. -+eE0x\u{1}\t".utf8) + [0x00, 0x7F, 0xC3, 0x0C, 0x1A]
        var refused = 0
        for _ in 0..<3_000 {
            var generator = IndexedJSON(random: random, longValues: false)
            var bytes = generator.document()
            random = generator.random
            for _ in 0...(random.next() % 2) where !bytes.isEmpty {
                let place = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[place] = damage[Int(random.next() % UInt64(damage.count))]
                case 1: bytes.remove(at: place)
                default: bytes.insert(damage[Int(random.next() % UInt64(damage.count))], at: place)
                }
            }
            if !compare(bytes) { refused += 1 }
        }
        #expect(refused > 1_000)
    }

    /// Runs of offsets longer than the parser's look-ahead and across the 16 KiB windows: a string
    /// of thousands of escapes, thousands of brackets closing in a row, a last value at the very end.
    @Test func longRunsOfOffsetsCrossWindows() {
        let escapes = String(repeating: "\\n\\\"", count: 6_000)
        let nested = String(repeating: "[", count: 5_000) + "1" + String(repeating: "]", count: 5_000)
        for padding in [0, 1, 63, 16_000] {
            let space = String(repeating: " ", count: padding)
            #expect(compare(Array("{\(space)\"a\":\"\(escapes)\",\"b\":\(nested)}".utf8)))
            #expect(compare(Array("[\(space)\(nested),\"\(escapes)\"]".utf8)))
            #expect(compare(Array("\(space)7".utf8)))
        }
    }

    /// Every string of up to four of the bytes numbers are made of, as an array element followed by
    /// another (so the number is checked in one read, `lazer_json_number_kind`) and before spaces
    /// (the byte-by-byte check): accepted and classed exactly as the parser does.
    @Test func numbersAreCheckedAsTheParserChecksThem() {
        let alphabet = Array("-+0123.eE".utf8)
        var candidates: [[UInt8]] = [[]]
        var accepted = 0
        for _ in 0..<4 {
            candidates = candidates.flatMap { prefix in alphabet.map { prefix + [$0] } }
            for number in candidates {
                if compare(Array("[".utf8) + number + Array(",0]".utf8) + Array(repeating: 0x20, count: 16)) {
                    accepted += 1
                }
                compare(Array("[".utf8) + number + Array(" ]".utf8))
            }
        }
        #expect(accepted > 300)
    }

    /// Through `JSONDocument`: a refused document fails as it did before the index, with the same
    /// reason at the same offset.
    @Test(arguments: [
        "{\"a\": \"x\u{1}y\"}", #"[1, 2,]"#, #"{"a" 1}"#, #"[01]"#, #"["\x"]"#, #"["\u12G4"]"#, #"[tru]"#,
        #"[1.]"#, #"[-]"#, #"{"a":1}}"#, #"["a" "b"]"#, #"[1]x"#, #"[nulll]"#, #"{"a\"":1"#, "[\"a\tb\"]", "\"abc",
    ])
    func errorsAreUnchanged(text: String) {
        var old = JSONParseOptions.strict
        old.usesStructuralIndex = false
        let now = Result { () throws(JSONParseError) in try JSONDocument(text: text) }
        let before = Result { () throws(JSONParseError) in try JSONDocument(text: text, options: old) }
        guard case .failure(let error) = now, case .failure(let expected) = before else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(error.reason == expected.reason)
        #expect(error.offset == expected.offset)
    }

    /// The AVX2 and AVX-512 kernels find the same offsets, whatever falls across their blocks and
    /// however the body is cut into pieces.
    @Test(.enabled(if: lazer_json_index_wide_available() != 0, "the CPU has AVX-512"))
    func bothKernelsAgree() {
        var random = SplitMix(seed: 33)
        let alphabet = Array("\"\\\\\\{}[]:, \n\t1ae\u{1}é".utf8)
        for _ in 0..<400 {
            let length = Int(random.next() % 700)
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let piece = 64 * Int(1 + random.next() % 4)
            #expect(offsets(bytes, kernel: 1, piece: piece) == offsets(bytes, kernel: 2, piece: piece))
        }
    }

    func offsets(_ bytes: [UInt8], kernel: Int32, piece: Int) -> [UInt32] {
        var state = lazer_json_index()
        lazer_json_index_start(&state)
        var found: [UInt32] = []
        var out = [UInt32](repeating: 0, count: piece + 64)
        var start = 0
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            while start < bytes.count {
                let length = min(piece, bytes.count - start)
                let written = lazer_json_index_read_with(
                    &state, base + start, length, UInt32(start), &out, kernel)
                found += out[..<written]
                start += length
            }
        }
        return found + [UInt32(truncatingIfNeeded: state.in_string), UInt32(state.control == 0 ? 0 : 1)]
    }
}

/// Documents whose tokens fall anywhere against 64-byte blocks: whitespace of every kind and
/// width, escapes and runs of backslashes, non-ASCII text, numbers of every form, containers
/// with more children than a checkpoint stride, and now and then values longer than a tape
/// payload holds.
struct IndexedJSON {
    var random: SplitMix
    let longValues: Bool

    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }

    mutating func document() -> [UInt8] {
        let mark = random.next() % 20 == 0 ? "\u{FEFF}" : ""
        return Array((mark + space() + value(depth: 0) + space()).utf8)
    }

    mutating func space() -> String {
        switch random.next() % 12 {
        case 0..<6: ""
        case 6..<10: pick([" ", "\n", "\t", "\r\n", "  \n  "])
        case 10: String(repeating: " ", count: Int(random.next() % 130))
        default: longValues ? String(repeating: "\n", count: 70_000) : "\t \t"
        }
    }

    mutating func value(depth: Int) -> String {
        let roll = random.next() % 10
        if depth > 4 || roll < 5 { return scalar() }
        let count = depth < 2 && random.next() % 8 == 0 ? Int(random.next() % 200) : Int(random.next() % 5)
        if roll < 8 {
            var members: [String] = []
            for _ in 0..<count {
                members.append(space() + string() + space() + ":" + space() + value(depth: depth + 1))
            }
            return "{" + members.joined(separator: space() + ",") + space() + "}"
        }
        var elements: [String] = []
        for _ in 0..<count { elements.append(space() + value(depth: depth + 1)) }
        return "[" + elements.joined(separator: space() + ",") + space() + "]"
    }

    mutating func scalar() -> String {
        switch random.next() % 6 {
        case 0, 1: string()
        case 2, 3:
            pick([
                "0", "-0", "7", "12345678901234567890", "1.5", "-2.5e+10", "1E5", "0.000001", "-12.75E-3",
                "31415926535.8979323846", "100000000", "12345678",
            ])
        default: pick(["true", "false", "null"])
        }
    }

    mutating func string() -> String {
        let pieces = [
            "a", "key", "x y", "\\\"", "\\\\", "\\n", "\\u00e9", "\\uD83D\\uDE00", "é", "日本", "😀", "\\\\\\\\", "\\/",
            "{", "}", "[", "]", ":", ",", "0",
        ]
        let count = longValues && random.next() % 3 == 0 ? 1_200 : Int(random.next() % 12)
        var text = "\""
        for _ in 0..<count { text += pick(pieces) }
        return text + "\""
    }
}

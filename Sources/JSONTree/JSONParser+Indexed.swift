internal import CJSONKernel

/// Stage two of the indexed parse: the same grammar and the same tape as `run`, reading the
/// structural offsets `StructuralIndex` finds instead of every byte — whitespace is never looked
/// at, and a string is two offsets (its quotes) plus one per escape.
///
/// It only accepts: anything it cannot vouch for (a syntax error, a control character in a string,
/// nesting past the limit) throws `Failure.declined`, and `parse` runs the byte-at-a-time `run`,
/// which finds and places the error exactly as it always has. So it needs no error messages, and
/// a document it accepts must be one `run` accepts with the very same tape (`IndexedParseTests`
/// and the fuzzer compare them entry by entry).
extension JSONParser {
    mutating func runIndexed() throws(Failure) {
        let base = self.base
        let count = self.count
        var writer = self.writer
        let maximumDepth = options.maximumDepth
        var stack = self.stack
        var stackCapacity = self.stackCapacity
        var depth = 0
        var overflow: [Int: Int] = [:]
        var checkpoints: [UInt64] = []
        let checkpointMask = ChildCheckpoints.stride - 1
        let hasMark = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF
        var index = StructuralIndex(base: base, count: count, start: hasMark ? 3 : 0)
        // The window's offsets not read yet, kept in locals (registers), not in `index`.
        var cursor = UnsafeMutablePointer<UInt32>(bitPattern: 8).unsafelyUnwrapped
        var limit = cursor
        let check = IndexedChecks(base: base, count: count)
        defer {
            self.writer = writer
            self.stack = stack
            self.stackCapacity = stackCapacity
            self.overflow = overflow
            self.checkpoints = checkpoints
        }

        @inline(__always) func emit(into writer: inout TapeWriter, _ entry: UInt64) throws(Failure) {
            guard writer.append(entry) else { throw Failure(reason: nil, offset: 0, expected: "") }
        }

        @inline(__always) func payloadBits(_ value: Int, at index: Int) -> UInt64 {
            if value < Int(Tape.overflowMarker) { return UInt64(truncatingIfNeeded: value) << Tape.payloadShift }
            overflow[index] = value
            return Tape.overflowMarker << Tape.payloadShift
        }

        @inline(__always) func push(_ frame: Frame) {
            if depth == stackCapacity {
                let newStack = UnsafeMutablePointer<Frame>.allocate(capacity: stackCapacity * 2)
                newStack.moveInitialize(from: stack, count: depth)
                stack.deallocate()
                stack = newStack
                stackCapacity *= 2
            }
            (stack + depth).initialize(to: frame)
            depth &+= 1
        }

        @inline(__always) func close(at position: Int, _ writer: inout TapeWriter) throws(Failure) {
            depth &-= 1
            let frame = stack[depth]
            let endIndex = writer.count
            if endIndex == frame.tapeIndex &+ 1 { return }
            try emit(
                into: &writer,
                UInt64(truncatingIfNeeded: position) | payloadBits(frame.childCount, at: endIndex)
                    | (Tape.endKind << Tape.kindShift))
            writer.addPayload(payloadBits(endIndex &- frame.tapeIndex, at: frame.tapeIndex), at: frame.tapeIndex)
        }

        /// The byte at a structural offset; 0 (which no structural byte is) past the end.
        @inline(__always) func byte(at offset: Int) -> UInt8 { offset < count ? base[offset] : 0 }

        /// Makes sure `StructuralIndex.lookahead` offsets can be read without a check: once per
        /// token (a member reads four offsets, anything else one or two), and once per escape.
        @inline(__always) func ensure() {
            if limit - cursor < StructuralIndex.lookahead { (cursor, limit) = index.refill(cursor, limit) }
        }

        @inline(__always) func next() -> Int {
            let offset = cursor.pointee
            cursor += 1
            return Int(truncatingIfNeeded: offset)
        }

        /// The closing quote of the string that opens at `offset`, and whether it holds escapes:
        /// the next structural offsets are its escaping backslashes, then its closing quote.
        @inline(__always) func closingQuote(_ offset: Int) throws(Failure) -> (Int, Bool) {
            var end = next()
            var escaped = false
            while end < count, base[end] == UInt8(ascii: "\\") {
                escaped = true
                guard check.escape(end) else { throw Failure.declined }
                ensure()
                end = next()
            }
            guard end < count else { throw Failure.declined }
            return (end, escaped)
        }

        /// Reads `"key" :` whose opening quote is at `offset`: the value's offset, the key's
        /// offset and the key's flags.
        @inline(__always) func member(_ offset: Int) throws(Failure) -> (Int, Int, UInt64) {
            guard byte(at: offset) == UInt8(ascii: "\"") else { throw Failure.declined }
            let (_, escaped) = try closingQuote(offset)
            guard byte(at: next()) == UInt8(ascii: ":") else { throw Failure.declined }
            return (next(), offset, Tape.keyedBit | (escaped ? Tape.keyEscapedBit : 0))
        }

        var keyBits: UInt64 = 0
        var keyOffset = -1
        ensure()
        var offset = next()
        valueLoop: while true {
            ensure()
            let entryOffset = keyOffset >= 0 ? keyOffset : offset
            let flags = keyBits | UInt64(truncatingIfNeeded: entryOffset)
            keyBits = 0
            keyOffset = -1
            switch byte(at: offset) {
            case UInt8(ascii: "{"):
                guard depth < maximumDepth else { throw Failure.declined }
                push(Frame(tapeIndex: writer.count, childCount: 0, isObject: true))
                try emit(into: &writer, flags)
                offset = next()
                if byte(at: offset) == UInt8(ascii: "}") {
                    try close(at: offset, &writer)
                } else {
                    (offset, keyOffset, keyBits) = try member(offset)
                    continue valueLoop
                }
            case UInt8(ascii: "["):
                guard depth < maximumDepth else { throw Failure.declined }
                push(Frame(tapeIndex: writer.count, childCount: 0, isObject: false))
                try emit(into: &writer, flags | (1 << Tape.kindShift))
                offset = next()
                if byte(at: offset) == UInt8(ascii: "]") {
                    try close(at: offset, &writer)
                } else {
                    continue valueLoop
                }
            case UInt8(ascii: "\""):
                let entry = writer.count
                let (end, escaped) = try closingQuote(offset)
                try emit(
                    into: &writer,
                    flags | payloadBits(end &- offset &- 1, at: entry)
                        | (UInt64(JSONKind.string.rawValue) << Tape.kindShift) | (escaped ? Tape.valueFlagBit : 0))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let entry = writer.count
                // Where the next structural byte is (the look-ahead has it): where a number
                // written without spaces after it ends, checked in one read.
                let peek = Int(truncatingIfNeeded: cursor.pointee)
                let length = peek &- offset
                var kind: Int32 = 0
                if length <= 16, offset &+ 16 <= count {
                    kind = lazer_json_number_kind(base + offset, Int32(truncatingIfNeeded: length))
                }
                var isInteger = kind != 2
                let end = kind != 0 ? peek : check.numberEnd(offset, &isInteger)
                guard end >= 0 else { throw Failure.declined }
                try emit(
                    into: &writer,
                    flags | payloadBits(end &- offset, at: entry)
                        | (UInt64(JSONKind.number.rawValue) << Tape.kindShift) | (isInteger ? 0 : Tape.valueFlagBit))
            case UInt8(ascii: "t"):
                try check.literal(offset, 0x6575_7274, length: 4)  // "true"
                try emit(into: &writer, flags | (UInt64(JSONKind.true.rawValue) << Tape.kindShift))
            case UInt8(ascii: "f"):
                try check.literal(offset &+ 1, 0x6573_6C61, length: 4)  // "alse"
                try emit(into: &writer, flags | (UInt64(JSONKind.false.rawValue) << Tape.kindShift))
            case UInt8(ascii: "n"):
                try check.literal(offset, 0x6C6C_756E, length: 4)  // "null"
                try emit(into: &writer, flags | (UInt64(JSONKind.null.rawValue) << Tape.kindShift))
            default:
                throw Failure.declined
            }

            // After a value: a separator, a closing bracket, or the end of the document.
            offset = next()
            afterValue: while true {
                ensure()
                guard depth > 0 else {
                    guard offset == count, index.isClean else { throw Failure.declined }
                    return
                }
                let top = stack[depth &- 1]
                stack[depth &- 1].childCount &+= 1
                let separator = byte(at: offset)
                if separator == UInt8(ascii: ",") {
                    offset = next()
                    if top.isObject { (offset, keyOffset, keyBits) = try member(offset) }
                    if (top.childCount &+ 1) & checkpointMask == 0 {
                        checkpoints.append(UInt64(top.tapeIndex) << 32 | UInt64(writer.count))
                    }
                    continue valueLoop
                }
                guard separator == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw Failure.declined
                }
                try close(at: offset, &writer)
                offset = next()
            }
        }
    }
}

/// The checks of stage two that read bytes around an offset (a small value: its fields stay in
/// registers).
struct IndexedChecks {
    typealias Failure = JSONParser.Failure

    let base: UnsafePointer<UInt8>
    let count: Int

    /// Whether the escape whose backslash is at `offset` (the index has put it inside a string) is
    /// valid: a one-letter escape here, inline (a string-heavy body has thousands); `\u` apart.
    @inline(__always)
    func escape(_ offset: Int) -> Bool {
        guard offset &+ 1 < count else { return false }
        return JSONScanner.isShortEscape(base[offset &+ 1]) || unicodeEscape(offset)
    }

    /// Whether `\u` and four hex digits start at `offset`.
    @inline(never)
    func unicodeEscape(_ offset: Int) -> Bool {
        guard base[offset &+ 1] == UInt8(ascii: "u"), offset &+ 5 < count else { return false }
        return (offset &+ 2...offset &+ 5).allSatisfy { JSONParser.hexValue(base[$0]) != nil }
    }

    /// The end of the number at `offset` (-1: not a number that ends the run the index saw
    /// starting there), and in `isInteger` whether it is an integer: `JSONScanner.scanNumber`'s
    /// check, for the numbers `lazer_json_number_kind` cannot take (spaces after them, longer than
    /// 16 bytes, at the end of the body).
    func numberEnd(_ offset: Int, _ isInteger: inout Bool) -> Int {
        let scanner = JSONScanner(base: base, count: count, options: .strict, checksUTF8: false)
        guard let (end, integer) = try? scanner.scanNumber(offset), endsScalar(end) else { return -1 }
        isInteger = integer
        return end
    }

    /// Checks that the `length` bytes at `offset` are `word` (little-endian) and end a scalar.
    @inline(__always)
    func literal(_ offset: Int, _ word: UInt32, length: Int) throws(Failure) {
        guard offset &+ length <= count,
            UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self) == word,
            endsScalar(offset &+ length)
        else { throw Failure.declined }
    }

    /// Whether a number or literal may end before `offset`: the end of the body, whitespace, a
    /// bracket, colon, comma or quote — a byte the index does not fold into the run.
    @inline(__always)
    func endsScalar(_ offset: Int) -> Bool {
        guard offset < count else { return true }
        let byte = base[offset]
        // Bits for 0x00–0x3F: tab, line feed, return, space, '"', ',', ':'; for 0x40–0x7F: '[', ']', '{', '}'.
        let low: UInt64 = 1 << 0x09 | 1 << 0x0A | 1 << 0x0D | 1 << 0x20 | 1 << 0x22 | 1 << 0x2C | 1 << 0x3A
        let high: UInt64 = 1 << (0x5B - 0x40) | 1 << (0x5D - 0x40) | 1 << (0x7B - 0x40) | 1 << (0x7D - 0x40)
        guard byte < 0x80 else { return false }
        return ((byte < 0x40 ? low : high) >> UInt64(byte & 0x3F)) & 1 != 0
    }
}

extension JSONParser.Failure {
    /// The indexed parse cannot vouch for the input: `parse` runs the byte-at-a-time parser.
    static let declined = JSONParser.Failure(reason: nil, offset: -1, expected: "")

    var isDeclined: Bool { reason == nil && offset == -1 }
}

extension JSONParser {
    /// The indexed parse alone, for tests that compare it with `run`: nil when it declines.
    static func parseIndexedOnly(_ bytes: UnsafeBufferPointer<UInt8>) -> (TapeStorage, [Int: Int], ChildCheckpoints)? {
        var overflow: [Int: Int] = [:]
        var checkpoints: [UInt64] = []
        let tape = TapeStorage.write(capacity: entryBound(bytes)) { writer in
            var parser = JSONParser(bytes: bytes, options: .strict, checksUTF8: false, writer: writer)
            defer { writer = parser.writer }
            guard (try? parser.runIndexed()) != nil else { return false }
            overflow = parser.overflow
            checkpoints = parser.checkpoints
            return true
        }
        guard let tape else { return nil }
        return (tape, overflow, ChildCheckpoints(unsorted: checkpoints))
    }
}

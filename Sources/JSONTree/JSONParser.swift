/// The tape builder: one pass over the bytes, an explicit stack instead of recursion, SWAR
/// scanning of string bodies. Produces the tape and the overflow table for `JSONDocument`.
///
/// Hot loops work on raw pointers; every read is guarded by an explicit `position < count`
/// check, and the 8-byte word loads only happen when 8 bytes remain.
struct JSONParser: ~Copyable {
    /// A parse failure before line/column are computed (that happens once, in `run`).
    struct Failure: Error {
        /// nil: the tape ran out of room (an internal retry, never shown to users).
        var reason: JSONParseError.Reason?
        var offset: Int
        var expected: String
    }

    /// One open container: its tape index and how many children it has so far.
    struct Frame {
        var tapeIndex: Int
        var childCount: Int
        var isObject: Bool
    }

    let base: UnsafePointer<UInt8>
    let count: Int
    let options: JSONParseOptions
    /// The output, owned by the caller's array: `tapeCapacity` is an upper bound on the entries
    /// any input of this size can produce (see `entryBound`), so the hot path never reallocates.
    let tape: UnsafeMutablePointer<UInt64>
    let tapeCapacity: Int
    var tapeCount = 0
    var overflow: [Int: Int] = [:]
    /// The open containers, innermost last (a raw buffer: this is the hottest bookkeeping).
    var stack: UnsafeMutablePointer<Frame>
    var depth = 0
    var stackCapacity = 64

    init(
        bytes: UnsafeBufferPointer<UInt8>, options: JSONParseOptions, tape: UnsafeMutablePointer<UInt64>, capacity: Int
    ) {
        self.base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
        self.count = bytes.count
        self.options = options
        self.tape = tape
        self.tapeCapacity = capacity
        self.stack = .allocate(capacity: stackCapacity)
    }

    deinit { stack.deallocate() }

    mutating func push(_ frame: Frame) {
        if depth == stackCapacity {
            let newStack = UnsafeMutablePointer<Frame>.allocate(capacity: stackCapacity * 2)
            newStack.moveInitialize(from: stack, count: depth)
            stack.deallocate()
            stack = newStack
            stackCapacity *= 2
        }
        (stack + depth).initialize(to: frame)
        depth += 1
    }

    /// Parses `bytes` into a tape, or throws a positioned error.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        options: JSONParseOptions
    ) throws(JSONParseError) -> (tape: [UInt64], overflow: [Int: Int]) {
        guard bytes.count <= Tape.maximumBodySize else {
            throw JSONParseError(reason: .tooLarge, offset: 0, expected: "a body smaller than 4 GiB", in: bytes)
        }
        var capacity = entryBound(bytes)
        while true {
            var failure: Failure?
            var overflow: [Int: Int] = [:]
            let tape = [UInt64](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                guard let start = buffer.baseAddress else { return }
                var parser = JSONParser(bytes: bytes, options: options, tape: start, capacity: buffer.count)
                do throws(Failure) {
                    try parser.run()
                    initialized = parser.tapeCount
                } catch {
                    failure = error
                    initialized = 0
                }
                overflow = parser.overflow
            }
            guard let failure else { return (tape, overflow) }
            guard failure.reason != nil else {
                // The bound was wrong (it should not be): retry with more room rather than fail.
                capacity *= 2
                continue
            }
            throw JSONParseError(
                reason: failure.reason ?? .unexpected, offset: failure.offset, expected: failure.expected, in: bytes)
        }
    }

    /// An upper bound on the tape entries `bytes` can produce: every value but a container's first
    /// is preceded by a comma, and every container adds a start and an end — so
    /// `1 + commas + 2 × ('{' + '[')` bounds it, counting those bytes anywhere (even in strings).
    static func entryBound(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 1 }
        let raw = UnsafeRawPointer(base)
        var commas = 0
        var opens = 0
        var position = 0
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        @inline(__always) func matches(_ word: UInt64, _ byte: UInt64) -> UInt64 {
            let diff = word ^ (0x0101_0101_0101_0101 &* byte)
            return ~(((diff & low) &+ low) | diff | low)
        }
        while position + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            commas &+= matches(word, 0x2C).nonzeroBitCount
            opens &+= (matches(word, 0x7B) | matches(word, 0x5B)).nonzeroBitCount
            position &+= 8
        }
        while position < bytes.count {
            let byte = base[position]
            if byte == 0x2C { commas += 1 }
            if byte == 0x7B || byte == 0x5B { opens += 1 }
            position += 1
        }
        return 1 + commas + 2 * opens
    }

    // MARK: - Tape output

    @inline(__always)
    mutating func emit(_ entry: UInt64) throws(Failure) {
        guard tapeCount < tapeCapacity else { throw Failure(reason: nil, offset: 0, expected: "") }
        tape[tapeCount] = entry
        tapeCount &+= 1
    }

    /// Encodes a payload, spilling values that do not fit into the overflow table.
    @inline(__always)
    mutating func payloadBits(_ value: Int, at index: Int) -> UInt64 {
        if value < Int(Tape.overflowMarker) { return UInt64(truncatingIfNeeded: value) << Tape.payloadShift }
        overflow[index] = value
        return Tape.overflowMarker << Tape.payloadShift
    }

    // MARK: - Main loop

    mutating func run() throws(Failure) {
        var position = 0
        // A UTF-8 byte order mark is skipped (RFC 8259 §8.1 allows ignoring it).
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { position = 3 }
        // Key of the member whose value comes next: flags to OR into the entry, and its offset.
        var keyBits: UInt64 = 0
        var keyOffset = -1

        position = try skipWhitespace(position)
        valueLoop: while true {
            // Expect a value at `position`.
            guard position < count else { throw Failure(reason: .unexpected, offset: position, expected: "a value") }
            let byte = base[position]
            let entryOffset = keyOffset >= 0 ? keyOffset : position
            let flags = keyBits | UInt64(truncatingIfNeeded: entryOffset)
            keyBits = 0
            keyOffset = -1
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                if depth >= options.maximumDepth {
                    throw Failure(
                        reason: .tooDeep, offset: position,
                        expected: "at most \(options.maximumDepth) levels of nesting")
                }
                push(Frame(tapeIndex: tapeCount, childCount: 0, isObject: isObject))
                try emit(flags | (UInt64(isObject ? 0 : 1) << Tape.kindShift))
                position = try skipWhitespace(position + 1)
                if isObject {
                    if position < count, base[position] == UInt8(ascii: "}") {
                        try close(at: position)
                        position += 1
                    } else {
                        (position, keyOffset, keyBits) = try member(position)
                        continue valueLoop
                    }
                } else {
                    if position < count, base[position] == UInt8(ascii: "]") {
                        try close(at: position)
                        position += 1
                    } else {
                        continue valueLoop
                    }
                }
            case UInt8(ascii: "\""):
                let index = tapeCount
                let (end, escaped) = try scanString(position + 1)
                let length = end - position - 1
                try emit(
                    flags | payloadBits(length, at: index) | (UInt64(JSONKind.string.rawValue) << Tape.kindShift)
                        | (escaped ? Tape.valueFlagBit : 0))
                position = end + 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let index = tapeCount
                let (end, isInteger) = try scanNumber(position)
                try emit(
                    flags | payloadBits(end - position, at: index)
                        | (UInt64(JSONKind.number.rawValue) << Tape.kindShift) | (isInteger ? 0 : Tape.valueFlagBit))
                position = end
            case UInt8(ascii: "t"):
                try expectLiteral(position, "true")
                try emit(flags | (UInt64(JSONKind.true.rawValue) << Tape.kindShift))
                position += 4
            case UInt8(ascii: "f"):
                try expectLiteral(position, "false")
                try emit(flags | (UInt64(JSONKind.false.rawValue) << Tape.kindShift))
                position += 5
            case UInt8(ascii: "n"):
                try expectLiteral(position, "null")
                try emit(flags | (UInt64(JSONKind.null.rawValue) << Tape.kindShift))
                position += 4
            default:
                throw Failure(reason: .unexpected, offset: position, expected: "a value")
            }

            // After a value: a separator, a closing bracket, or the end of the document.
            afterValue: while true {
                position = try skipWhitespace(position)
                guard depth > 0 else {
                    if position < count {
                        throw Failure(reason: .trailingData, offset: position, expected: "end of input")
                    }
                    return
                }
                let top = stack[depth - 1]
                stack[depth - 1].childCount += 1
                guard position < count else {
                    throw Failure(
                        reason: .unexpected, offset: position,
                        expected: top.isObject ? "',' or '}'" : "',' or ']'")
                }
                let separator = base[position]
                if separator == UInt8(ascii: ",") {
                    position = try skipWhitespace(position + 1)
                    if top.isObject {
                        if options.allowsTrailingCommas, position < count, base[position] == UInt8(ascii: "}") {
                            try close(at: position)
                            position += 1
                            continue afterValue
                        }
                        (position, keyOffset, keyBits) = try member(position)
                    } else if options.allowsTrailingCommas, position < count, base[position] == UInt8(ascii: "]") {
                        try close(at: position)
                        position += 1
                        continue afterValue
                    }
                    continue valueLoop
                }
                if separator == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    try close(at: position)
                    position += 1
                    continue afterValue
                }
                throw Failure(
                    reason: .unexpected, offset: position,
                    expected: top.isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
                )
            }
        }
    }

    /// Closes the innermost container: writes its end entry and patches its start entry.
    @inline(__always)
    mutating func close(at position: Int) throws(Failure) {
        depth -= 1
        let frame = stack[depth]
        let endIndex = tapeCount
        // An empty container is one entry (payload 0): in a fully expanded tree every entry is a row.
        if endIndex == frame.tapeIndex + 1 { return }
        try emit(
            UInt64(truncatingIfNeeded: position) | payloadBits(frame.childCount, at: endIndex)
                | (Tape.endKind << Tape.kindShift))
        tape[frame.tapeIndex] |= payloadBits(endIndex - frame.tapeIndex, at: frame.tapeIndex)
    }

    /// Reads `"key" :` at `position`; returns the position of the value, the key offset and key flags.
    @inline(__always)
    func member(_ position: Int) throws(Failure) -> (Int, Int, UInt64) {
        guard position < count, base[position] == UInt8(ascii: "\"") else {
            throw Failure(reason: .unexpected, offset: position, expected: "a '\"' starting an object key")
        }
        let (end, escaped) = try scanString(position + 1)
        var next = try skipWhitespace(end + 1)
        guard next < count, base[next] == UInt8(ascii: ":") else {
            throw Failure(reason: .unexpected, offset: next, expected: "':' after an object key")
        }
        next = try skipWhitespace(next + 1)
        return (next, position, Tape.keyedBit | (escaped ? Tape.keyEscapedBit : 0))
    }

    // MARK: - Whitespace

    @inline(__always)
    func skipWhitespace(_ start: Int) throws(Failure) -> Int {
        var position = start
        while position < count {
            let byte = base[position]
            if byte > 0x20 {
                if byte == UInt8(ascii: "/"), options.allowsComments {
                    position = try skipComment(position)
                    continue
                }
                return position
            }
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return position }
            position &+= 1
        }
        return position
    }

    func skipComment(_ start: Int) throws(Failure) -> Int {
        guard start + 1 < count else {
            throw Failure(reason: .unexpected, offset: start, expected: "a value or a comment")
        }
        if base[start + 1] == UInt8(ascii: "/") {
            var position = start + 2
            while position < count, base[position] != 0x0A { position += 1 }
            return position
        }
        if base[start + 1] == UInt8(ascii: "*") {
            var position = start + 2
            while position + 1 < count {
                if base[position] == UInt8(ascii: "*"), base[position + 1] == UInt8(ascii: "/") { return position + 2 }
                position += 1
            }
            throw Failure(reason: .unexpected, offset: count, expected: "'*/' closing the comment")
        }
        throw Failure(reason: .unexpected, offset: start, expected: "a value or a comment")
    }

    // MARK: - Literals

    @inline(__always)
    func expectLiteral(_ position: Int, _ literal: StaticString) throws(Failure) {
        let length = literal.utf8CodeUnitCount
        let text = literal.utf8Start
        for index in 0..<length where position + index >= count || base[position + index] != text[index] {
            throw Failure(reason: .unexpected, offset: position + index, expected: "'\(literal)'")
        }
    }

    // MARK: - Numbers

    /// Validates a number starting at `start`; returns its end and whether it is an integer.
    @inline(__always)
    func scanNumber(_ start: Int) throws(Failure) -> (Int, Bool) {
        var position = start
        if base[position] == UInt8(ascii: "-") { position += 1 }
        guard position < count, isDigit(base[position]) else {
            throw Failure(reason: .invalidNumber, offset: position, expected: "a digit")
        }
        if base[position] == UInt8(ascii: "0") {
            position += 1
            if position < count, isDigit(base[position]) {
                throw Failure(
                    reason: .invalidNumber, offset: position,
                    expected: "'.', 'e' or the end of the number (no leading zeros)")
            }
        } else {
            position = skipDigits(position + 1)
        }
        var isInteger = true
        if position < count, base[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < count, isDigit(base[position]) else {
                throw Failure(reason: .invalidNumber, offset: position, expected: "a digit after '.'")
            }
            position = skipDigits(position + 1)
        }
        if position < count, base[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < count, base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < count, isDigit(base[position]) else {
                throw Failure(reason: .invalidNumber, offset: position, expected: "a digit in the exponent")
            }
            position = skipDigits(position + 1)
        }
        return (position, isInteger)
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    @inline(__always)
    func skipDigits(_ start: Int) -> Int {
        var position = start
        while position < count, base[position] &- UInt8(ascii: "0") < 10 { position &+= 1 }
        return position
    }

    // MARK: - Strings

    /// Scans a string body starting after the opening quote; returns the closing quote's offset
    /// and whether the body contains escapes. Eight bytes at a time while no special byte shows.
    @inline(__always)
    func scanString(_ start: Int) throws(Failure) -> (Int, Bool) {
        var position = start
        var escaped = false
        let raw = UnsafeRawPointer(base)
        while true {
            // Word-at-a-time: find the first quote, backslash, control or non-ASCII byte.
            while position &+ 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                let mask = JSONParser.specialBytes(word)
                if mask != 0 {
                    position &+= mask.trailingZeroBitCount >> 3
                    break
                }
                position &+= 8
            }
            guard position < count else {
                throw Failure(reason: .unexpected, offset: count, expected: "'\"' closing the string")
            }
            let byte = base[position]
            switch byte {
            case UInt8(ascii: "\""):
                return (position, escaped)
            case UInt8(ascii: "\\"):
                escaped = true
                position = try scanEscape(position)
            case 0x00..<0x20:
                throw Failure(
                    reason: .controlCharacter, offset: position,
                    expected: "a string character (control characters must be escaped)")
            case 0x80...:
                if options.validatesUTF8 {
                    position = try validateUTF8Sequence(position)
                } else {
                    position &+= 1
                }
            default:
                position &+= 1
            }
        }
    }

    /// High bit set in each byte of `word` that is `"`, `\`, below 0x20, or 0x80 and above. Bits
    /// above the first hit may be spurious (borrow), so only the lowest set bit is used.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let isQuote = (quote &- ones) & ~quote
        let isBackslash = (backslash &- ones) & ~backslash
        let isControl = word &- (ones &* 0x20)
        return (isQuote | isBackslash | isControl | word) & high
    }

    /// Validates the escape at `position` (a backslash); returns the position after it.
    func scanEscape(_ position: Int) throws(Failure) -> Int {
        guard position + 1 < count else {
            throw Failure(reason: .invalidEscape, offset: position + 1, expected: "an escape character after '\\'")
        }
        switch base[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return position + 2
        case UInt8(ascii: "u"):
            for index in position + 2..<position + 6 {
                guard index < count, JSONParser.hexValue(base[index]) != nil else {
                    throw Failure(reason: .invalidEscape, offset: index, expected: "four hex digits after '\\u'")
                }
            }
            return position + 6
        default:
            throw Failure(
                reason: .invalidEscape, offset: position + 1,
                expected: "one of '\"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u' after '\\'")
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
    func validateUTF8Sequence(_ position: Int) throws(Failure) -> Int {
        let lead = base[position]
        let length: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upperBound = 0x9F
        case 0xF0:
            length = 4
            lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upperBound = 0x8F
        default:
            throw Failure(reason: .invalidUTF8, offset: position, expected: "valid UTF-8")
        }
        guard position + length <= count else {
            throw Failure(reason: .invalidUTF8, offset: position, expected: "valid UTF-8")
        }
        let second = base[position + 1]
        guard second >= lowerBound, second <= upperBound else {
            throw Failure(reason: .invalidUTF8, offset: position, expected: "valid UTF-8")
        }
        for index in position + 2..<position + length where base[index] & 0xC0 != 0x80 {
            throw Failure(reason: .invalidUTF8, offset: position, expected: "valid UTF-8")
        }
        return position + length
    }
}

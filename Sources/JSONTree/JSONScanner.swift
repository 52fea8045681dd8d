/// The read-only half of the parser: validating scans over the input bytes. A small value the
/// hot loop keeps in registers (the parser's mutable state lives in locals of `JSONParser.run`).
struct JSONScanner {
    typealias Failure = JSONParser.Failure

    let base: UnsafePointer<UInt8>
    let count: Int
    let options: JSONParseOptions
    /// Whether string scans validate UTF-8: not when the options accept any bytes, nor when the
    /// vector pre-pass has already found the whole body valid (`JSONPrepass`).
    let checksUTF8: Bool

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
                let mask = JSONScanner.specialBytes(word, nonASCII: checksUTF8)
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
                // The one-letter escapes here; `\u` and errors in `scanEscape`.
                if position &+ 1 < count, JSONScanner.isShortEscape(base[position &+ 1]) {
                    position &+= 2
                } else {
                    position = try scanEscape(position)
                }
            case 0x00..<0x20:
                throw Failure(
                    reason: .controlCharacter, offset: position,
                    expected: "a string character (control characters must be escaped)")
            case 0x80...:
                if checksUTF8 {
                    position = try skipNonASCII(position)
                } else {
                    position &+= 1
                }
            default:
                position &+= 1
            }
        }
    }

    /// High bit set in each byte of `word` that is `"`, `\`, below 0x20, or (with `nonASCII`: the
    /// scan checks UTF-8 here) 0x80 and above. Bits above the first hit may be spurious (borrow),
    /// so only the lowest set bit is used.
    @inline(__always)
    static func specialBytes(_ word: UInt64, nonASCII: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let isQuote = (quote &- ones) & ~quote
        let isBackslash = (backslash &- ones) & ~backslash
        let below = word &- (ones &* 0x20)
        // Without `nonASCII`, a byte of 0x80 or more must not count as below 0x20.
        let isOther = nonASCII ? below | word : below & ~word
        return (isQuote | isBackslash | isOther) & high
    }

    /// Whether `byte` after a backslash makes a one-letter escape: `"` `/` `\` `b` `f` `n` `r` `t`
    /// (bit sets over 0x20–0x5F and 0x60–0x9F: no table to load).
    @inline(__always)
    static func isShortEscape(_ byte: UInt8) -> Bool {
        let punctuation: UInt64 = 1 << (0x22 - 0x20) | 1 << (0x2F - 0x20) | 1 << (0x5C - 0x20)
        let letters: UInt64 =
            1 << (0x62 - 0x60) | 1 << (0x66 - 0x60) | 1 << (0x6E - 0x60) | 1 << (0x72 - 0x60) | 1 << (0x74 - 0x60)
        let index = byte &- 0x20
        let set = index < 64 ? punctuation : letters
        return index < 128 && (set >> UInt64(index & 63)) & 1 != 0
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

    /// Validates the run of multi-byte characters at `start` (a byte of 0x80 or more) and returns
    /// the position after it. The common two- and three-byte sequences (Latin, Greek, Cyrillic,
    /// CJK) are checked in this loop; the others (E0, ED, four bytes, invalid) by
    /// `validateUTF8Sequence`, which also places every error (a string-heavy body: 30 % fewer
    /// instructions than a call per character).
    @inline(__always)
    func skipNonASCII(_ start: Int) throws(Failure) -> Int {
        var position = start
        while position < count {
            let lead = base[position]
            if lead < 0x80 { return position }
            if lead &- 0xC2 < 0x1E, position &+ 1 < count, base[position &+ 1] & 0xC0 == 0x80 {
                position &+= 2
            } else if lead &- 0xE1 < 0x0C || lead &- 0xEE < 2, position &+ 2 < count,
                base[position &+ 1] & 0xC0 == 0x80, base[position &+ 2] & 0xC0 == 0x80
            {
                position &+= 3
            } else {
                position = try validateUTF8Sequence(position)
            }
        }
        return position
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
